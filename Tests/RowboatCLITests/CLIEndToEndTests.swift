import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The real binary, end to end: fetch against the embedded demo and a
/// separately started demo server, config check and config import.
@Suite("rowboat CLI end to end")
struct CLIEndToEndTests {
    func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: true)
    }

    /// A demo-style YAML config pointing at `server`, with `extra` paging keys.
    func demoConfig(server: String, paging extra: String = "") throws -> String {
        let yaml = try String(contentsOfFile: Paths.demoYAML, encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server)")
            .replacingOccurrences(of: "      totalCount: datas.total", with: "      totalCount: datas.total\n\(extra)")
        return try Paths.write(yaml, name: "api.yaml")
    }

    @Test func fetchTwoPagesAsJSONLines() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--pages", "2", "--format", "jsonl")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let objects = try lines(r.stdout).map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.count == 60)
        #expect(objects.map { $0["id"] as? String } == (1...60).map { String($0) })
        #expect(objects[0]["title"] as? String == "Brass Lantern")
        #expect(objects[0]["price"] as? Double == 84.48)
    }

    @Test func fetchCSVHasAHeaderRow() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--format", "csv")
        #expect(r.status == 0)
        let rows = r.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "id,title,subtitle,image,price,rating,created,description,link,status")
        #expect(rows.count == 31)
        #expect(rows[1].hasPrefix("1,Brass Lantern,\"Warm tones, cool lines\",http://127.0.0.1:"))
    }

    @Test func fetchTableUsesTheEndpointsColumns() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--width", "80")
        #expect(r.status == 0)
        let rows = lines(r.stdout)
        #expect(rows.count == 31)
        #expect(rows[0].hasPrefix("Title "))
        #expect(rows[0].hasSuffix("Price  Date"))
        #expect(rows[1].hasPrefix("Brass Lantern "))
        // Money with the config's currency, grouped; the demo's dates are
        // recent, so they read relative.
        #expect(rows[1].hasSuffix("€84.48  1 h ago"))
    }

    @Test func fetchAllWalksToTheEndOfData() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--pages", "all", "--format", "tsv")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let rows = lines(r.stdout)
        #expect(rows.count == 1001)
        #expect(rows.last?.hasPrefix("1000\t") == true)
    }

    @Test func fetchAllStopsAtMaxPagesWithOneLine() async throws {
        let server = try await DemoServer.start(port: 0)
        let config = try demoConfig(server: server.baseURL, paging: "      maxPages: 3")
        let r = try await Subprocess.rowboat("fetch", "items", "--pages", "all", "--format", "json", "--config", config)
        #expect(r.status == 0)
        #expect(r.stderr == "rowboat: stopped after 3 pages (paging.maxPages)\n")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 90)
        await server.stop()
    }

    @Test func fetchSendsParamsAndRepeatedKeys() async throws {
        let server = try await DemoServer.start(port: 0)
        let config = try demoConfig(server: server.baseURL)
        // `limit` replaces the config's page size of 30.
        let r = try await Subprocess.rowboat("fetch", "items", "--param", "limit=5", "--param", "tag=a", "--param", "tag=b",
                                       "--format", "jsonl", "--config", config)
        await server.stop()
        #expect(r.status == 0)
        #expect(lines(r.stdout).count == 5)
    }

    @Test func fetchWithTheSamplePlist() async throws {
        let server = try await DemoServer.start(port: 0)
        let text = try String(contentsOfFile: Paths.samplePlist, encoding: .utf8)
            .replacingOccurrences(of: "http://127.0.0.1:8080", with: server.baseURL)
        let path = try Paths.write(text, name: "DataConfig.plist")
        let r = try await Subprocess.rowboat("fetch", "items", "--pages", "2", "--format", "jsonl", "--config", path)
        await server.stop()
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(lines(r.stdout).count == 40)   // the plist's limit=20
    }

    @Test func fetchFromAStoppedServerIsOneLine() async throws {
        let server = try await DemoServer.start(port: 0)
        let base = server.baseURL
        await server.stop()
        let config = try demoConfig(server: base)
        let r = try await Subprocess.rowboat("fetch", "items", "--format", "csv", "--config", config)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        let host = base.replacingOccurrences(of: "http://", with: "")
        // Refused, or reset when the stopped in-process listener still answers
        // the handshake; either way one line naming the host.
        let refused = "rowboat: network: connection refused by \(host)\n"
        let reset = "rowboat: network: connection reset by \(host)\n"
        #expect(r.stderr == refused || r.stderr == reset)
    }

    /// The embedded demo's port is $ROWBOAT_DEMO_PORT (else 28080): its
    /// image URLs carry it, the same every run.
    @Test func theEmbeddedDemosPortIsFixed() async throws {
        let port = try RefusingPort().port   // free now
        for _ in 0..<2 {
            let r = try await Subprocess.rowboat(environment: ["ROWBOAT_DEMO_PORT": String(port)],
                                                 ["fetch", "items", "--format", "jsonl"])
            #expect(r.status == 0 && r.stderr == "")
            let first = try #require(r.stdout.split(separator: "\n").first)
            #expect(first.contains("\"image\":\"http://127.0.0.1:\(port)/images/1.png\""))
        }
        let bad = try await Subprocess.rowboat(environment: ["ROWBOAT_DEMO_PORT": "99999"], ["fetch", "items"])
        #expect(bad.status == 1 && bad.stdout == "")
        #expect(bad.stderr == "rowboat: ROWBOAT_DEMO_PORT must be a port from 0 to 65535 (0 picks a free one), not \"99999\"\n")
    }

    @Test func fetchUnknownEndpointIsOneLine() async throws {
        let r = try await Subprocess.rowboat("fetch", "nope")
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "rowboat: no endpoint named \"nope\" (endpoints: items, categories, reviews, makers, live)\n")
    }

    /// The user passed no config: the error does not name the demo's file,
    /// and a near miss gets "did you mean".
    @Test func aMistypedEndpointGetsDidYouMean() async throws {
        for arguments in [["fetch", "itme"], ["--endpoint", "itme"]] {
            let r = try await Subprocess.rowboat(arguments)
            #expect(r.status == 1)
            #expect(r.stderr == "rowboat: no endpoint named \"itme\"; did you mean \"items\"? (endpoints: items, categories, reviews, makers, live)\n")
        }
    }

    /// With --config, the error names the file.
    @Test func anEndpointErrorNamesThePassedConfig() async throws {
        let r = try await Subprocess.rowboat("fetch", "itme", "--config", Paths.demoYAML)
        #expect(r.stderr == "rowboat: \(Paths.demoYAML): no endpoint named \"itme\"; did you mean \"items\"? (endpoints: items, categories, reviews, makers, live)\n")
    }

    /// Usage mistakes are one line with a pointer to the command's help,
    /// never the usage text; exit status 64.
    @Test(arguments: [
        (["--bogus"], "rowboat: Unknown option '--bogus' (see rowboat --help)\n"),
        (["fetch"], "rowboat: Missing expected argument '<key>' (see rowboat fetch --help)\n"),
        (["fetch", "items", "--format", "xml"],
         "rowboat: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json', 'jsonl', 'csv' or 'tsv'. (see rowboat fetch --help)\n"),
    ])
    func usageMistakesAreOneLine(arguments: [String], expected: String) async throws {
        let r = try await Subprocess.rowboat(arguments)
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr == expected)
    }

    @Test func configCheckOK() async throws {
        let r = try await Subprocess.rowboat("config", "check", Paths.demoYAML)
        #expect(r.status == 0)
        #expect(r.stdout == "\(Paths.demoYAML): ok (5 endpoints: items, categories, reviews, makers, live)\n")
        let two = try Paths.write("""
        server: http://x
        interfaces:
          a: {url: /a, item: {title: t}}
          b: {url: /b, item: {title: t}}
        """, name: "two.yaml")
        let r2 = try await Subprocess.rowboat("config", "check", two)
        #expect(r2.stdout == "\(two): ok (2 endpoints: a, b)\n")
        let p = try await Subprocess.rowboat("config", "check", Paths.samplePlist)
        #expect(p.stdout == "\(Paths.samplePlist): ok (1 endpoint: items)\n")
    }

    @Test(arguments: [
        // A typo'd key.
        ("""
        server: http://x
        interfaces:
          items:
            url: /a
            pagign: {style: page}
            item: {title: t}
        """, ":5:5: interfaces.items.pagign: unknown key \"pagign\"; did you mean \"paging\"?"),
        // A wrong type.
        ("""
        server: http://x
        communication:
          timeout: soon
        interfaces:
          items: {url: /a, item: {title: t}}
        """, ":3:12: communication.timeout: expected a number, found \"soon\""),
        // A missing required key.
        ("""
        server: http://x
        interfaces:
          items:
            url: /a
        """, ":4:5: interfaces.items: missing required key \"item\""),
    ])
    func configCheckFailing(yaml: String, expected: String) async throws {
        let path = try Paths.write(yaml, name: "bad.yaml")
        let r = try await Subprocess.rowboat("config", "check", path)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "rowboat: " + path + expected + "\n")
    }

    @Test func configImportPrintsYAMLThatChecksOK() async throws {
        let r = try await Subprocess.rowboat("config", "import", Paths.samplePlist)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix("# Rowboat config imported from DataConfig.plist"))
        #expect(r.stdout.contains("server: http://127.0.0.1:8080\n"))
        #expect(r.stdout.contains("      limit: 20\n"))
        let path = try Paths.write(r.stdout, name: "imported.yaml")
        let check = try await Subprocess.rowboat("config", "check", path)
        #expect(check.stdout == "\(path): ok (1 endpoint: items)\n")
    }

    /// A YAML config's import does not begin with the plist's "no paging
    /// or item mapping" note, which is not true of it.
    @Test func configImportOfYAMLSaysWhatItCopies() async throws {
        let r = try await Subprocess.rowboat("config", "import", Paths.demoYAML)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("""
            # Rowboat config imported from demo.yaml by `rowboat config import`.
            #
            # Its server, communication, localCache, interfaces and tabs with every

            """))
        #expect(!r.stdout.contains("plist"))
        let path = try Paths.write(r.stdout, name: "reimported.yaml")
        let check = try await Subprocess.rowboat("config", "check", path)
        #expect(check.stdout == "\(path): ok (5 endpoints: items, categories, reviews, makers, live)\n")
        let plist = try await Subprocess.rowboat("config", "import", Paths.samplePlist)
        #expect(plist.stdout.contains("\n# The plist has no paging or item mapping;"))
    }

    @Test func configImportOfABrokenPlistIsOneLine() async throws {
        let path = try Paths.write(plist("<key>sever</key><string>http://x</string>"), name: "DataConfig.plist")
        let r = try await Subprocess.rowboat("config", "import", path)
        #expect(r.status == 1)
        #expect(r.stderr == "rowboat: \(path): missing required key \"interface\" (the endpoints: key → {url, params})\n")
    }
}
