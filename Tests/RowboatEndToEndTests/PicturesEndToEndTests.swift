import Foundation
import RowboatTestSupport
import Testing

/// Pictures in pixels at the byte level, in a real terminal (tmux, every
/// byte the program writes logged with `pipe-pane`): with `--images sixel`
/// or `kitty` (tmux itself draws neither, and `TMUX` is cleared so Rowboat
/// writes them as to the terminal outside), the log holds our encoder's
/// sequences only, each right after a move to a card's thumbnail cell,
/// never inside text; kitty placements of cards that scrolled away or went
/// under the help box are deleted; inside tmux with `allow-passthrough`
/// kitty placeholders go through wrapped and nothing else does; NO_COLOR
/// sends none.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct PicturesEndToEndTests {
    func badges(_ screen: String) -> [Character] {
        screen.split(separator: "\n").flatMap { line in
            line.split(separator: " ").compactMap { w -> Character? in w.count == 1 && "✓◌⇣✗".contains(w.first!) ? w.first : nil }
        }
    }

    func start(_ images: String, log: String, environment: [String: String] = [:]) throws -> TmuxSession {
        // The log starts before rowboat; then TMUX is cleared for rowboat alone.
        let script = "tmux pipe-pane -o 'cat >> \(log)'; export TMUX=; exec \"$0\" \"$@\""
        return try TmuxSession(arguments: ["--images", images], columns: DemoGrid.columns, rows: DemoGrid.rows,
                               environment: environment, wrapper: ["sh", "-c", script])
    }

    /// Waits (polling the log, the visible effect) until `predicate` holds.
    func waitForLog(_ log: String, timeout: Double = 60, _ predicate: (PictureBytes) -> Bool) async throws -> PictureBytes {
        var last = PictureBytes([])
        if let matched = await eventuallyValue(timeout: timeout, every: 0.1, { () -> PictureBytes? in
            last = PictureBytes(HostileTerminal.readLog(log))
            return predicate(last) ? last : nil
        }) { return matched }
        Issue.record("the log never matched: \(last.spans.count) sequences")
        return last
    }

    func showGrid(_ tmux: TmuxSession) async throws {
        try await tmux.waitForScreen { $0.contains("Brass Lantern") }
        try tmux.send("v")
        try await tmux.waitForScreen(timeout: 60) { s in s.contains("grid") && badges(s).count >= 20 && badges(s).allSatisfy { $0 == "✓" } }
    }

    @Test func sixelPicturesOnlyAtCardCellsAndNothingElse() async throws {
        let log = HostileTerminal.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try start("sixel", log: log)
        try await showGrid(tmux)
        let bytes = try await waitForLog(log) { $0.sixels.count >= 20 }
        #expect(bytes.foreign.isEmpty, "\(bytes.foreign.map(\.body))")
        for sixel in bytes.sixels {
            let cell = try #require(sixel.cell, "a picture without its cursor move: inside text?")
            #expect(DemoGrid.inThumbnailBox(x: cell.x, y: cell.y), "picture at \(cell)")
        }
        // Every cell of the log outside the pictures is what ncurses writes.
        #expect(TerminalLog.violations(bytes.rest).isEmpty, "\(TerminalLog.violations(bytes.rest))")
        // The cards scroll: pictures are written anew at the card cells.
        let before = bytes.sixels.count
        try tmux.send("NPage")
        let scrolled = try await waitForLog(log) { $0.sixels.count >= before + 20 }
        for sixel in scrolled.sixels { #expect(sixel.cell.map { DemoGrid.inThumbnailBox(x: $0.x, y: $0.y) } == true) }
        // The table: no picture is written.
        try tmux.send("v")
        try await tmux.waitForScreen { !$0.contains(" grid ") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        let final = PictureBytes(HostileTerminal.readLog(log))
        #expect(TerminalLog.violations(final.rest).isEmpty)
        #expect(tmux.file("stderr").isEmpty)
    }

    @Test func kittyPlacementsOfCardsThatGoAreDeleted() async throws {
        let log = HostileTerminal.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try start("kitty", log: log)
        try await showGrid(tmux)
        let shown = try await waitForLog(log) { $0.kittyPlacements.count >= 20 }
        #expect(shown.foreign.isEmpty, "\(shown.foreign.map(\.body))")
        for placement in shown.kittyPlacements {
            let cell = try #require(placement.cell)
            #expect(DemoGrid.inThumbnailBox(x: cell.x, y: cell.y))
        }
        // Each image is transmitted once, before it is placed.
        let transmitted = shown.kittyTransmissions.compactMap(PictureBytes.kittyID)
        #expect(Set(transmitted).count == transmitted.count)
        for placement in shown.kittyPlacements {
            let id = PictureBytes.kittyID(placement)
            #expect(shown.kittyTransmissions.contains { PictureBytes.kittyID($0) == id && $0.start < placement.start })
        }
        // The help box over the grid: the cards under it lose their pictures.
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("any key closes") }
        let helped = try await waitForLog(log) { $0.kittyDeletions.count >= 1 }
        #expect(!helped.kittyDeletions.isEmpty)
        try tmux.send("Escape")
        try await tmux.waitForScreen { !$0.contains("any key closes") }
        // A page down scrolls the first card row away: its pictures are deleted.
        let firstRow = Set(shown.kittyPlacements.filter { ($0.cell?.y ?? 99) < DemoGrid.top + DemoGrid.thumbnailRows }
            .compactMap(PictureBytes.kittyID))
        #expect(firstRow.count == DemoGrid.across)
        // Help closed: every first-row picture is placed again (its last word is a placement).
        let closed = try await waitForLog(log) { log in
            firstRow.allSatisfy { id in
                let last = log.spans.last { PictureBytes.kittyID($0) == id && ($0.body.hasPrefix("_Ga=p,") || $0.body.hasPrefix("_Ga=d,")) }
                return last?.body.hasPrefix("_Ga=p,") == true
            }
        }
        let deletedBefore = closed.kittyDeletions.count
        try tmux.send("NPage")
        let scrolled = try await waitForLog(log) { log in
            let deleted = Set(log.kittyDeletions.dropFirst(deletedBefore).compactMap(PictureBytes.kittyID))
            return firstRow.isSubset(of: deleted)
        }
        let deleted = scrolled.kittyDeletions.dropFirst(deletedBefore).compactMap(PictureBytes.kittyID)
        #expect(firstRow.isSubset(of: Set(deleted)), "first row \(firstRow), deleted after the page down \(deleted)")
        let violations = TerminalLog.violations(scrolled.rest)
        #expect(violations.isEmpty, "\(violations.count) violations, first: \(violations.first ?? "")")
        try tmux.send("q")
        let exit = await tmux.waitForExit()
        #expect(exit == 0, "exit \(String(describing: exit))")
    }

    @Test func insideTmuxWithPassthroughKittyPlaceholdersGoThrough() async throws {
        // tmux passes sequences on; a kitty terminal outside it (the hint).
        let log = HostileTerminal.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let script = "tmux set -g allow-passthrough on; tmux pipe-pane -o 'cat >> \(log)'; exec \"$0\" \"$@\""
        let tmux = try TmuxSession(arguments: ["--images", "auto"], columns: DemoGrid.columns, rows: DemoGrid.rows,
                                   environment: ["KITTY_WINDOW_ID": "1"], wrapper: ["sh", "-c", script])
        try await showGrid(tmux)
        // The cards' boxes are placeholder cells: text tmux keeps like any other.
        // A placeholder cell is U+10EEEE and its row and column marks: one character.
        func isPlaceholder(_ c: Character) -> Bool { c.unicodeScalars.first == "\u{10EEEE}" }
        let screen = try await tmux.waitForScreen { s in
            s.split(separator: "\n").filter { $0.contains(where: isPlaceholder) }.count == DemoGrid.down * DemoGrid.thumbnailRows
        }
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (x, c) in line.enumerated() where isPlaceholder(c) {
                #expect(DemoGrid.inThumbnailBox(x: x, y: y), "placeholder at \(x), \(y)")
            }
        }
        // The pictures went right after the frame that shows their cells.
        var split = PictureBytes.passthrough(HostileTerminal.readLog(log))
        var through = PictureBytes(split.through)
        for _ in 0..<20 where through.kittyTransmissions.count < 20 {
            try await Task.sleep(nanoseconds: 500_000_000)
            split = PictureBytes.passthrough(HostileTerminal.readLog(log))
            through = PictureBytes(split.through)
        }
        // Through tmux: our transmissions and virtual placements, nothing else.
        #expect(through.kittyTransmissions.count >= 20)
        #expect(through.foreign.isEmpty, "\(through.foreign.map(\.body))")
        #expect(through.spans.contains { $0.body.hasPrefix("_Ga=p,U=1,") })
        // What tmux reads itself: its two start-up questions, then only ncurses.
        let question = Array("\u{1B}[16t\u{1B}[c".utf8)
        #expect(split.rest.starts(with: question))
        let violations = TerminalLog.violations(Array(split.rest.dropFirst(question.count)))
        #expect(violations.isEmpty, "\(violations)")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func serverTextStillSendsNoEscapesInPixelMode() async throws {
        // The hostile server's titles (OSC, DCS, CSI 6n, C1 forms…) with sixels on (its
        // items have no images: the screen is in pixel mode, the text is what is tested).
        let server = try await HostileTerminal.Server()
        let log = HostileTerminal.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let script = "tmux pipe-pane -o 'cat >> \(log)'; export TMUX=; exec \"$0\" \"$@\""
        let tmux = try TmuxSession(arguments: ["--config", try server.config(), "--endpoint", "escapes", "--images", "sixel"],
                                   wrapper: ["sh", "-c", script])
        try await tmux.waitForScreen { $0.contains("PLAIN a harmless row") && $0.contains("all loaded") }
        try tmux.send("Enter")
        try await tmux.waitForScreen { $0.contains("esc back") }
        try tmux.send("Escape", "v")
        try await tmux.waitForScreen { $0.contains("escapes · grid") && $0.contains("OSC0 ]0;PWNED-TITLE") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        let raw = HostileTerminal.readLog(log)
        #expect(raw.starts(with: PictureBytes.probe), "the screen set out for pictures (it asked the terminal)")
        let bytes = PictureBytes(raw)
        #expect(String(decoding: bytes.rest, as: UTF8.self).contains("\u{1B}[?1049l"), "the log is complete")
        #expect(bytes.foreign.isEmpty, "\(bytes.foreign.map(\.body))")
        let violations = TerminalLog.violations(bytes.rest)
        #expect(violations.isEmpty, "data reached the terminal raw: \(violations)")
    }

    @Test func noColourSendsNoPictures() async throws {
        let log = HostileTerminal.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try start("sixel", log: log, environment: ["NO_COLOR": "1"])
        try await showGrid(tmux)
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("images: symbols (no colours") }
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        let bytes = PictureBytes(HostileTerminal.readLog(log))
        #expect(bytes.spans.isEmpty)
    }
}
