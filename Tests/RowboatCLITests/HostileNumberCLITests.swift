import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// `rowboat fetch` on the hostile server's numbers (issue #28): every
/// format prints integers past 64 bits with their digits and 1e400 as
/// written, and `--pages all` walks cursors and `search_after` values the
/// server only accepts back exactly as it wrote them.
@Suite("rowboat fetch keeps numbers exact", .serialized, .timeLimit(.minutes(2)))
struct HostileNumberCLITests {
    static func config(_ server: HostileServer) throws -> String {
        let text = try String(contentsOf: Paths.root.appendingPathComponent("Config/hostile.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8090", with: "server: \(server.baseURL)")
        return try Paths.write(text, name: "hostile-numbers.yaml")
    }

    @Test(arguments: ["table", "csv", "tsv", "jsonl", "json"])
    func everyFormatPrintsTheDigits(format: String) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await Subprocess.rowboat("fetch", "numbers-big", "--config", try Self.config(server), "--format", format)
        #expect(r.status == 0, "\(format): \(r.stderr)")
        #expect(r.stderr == "")
        for id in HostileNumberRoutes.ids { #expect(r.stdout.contains(id), "\(format): \(id) in\n\(r.stdout)") }
        for lossy in ["1.8446744073709552e+19", "1.2345678901234568e+22", "e+19", "e+22"] {
            #expect(!r.stdout.contains(lossy), "\(format): \(lossy) in\n\(r.stdout)")
        }
        // The table shows the configured columns (the title holds the id); the others every field.
        if format != "table" { #expect(r.stdout.contains("1e400")) }
        if format == "jsonl" || format == "json" {
            // Numbers stay numbers: the digits are not quoted.
            #expect(r.stdout.contains("\"count\":18446744073709551615") || r.stdout.contains("\"count\": 18446744073709551615"),
                    "\(r.stdout)")
            #expect(r.stdout.contains("\"price\":1e400") || r.stdout.contains("\"price\": 1e400"), "\(r.stdout)")
        }
    }

    @Test(arguments: [("numbers-cursor", 6), ("numbers-search-after", 4), ("numbers-last-id", 3)])
    func allPagesComeWhenEveryValueGoesBackExactly(key: String, items: Int) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await Subprocess.rowboat("fetch", key, "--pages", "all", "--format", "jsonl",
                                             "--config", try Self.config(server))
        #expect(r.status == 0, "\(key): \(r.stderr)")
        #expect(r.stderr == "", "\(key)")
        #expect(r.stdout.split(separator: "\n").count == items, "\(key): \(r.stdout)")
    }
}
