import Foundation
import RowboatDemo
import RowboatTestSupport
import Testing

/// Live lists and the columns panel in the real binary: new rows of a live
/// endpoint appear on top while the selection stays on its item; a column
/// hidden in the panel stays hidden after a restart, and the config's
/// columns come back with one key.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LiveColumnsEndToEndTests {
    /// Config/demo.yaml pointed at `server`, its live feed and refresh every second.
    func liveConfig(_ server: CountedDemoServer, in directory: URL) throws -> String {
        let text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
            .replacingOccurrences(of: "params: {every: 5}", with: "params: {every: 1}")
            .replacingOccurrences(of: "refresh: {every: 5s}", with: "refresh: {every: 1s}")
        let path = directory.appendingPathComponent("live.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The highlighted row's text (the selection's background, 256-colour 25).
    func selected(_ escaped: String) -> String? {
        escaped.split(separator: "\n").first { $0.contains("48;5;25") }
            .map { $0.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func newRowsAppearOnTopWhileTheSelectionStaysPut() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tmux = try TmuxSession(arguments: ["--config", try liveConfig(server, in: dir), "--endpoint", "live"],
                                   columns: 100, rows: 24)
        try await tmux.waitForScreen { $0.contains("live 1 s") && $0.contains("#1 ") }
        try tmux.send("j", "j")
        let before = try await tmux.waitForScreen(escapes: true) { self.selected($0)?.hasPrefix("#") == false }
        let item = try #require(selected(before)?.split(separator: " ").prefix(3).joined(separator: " "))
        let count = server.requestCount(path: "/api/live")
        // Ticks bring new listings: marked + on top, counted in the status bar.
        let after = try await tmux.waitForScreen(escapes: true) {
            $0.contains("+ ") && $0.contains(" new") && ($0.split(separator: "\n").filter { $0.contains("+ ") }.count >= 2)
        }
        #expect(selected(after)?.hasPrefix(item) == true, "the selection moved: \(selected(after) ?? "none") for \(item)")
        // Brought by ticks (one may bring two listings, when the machine is slow).
        #expect(server.requestCount(path: "/api/live") > count)
        // Paused, the ticks stop (and the requests with them).
        try tmux.send("t")
        try await tmux.waitForScreen { $0.contains("live paused") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        await server.stop()
    }

    @Test func aHiddenColumnStaysHiddenAfterARestart() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        func header(_ screen: String) -> String { screen.split(separator: "\n").dropFirst().first.map(String.init) ?? "" }
        do {
            let tmux = try TmuxSession(arguments: [], columns: 100, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            var screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            #expect(header(screen).contains("Subtitle"))
            try tmux.send("c")
            try await tmux.waitForScreen { $0.contains("Columns of Items") && $0.contains("○ rating") }
            try tmux.send("j", "Space", "Escape")
            screen = try await tmux.waitForScreen { !$0.contains("Columns of Items") }
            #expect(!header(screen).contains("Subtitle") && header(screen).contains("Title"))
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
            #expect(tmux.file("stderr").isEmpty)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: state.path + "/rowboat")
        #expect(files.count == 1 && files[0].hasPrefix("columns-"))
        do {
            let tmux = try TmuxSession(arguments: [], columns: 100, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            #expect(!header(screen).contains("Subtitle"), "\(header(screen))")
            // r in the panel: the config's columns again, and nothing kept.
            try tmux.send("c", "r", "Escape")
            let restored = try await tmux.waitForScreen { !$0.contains("Columns of Items") && $0.contains("Subtitle") }
            #expect(header(restored).contains("Subtitle"))
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
        }
        let kept = try String(contentsOfFile: state.path + "/rowboat/" + files[0], encoding: .utf8)
        #expect(kept == #"{"endpoints":{},"version":1}"#)
    }
}
