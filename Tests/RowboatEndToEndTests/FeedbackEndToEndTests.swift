import Foundation
import Testing

/// Links, the clipboard, the action sheet, clearing the cache and the mouse,
/// in the real binary against the demo server.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FeedbackEndToEndTests {
    func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    func isHighlighted(_ line: String?) -> Bool {
        guard let line else { return false }
        return line.contains("48;5;25")
    }

    @Test func openLinkRunsTheBrowserQuietlyAndTheScreenStaysWhole() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("opened").path
        let browser = dir.appendingPathComponent("browser").path
        // A browser that prints to stdout and stderr (which must not reach the
        // screen) and records what it was asked to open.
        try "#!/bin/sh\necho NOISE-ON-STDOUT\necho NOISE-ON-STDERR >&2\necho \"$1\" >> \(log)\n"
            .write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        let tmux = try TmuxSession(arguments: [], environment: ["BROWSER": browser])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("j", "o")
        let screen = try await tmux.waitForScreen { $0.contains("opening http://127.0.0.1:") }
        #expect(screen.contains("/api/items/2"))
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: log) { try await Task.sleep(for: .milliseconds(50)) }
        let opened = try String(contentsOfFile: log, encoding: .utf8)
        #expect(opened.hasPrefix("http://127.0.0.1:") && opened.hasSuffix("/api/items/2\n"))
        let after = try tmux.screen()
        #expect(!after.contains("NOISE"))
        #expect(after.contains("青花瓷茶杯 Teacup"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    @Test func actionSheetCopiesTheLinkIntoTheTmuxBuffer() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("a")
        try await tmux.waitForScreen { $0.contains("Open link in browser") && $0.contains("Copy link") }
        try tmux.send("j", "Enter")
        try await tmux.waitForScreen { $0.contains("copied the link (tmux and the terminal)") }
        let buffer = try tmux.tmux(["show-buffer"])
        #expect(buffer.hasPrefix("http://127.0.0.1:") && buffer.hasSuffix("/api/items/1"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// Y and a column: its value goes to the tmux buffer and, as OSC 52,
    /// to the terminal's own clipboard (what works over SSH).
    @Test func aColumnsValueIsCopiedToTheTerminalsClipboardToo() async throws {
        let tmux = try TmuxSession(arguments: [])
        let log = tmux.directory.appendingPathComponent("raw").path
        try tmux.logRawOutput(to: log)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("Y")
        try await tmux.waitForScreen { $0.contains("Copy Price") }
        // Y opens on "Copy Title"; two down is "Copy Price".
        try tmux.send("j", "j", "Enter")
        try await tmux.waitForScreen { $0.contains("copied Price (tmux and the terminal)") }
        #expect(try tmux.tmux(["show-buffer"]) == "€84.48")
        let raw = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(raw.contains("\u{1B}]52;c;" + Data("€84.48".utf8).base64EncodedString() + "\u{07}"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// Something else writes over the screen (a stray program on the same
    /// terminal): Ctrl-L draws it all again.
    @Test func ctrlLRedrawsWhatWasWrittenOver() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        let tty = try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try "\u{1B}[5;5HGARBAGE-OVER-THE-LIST".write(toFile: tty, atomically: false, encoding: .utf8)
        try await tmux.waitForScreen { $0.contains("GARBAGE-OVER-THE-LIST") }
        try tmux.send("j")   // a key that redraws only what changed leaves the garbage
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "青花瓷茶杯 Teacup", in: $0)) }
        #expect(try tmux.screen().contains("GARBAGE"))
        try tmux.send("C-l")
        // The whole list again (a capture may fall in the middle of the repaint: waited for, not taken once).
        let clean = try await tmux.waitForScreen {
            !$0.contains("GARBAGE") && $0.contains("Brass Lantern") && $0.contains("Copper Telescope 4")
        }
        #expect(!clean.contains("GARBAGE"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func clearCacheAsksWithSizesAndClearsOnYes() async throws {
        let tmux = try TmuxSession(arguments: ["--mode", "cache-else-network"])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("C")
        let dialog = try await tmux.waitForScreen { $0.contains("Clear the cache?") }
        #expect(dialog.contains("responses") && dialog.contains("in 1 pages"))
        try tmux.send("n")
        try await tmux.waitForScreen { !$0.contains("Clear the cache?") }
        try tmux.send("C")
        try await tmux.waitForScreen { $0.contains("Clear the cache?") }
        try tmux.send("y")
        try await tmux.waitForScreen { $0.contains("cache cleared ·") && $0.contains("freed") }
        try tmux.send("C")
        let empty = try await tmux.waitForScreen { $0.contains("Clear the cache?") }
        #expect(empty.contains("0 B in 0 pages"))
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// tmux passes X10 mouse reports (ESC [ M, button+32, column+33, row+33)
    /// typed into the pane to the program, like a real terminal would.
    func report(_ button: Int, x: Int, y: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x)))
            + String(UnicodeScalar(UInt8(33 + y)))
    }

    /// A click is a press (button 0) then a release (3); the wheel is one report.
    func mouse(_ button: Int, x: Int, y: Int) -> String {
        button == 0 ? report(0, x: x, y: y) + report(3, x: x, y: y) : report(button, x: x, y: y)
    }

    /// The screen row that shows `text`, read off the rendered frame.
    func row(of text: String, in screen: String) throws -> Int {
        try #require(screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) })
    }

    @Test func clickSelectsClickAgainOpensAndTheWheelMoves() async throws {
        let tmux = try TmuxSession(arguments: [])
        let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        let fourth = try row(of: "Copper Telescope 4", in: screen)
        try tmux.tmux(["send-keys", "-t", tmux.name, "-l", mouse(0, x: 10, y: fourth)])
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Copper Telescope 4", in: $0)) }
        try tmux.tmux(["send-keys", "-t", tmux.name, "-l", mouse(64 + 1, x: 10, y: fourth)])     // wheel down
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Copper Telescope 5", in: $0)) }
        try tmux.tmux(["send-keys", "-t", tmux.name, "-l", mouse(0, x: 10, y: try row(of: "Copper Telescope 5", in: screen))])
        let detail = try await tmux.waitForScreen { $0.contains("esc back") }
        #expect(detail.contains("Copper Telescope 5"))
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("before") == tmux.file("after"))
    }

    /// SGR reports (ESC [ < b ; x ; y M, what a terminal sends once mode
    /// 1006 is asked for, and the only encoding past column 223): a click
    /// selects the row under it and the wheel moves — never keys (before,
    /// its digits switched tabs and its M marked every row).
    @Test func sgrMouseReportsAreClicksNotKeys() async throws {
        let tmux = try TmuxSession(arguments: [], columns: 260, rows: 30)
        let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        let fourth = try row(of: "Copper Telescope 4", in: screen)
        func sgr(_ button: Int, x: Int, y: Int, release: Bool = false) -> String {
            "\u{1B}[<\(button);\(x + 1);\(y + 1)" + (release ? "m" : "M")
        }
        // A click at column 240: past what X10 can say.
        try tmux.tmux(["send-keys", "-t", tmux.name, "-l", sgr(0, x: 240, y: fourth) + sgr(0, x: 240, y: fourth, release: true)])
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Copper Telescope 4", in: $0)) }
        try tmux.tmux(["send-keys", "-t", tmux.name, "-l", sgr(65, x: 10, y: fourth)])
        let after = try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Copper Telescope 5", in: $0)) }
        // Still the first tab, nothing marked, no toast of a key.
        #expect(!after.contains("marked") && after.contains("items ·"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }
}
