import Foundation
import Testing

/// `keys:` and `theme:` in the real binary: a config that rebinds keys and
/// picks the light theme, against `rowboat demo-server` in a pane of its own.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KeysThemeEndToEndTests {
    /// `rowboat demo-server --port 0` in a tmux pane, and its base URL.
    final class DemoServer {
        let pane: TmuxSession
        let baseURL: String

        init() async throws {
            pane = try TmuxSession(arguments: ["demo-server", "--port", "0"], columns: 200, rows: 5)
            let screen = try await pane.waitForScreen { $0.contains("listening on http://127.0.0.1:") }
            guard let match = screen.firstMatch(of: /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/) else {
                throw POSIXError(.ECONNREFUSED)
            }
            baseURL = String(match.1)
        }

        /// Config/demo.yaml pointed at this server, with `extra` appended.
        func config(_ extra: String) throws -> String {
            let text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
                .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(baseURL)")
            let path = pane.directory.appendingPathComponent("keys-\(UUID().uuidString.prefix(6)).yaml").path
            try (text + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    static let rebound = """
    keys:
      moveDown: [down, e]
      quit: Q
    theme: light
    """

    func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// The selection's background: 26 in the light theme, 25 in the default one.
    func selected(_ text: String, background: Int, in screen: String) -> Bool {
        line(containing: text, in: screen)?.contains("48;5;\(background)") ?? false
    }

    @Test func aReboundKeyMovesTheOldOneDoesNotAndHelpSaysSo() async throws {
        let server = try await DemoServer()
        let tmux = try TmuxSession(arguments: ["--config", try server.config(Self.rebound)])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        var screen = try tmux.screen(escapes: true)
        #expect(selected("Brass Lantern", background: 26, in: screen))
        // j no longer moves; e does (once: the second row, not the fourth).
        // ? opens help after them: once help shows, every key before it was handled.
        try tmux.send("j", "j", "e", "?")
        let help = try await tmux.waitForScreen { $0.contains("any key closes") }
        let moveDown = try #require(line(containing: "move down", in: help))
        #expect(moveDown.contains("↓ e"))
        #expect(line(containing: "quit", in: help)?.contains("Q") == true)
        try tmux.send("q")
        screen = try await tmux.waitForScreen(escapes: true) { !$0.contains("any key closes") }
        #expect(selected("青花瓷茶杯", background: 26, in: screen))
        #expect(!selected("Brass Lantern", background: 26, in: screen))
        #expect(!selected("Rocket", background: 26, in: screen))
        // q no longer quits: the e after it still moves the selection.
        try tmux.send("q", "e")
        try await tmux.waitForScreen(escapes: true) { selected("Rocket", background: 26, in: $0) }
        #expect(tmux.file("exit").isEmpty)
        try tmux.send("Q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        #expect(tmux.file("before") == tmux.file("after"))
    }

    @Test func theThemeFlagBeatsTheConfigAndNoColorBeatsBoth() async throws {
        let server = try await DemoServer()
        let config = try server.config(Self.rebound)
        let flagged = try TmuxSession(arguments: ["--config", config, "--theme", "default"])
        let screen = try await flagged.waitForScreen(escapes: true) { $0.contains("ready") && $0.contains("Brass Lantern") }
        #expect(selected("Brass Lantern", background: 25, in: screen))
        try flagged.send("Q")
        #expect(await flagged.waitForExit() == 0)

        let plain = try TmuxSession(arguments: ["--config", config, "--theme", "light"], environment: ["NO_COLOR": "1"])
        let mono = try await plain.waitForScreen(escapes: true) { $0.contains("ready") && $0.contains("Brass Lantern") }
        let row = try #require(line(containing: "Brass Lantern", in: mono))
        #expect(row.hasPrefix("\u{1B}[7m") || row.hasPrefix("\u{1B}[0;7m"))
        #expect(!mono.contains("48;5;"))
        try plain.send("Q")
        #expect(await plain.waitForExit() == 0)
    }
}
