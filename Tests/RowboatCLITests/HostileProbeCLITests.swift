import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// `config probe` against servers that answer badly: HTML, 401, a
/// redirect loop, an endless body are one line and no draft; pages that
/// change shape or repeat the first are never written as paging; keys and
/// values made to break YAML stay text in a draft `config check` accepts;
/// Retry-After is waited out; the request count never passes the bound.
@Suite("config probe against the hostile server", .serialized, .timeLimit(.minutes(2)))
struct HostileProbeCLITests {
    func probe(_ server: HostileServer, _ path: String, _ arguments: [String] = [],
               environment: [String: String] = [:]) async throws -> Subprocess.Result {
        try await Subprocess.rowboat(environment: environment, ["config", "probe", server.baseURL + path] + arguments)
    }

    @Test func badAnswersAreOneLineAndNoDraft() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let html = try await probe(server, "/body/html")
        #expect(html.status == 1 && html.stdout == "")
        #expect(html.stderr.hasPrefix("rowboat: the response is not JSON (text/html; charset=utf-8): "))
        let key = try await probe(server, "/probe/needs-key")
        #expect(key.status == 1 && key.stdout == "")
        #expect(key.stderr == "rowboat: HTTP 401 from \(server.baseURL)/probe/needs-key: the server wants credentials (give them with --header, e.g. --header 'Authorization: Bearer ${TOKEN}')\n")
        let loop = try await probe(server, "/redirect/loop")
        #expect(loop.status == 1 && loop.stdout == "")
        #expect(loop.stderr.hasPrefix("rowboat: ") && loop.stderr.contains("redirect"))
        let endless = try await probe(server, "/body/endless")
        #expect(endless.status == 1 && endless.stdout == "")
        #expect(endless.stderr.hasPrefix("rowboat: ") && endless.stderr.contains("larger than"), "\(endless.stderr)")
        for r in [html, key, loop, endless] { #expect(r.stderr.split(separator: "\n").count == 1) }
        #expect(server.requestCount(path: "/probe/needs-key") == 1)
        #expect(server.requestCount(path: "/body/html") == 1)
    }

    /// The key given as `${NAME}` is sent, and the draft reads that name.
    @Test func aKeyGivenAsAVariableIsReadFromItInTheDraft() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let environment = ["HOSTILE_KEY": HostileProbeRoutes.apiKey]
        let r = try await probe(server, "/probe/needs-key", ["--header", "X-Api-Key: ${HOSTILE_KEY}"], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains(HostileProbeRoutes.apiKey))
        #expect(r.stdout.contains("# Set HOSTILE_KEY in the environment before you use this file.\nauth:\n  type: apiKey\n  in: header\n  name: X-Api-Key\n  value: \"${HOSTILE_KEY}\"\n"))
        let path = try Paths.write(r.stdout, name: "needs-key.yaml")
        #expect(try await Subprocess.rowboat(environment: environment, ["config", "check", path]).status == 0)
        let unset = try await Subprocess.rowboat(environment: [:], ["config", "check", path])
        #expect(unset.status == 1 && unset.stderr.contains("environment variable HOSTILE_KEY is not set"))
    }

    /// Page 2 of another shape, or the first page again: the guess is
    /// dropped, the draft asks for one page and says why, within the bound.
    @Test(arguments: [("/probe/shape-change", "page 2 does not read as the first did"),
                      ("/probe/repeat-first", "page 2 repeated the first page")])
    func anUnverifiedGuessIsNeverWritten(path: String, why: String) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await probe(server, path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("# Tried and dropped: page ("), "\(r.stdout)")
        #expect(r.stdout.contains(why), "\(r.stdout)")
        #expect(r.stdout.contains("      style: none"))
        #expect(!r.stdout.contains("      style: page"))
        #expect(r.stderr.hasPrefix("rowboat: paging not verified (page (\(why)") && r.stderr.hasSuffix("): the draft asks for one page\n"),
                "\(r.stderr)")
        #expect(server.requestCount(path: path) <= 6)
        let bounded = try await probe(server, path, ["--max-requests", "2"])
        #expect(bounded.status == 0)
        #expect(server.requestCount(path: path) <= 6 + 3)
        let none = try await probe(server, path, ["--max-requests", "0"])
        #expect(none.status == 0)
        #expect(server.requestCount(path: path) <= 6 + 3 + 1)
    }

    /// Keys and values with quotes, colons, newlines, anchors, aliases, `#`
    /// and `${…}`: the draft's structure holds, nothing is expanded, and the
    /// fetched rows hold the server's text exactly.
    @Test func nastyKeysStayTextInTheDraft() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await probe(server, "/probe/nasty-keys")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("  injected") || $0.hasPrefix("injected") })
        let path = try Paths.write(r.stdout, name: "nasty.yaml")
        let check = try await Subprocess.rowboat(environment: [:], ["config", "check", path])
        #expect(check.status == 0, "\(check.stderr)")
        let key = try #require(r.stdout.firstMatch(of: /\ninterfaces:\n  ([^:]+):/)).1
        let fetch = try await Subprocess.rowboat(environment: [:], ["fetch", String(key), "--format", "jsonl", "--config", path])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let first = try #require(fetch.stdout.split(separator: "\n").first)
        let row = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect((row["title"] as? String) == Sanitizer(HostileProbeRoutes.nasty + " 1"))
    }

    /// A 429 with Retry-After is waited out, and the wait's request counts.
    @Test func retryAfterIsWaitedOut() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await probe(server, "/retry/429?fails=1&after=1&key=probe", ["--max-requests", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Retried"))
        #expect(server.requestCount(path: "/retry/429") == 2)
    }

    /// What fetch prints for `text`: line breaks as spaces.
    func Sanitizer(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}
