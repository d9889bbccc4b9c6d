import Foundation
import RowboatDemo
import RowboatTestSupport
import Testing

/// Refresh keeps the selected row beyond the first page, in the real
/// binary (issue #35): row 71 of the demo's items (page 3 of 30 a page)
/// selected, `r` loads pages until it is found and it stays selected.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct RefreshSelectionEndToEndTests {
    /// The highlighted row's text (the selection's background, 256-colour 25).
    func selected(_ escaped: String) -> String? {
        escaped.split(separator: "\n").first { $0.contains("48;5;25") }
            .map { $0.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func refreshKeepsRowSeventyOneSelected() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("demo.yaml").path
        try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(arguments: ["--config", config, "--endpoint", "items"], columns: 100, rows: 24)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        // Down to row 71 (the demo's titles end in their number); a move
        // past the loaded rows waits for the next page, so a step at a time.
        var before = ""
        for _ in 0..<80 {
            try tmux.send("j")
            before = try await tmux.waitForScreen(escapes: true) { $0.contains("ready") && self.selected($0) != nil }
            if selected(before)?.contains(" 71 ") == true { break }
        }
        // Every key taken (the help screen, asked for after them, is the barrier).
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("Keys") }
        try tmux.send("Escape")
        before = try await tmux.waitForScreen(escapes: true) { !$0.contains("Keys") && self.selected($0) != nil }
        let item = try #require(selected(before))
        let count = server.requestCount(path: "/api/items")
        try tmux.send("r")
        // Pages 1, 2 and 3 again, then the same item selected, the list ready.
        let after = try await tmux.waitForScreen(escapes: true) {
            server.requestCount(path: "/api/items") >= count + 3 && $0.contains("ready") && !$0.contains("refreshing")
        }
        #expect(selected(after) == item, "the selection moved: \(selected(after) ?? "none") for \(item)")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        await server.stop()
    }
}
