import Foundation
import Testing

/// Config/streams.yaml's Ticker tab (a WebSocket) in the real binary
/// against `rowboat demo-server`: after its subscribe, the six symbols'
/// rows arrive and update in place ("connected"); the server going away is
/// "reconnecting in N s", and once a server listens on the port again the
/// rows move again.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct WebSocketEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    func line(_ symbol: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(" \(symbol) ") || $0.hasPrefix(symbol) }.map(String.init)
    }

    @Test func tickerRowsArriveAndComeBackAfterTheServerRestarts() async throws {
        let server = try await DemoServer()
        let port = try #require(server.baseURL.split(separator: ":").last.map(String.init))
        let config = try APIShapesEndToEndTests().config("streams.yaml", server: server,
                                                         edits: [("params: {every: 250}", "params: {every: 50}")])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 100)
        try await tmux.waitForScreen { $0.contains("Market") && $0.contains("Ticker") }
        try tmux.send("3")
        try await tmux.waitForScreen { screen in
            screen.contains("ticker · 6/6") && screen.contains("connected")
                && ["ACME", "BOLT", "CRAB", "DUNE", "ECHO", "FERN"].allSatisfy { screen.contains($0) } && !screen.contains("GALE")
        }
        // The server stops: the socket closes, and connecting again is refused.
        try server.pane.send("C-c")
        let away = try await tmux.waitForScreen { $0.contains("ticker · 6/6") && $0.contains("reconnecting in") }
        let frozen = line("ACME", in: away)
        // A server on the same port again: the next try connects and ACME's row moves.
        let again = try TmuxSession(arguments: ["demo-server", "--port", port], columns: 200, rows: 5)
        try await again.waitForScreen { $0.contains("listening on http://127.0.0.1:\(port)") }
        try await tmux.waitForScreen(timeout: 60) { screen in
            screen.contains("connected") && line("ACME", in: screen) != frozen && screen.contains("ticker · 6/6")
        }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }
}
