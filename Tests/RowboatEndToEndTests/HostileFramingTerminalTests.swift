import Foundation
import Testing

/// The TUI on the smaller cases of issue #28, in tmux: a link list whose
/// server sends no Link header says so once in the status bar, and an
/// empty NDJSON body is an empty list (not an error).
@Suite("Hostile server in a terminal: no Link header, empty NDJSON", .serialized, .timeLimit(.minutes(3)))
struct HostileFramingTerminalTests {
    typealias H = HostileTerminal

    func quit(_ tmux: TmuxSession) async throws {
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty, "stderr: \(tmux.file("stderr"))")
    }

    @Test func noLinkHeaderIsSaidOnceInTheStatusBar() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("no-link", on: server, log: log, columns: 140)
        let screen = try await tmux.waitForScreen(timeout: 45) { $0.contains("No link 1-10") }
        #expect(screen.contains(#"no next page: the server sent no Link header with rel="next""#), "\(screen)")
        try await quit(tmux)
    }

    @Test func anEmptyNDJSONBodyIsAnEmptyList() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("ndjson-empty", on: server, log: log)
        let screen = try await tmux.waitForScreen(timeout: 45) { $0.contains("all loaded") || $0.contains("Could not load") }
        #expect(!screen.contains("Could not load") && !screen.contains("empty response"), "\(screen)")
        try await quit(tmux)
    }
}
