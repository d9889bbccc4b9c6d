import Foundation
import Testing

/// Config/streams.yaml in the real binary against `rowboat demo-server`:
/// the market's SSE rows arrive and update in place, the status bar says
/// connected, reconnecting in N s (the server's retry:) and paused (t), a
/// reconnect resumes after the last event (Last-Event-ID), and the rows an
/// event changed are marked (`*`, "N changed").
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StreamsEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    @Test func marketRowsArriveReconnectAndPause() async throws {
        let server = try await DemoServer()
        // 25 events a connection, 20 ms apart; then the response ends and the client reconnects after 2 s.
        let config = try APIShapesEndToEndTests().config("streams.yaml", server: server,
                                                         edits: [("params: {every: 200}", "params: {every: 20, count: 25, retry: 2000}")])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 100)
        try await tmux.waitForScreen { $0.contains("ACME") && $0.contains("market · ") && $0.contains("connected") }
        // All 20 symbols, each once: event 21 (ACME again) updated its row in place.
        try await tmux.waitForScreen { $0.contains("market · 20/20") && $0.contains("reconnecting in 2 s") }
        // The next connection resumes at event 26: the server got Last-Event-ID 25. What changed
        // is marked: `*` in the gutter of FERN's row (its price and event number), summed up below.
        let resumed = try await tmux.waitForScreen { screen in
            screen.split(separator: "\n").contains { $0.contains("FERN") && $0.hasSuffix(" 26") && $0.hasPrefix("*") }
                && screen.contains(" changed")
        }
        #expect(!resumed.contains("load more"))
        try tmux.send("t")
        try await tmux.waitForScreen { $0.contains("market · 20/20") && $0.contains("paused") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    /// `notify:` rules send a terminal notification: the market with a
    /// rule on a price changing and `via: osc9` sends OSC 9 through tmux's
    /// passthrough, seen in the raw output (pipe-pane), its text the row's.
    @Test func aChangedPriceSendsATerminalNotification() async throws {
        let server = try await DemoServer()
        let config = try APIShapesEndToEndTests().config("streams.yaml", server: server, edits: [
            ("params: {every: 200}", "params: {every: 20, count: 25, retry: 2000}"),
            ("interfaces:\n", "notifications: {via: osc9, every: 1s}\ninterfaces:\n"),
            ("    stream:\n      mode: upsert", "    notify:\n      - {on: change, field: price, text: \"${item.title} now ${item.price}\"}\n"
                + "    stream:\n      mode: upsert"),
        ])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 100)
        let log = server.pane.directory.appendingPathComponent("notify-raw.log").path
        try tmux.logRawOutput(to: log)
        try await tmux.waitForScreen { $0.contains("market · 20/20") && $0.contains("reconnecting in 2 s") }
        // Events 21–25 changed five prices: OSC 9 inside tmux's passthrough (each ESC doubled), naming
        // the newest change of its batch (which one depends on how the events were batched).
        let sequence = /\x{1B}Ptmux;\x{1B}\x{1B}\]9;Market: [A-Z][a-z]+ Holdings now [0-9]/
        var raw = ""
        for _ in 0..<200 where !raw.contains(sequence) {
            raw = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(raw.contains(sequence), "\(raw.suffix(400).debugDescription)")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// `via: notify-send` runs the desktop's notify-send with the title and
    /// the text as two arguments (a stand-in on PATH records them: no
    /// desktop runs here).
    @Test func notifySendGetsTheTitleAndTheText() async throws {
        let server = try await DemoServer()
        let dir = server.pane.directory.path
        let record = dir + "/notify-send.args"
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \(TmuxSession.quote(record))\n"
            .write(toFile: bin + "/notify-send", atomically: true, encoding: .utf8)
        chmod(bin + "/notify-send", 0o755)
        let config = try APIShapesEndToEndTests().config("streams.yaml", server: server, edits: [
            ("params: {every: 200}", "params: {every: 20, count: 25, retry: 2000}"),
            ("interfaces:\n", "notifications: {via: notify-send, every: 1s}\ninterfaces:\n"),
            ("    stream:\n      mode: upsert", "    notify:\n      - {on: change, field: price, text: \"${item.title} now ${item.price}\"}\n"
                + "    stream:\n      mode: upsert"),
        ])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 100,
                                   environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        try await tmux.waitForScreen { $0.contains("market · 20/20") }
        var args = ""
        // (Which company a notification names first depends on how the events were batched: any will do.)
        for _ in 0..<200 where !args.contains(" Holdings now ") {
            args = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let lines = args.split(separator: "\n").map(String.init)
        #expect(lines.first == "--app-name=Rowboat" && lines.dropFirst().first == "Market", "\(args)")
        #expect(lines.dropFirst(2).first?.contains(/^[A-Z][a-z]+ Holdings now [0-9]+\.[0-9]+/) == true, "\(args)")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }
}
