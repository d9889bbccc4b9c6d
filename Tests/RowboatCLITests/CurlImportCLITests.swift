import Foundation
import RowboatDemo
import Testing

/// `rowboat config import --curl`, the real binary against the demo
/// server: the pasted request is probed and drafted as a URL is, its
/// credential written as a variable (never its value), and a hostile
/// command — `$(…)`, backticks, `;` — is text: nothing is ever run.
@Suite struct CurlImportCLITests {
    @Test func aPastedCommandBecomesAVerifiedDraft() async throws {
        let server = try await DemoServer.start(port: 0)
        let command = """
            curl -sS '\(server.baseURL)/api/items?limit=5' \\
              -H 'Authorization: Bearer s3cr3t-token-value' \\
              -H 'Accept: application/json' --compressed
            """
        let r = try await Subprocess.rowboat("config", "import", "--curl", command)
        await server.stop()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("url: /api/items"))
        #expect(r.stdout.contains("# Verified: paging page"))
        #expect(r.stdout.contains("token: \"${API_TOKEN}\""))
        #expect(r.stdout.contains("Set API_TOKEN in the environment"))
        #expect(!r.stdout.contains("s3cr3t") && !r.stderr.contains("s3cr3t"))
    }

    @Test func substitutionsAndSeparatorsAreNeverRun() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-curl-\(getpid())").path
        let server = try await DemoServer.start(port: 0)
        let url = "\(server.baseURL)/api/items?limit=5"
        for command in [
            "curl '\(url)' $(touch \(marker))",
            "curl '\(url)' `touch \(marker)`",
            "curl '\(url)'; touch \(marker)",
            "curl '\(url)' && touch \(marker)",
        ] {
            let r = try await Subprocess.rowboat("config", "import", "--curl", command)
            #expect(r.status == 1, "\(command)")
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix("rowboat: --curl: the curl command has more than one URL") && r.stderr.hasSuffix(
                "nothing in it is run by a shell\n"), "\(r.stderr)")
        }
        // Inside quotes they are part of a value, sent as written (a header the server ignores).
        let quoted = try await Subprocess.rowboat("config", "import", "--curl",
                                                  "curl '\(url)' -H \"X-Note: $(touch \(marker)); `touch \(marker)`\"")
        await server.stop()
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func usageMistakes() async throws {
        let both = try await Subprocess.rowboat("config", "import", "api.yaml", "--curl", "curl http://x")
        #expect(both.status == 64 && both.stderr.hasPrefix("rowboat: give one of a file, --curl or --har"))
        let none = try await Subprocess.rowboat("config", "import")
        #expect(none.status == 64 && none.stderr.hasPrefix("rowboat: give a file to import, --curl 'curl …' or --har FILE"))
        let bad = try await Subprocess.rowboat("config", "import", "--curl", "curl 'http://x")
        #expect(bad.status == 1 && bad.stderr == "rowboat: --curl: a single quote is not closed\n")
    }
}
