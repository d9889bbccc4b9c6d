import Foundation
import Testing

/// Thumbnails in the real binary against the demo server: the table's
/// badges turn ✓ as images arrive, and the grid draws them in colour.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ImagesEndToEndTests {
    /// Lines of the grid's badge row (✓/◌/⇣/✗ before a price).
    func badges(_ screen: String) -> [Character] {
        screen.split(separator: "\n").flatMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).compactMap { word -> Character? in
                word.count == 1 && "✓◌⇣✗".contains(word.first!) ? word.first : nil
            }
        }
    }

    @Test func badgesTurnDownloadedAndTheGridDrawsThumbnails() async throws {
        let tmux = try TmuxSession(arguments: [], columns: 120, rows: 40)
        try await tmux.waitForScreen { $0.contains("✓    Brass Lantern") && $0.contains("✓    Cedar Mug 7") }
        try tmux.send("v")
        let screen = try await tmux.waitForScreen(timeout: 60) { screen in
            screen.contains("grid") && !badges(screen).isEmpty && badges(screen).allSatisfy { $0 == "✓" }
        }
        #expect(badges(screen).count >= 10)
        let colored = try tmux.screen(escapes: true)
        // Thumbnail cells carry palette colours on both sides.
        #expect(colored.contains("38;5;") && colored.contains("48;5;"))
        #expect(["▀", "▄", "▌", "▐", "█", "▆", "▅", "▃", "▂"].contains { screen.contains($0) })
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    /// `--images off`: no badge column and no ◌ ("not asked for yet")
    /// left waiting on every row; the grid's cards say "images off".
    @Test func imagesOffShowNoBadgeThatNeverChanges() async throws {
        let tmux = try TmuxSession(arguments: ["--images", "off"], columns: 120, rows: 40)
        let table = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        #expect(!table.contains("◌"))
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("   Brass Lantern ") })
        try tmux.send("v")
        let grid = try await tmux.waitForScreen { $0.contains("grid") && $0.contains("images off") }
        #expect(badges(grid).isEmpty)
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func monochromeDrawsSymbolsWithoutColours() async throws {
        let tmux = try TmuxSession(arguments: ["--theme", "monochrome"], columns: 120, rows: 40)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") }
        try tmux.send("v")
        try await tmux.waitForScreen(timeout: 60) { screen in
            screen.contains("grid") && !badges(screen).isEmpty && badges(screen).allSatisfy { $0 == "✓" }
        }
        let colored = try tmux.screen(escapes: true)
        #expect(!colored.contains("38;5;"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func directColourTerminalGetsRGB() async throws {
        // xterm-direct comes with ncurses-term (.ci/run installs it).
        let tmux = try TmuxSession(arguments: [], columns: 120, rows: 40, environment: ["TERM": "xterm-direct"])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") }
        try tmux.send("v")
        try await tmux.waitForScreen(timeout: 60) { screen in
            screen.contains("grid") && !badges(screen).isEmpty && badges(screen).allSatisfy { $0 == "✓" }
        }
        let colored = try tmux.screen(escapes: true)
        // Thumbnails in 24-bit colour; the theme's palette colours go as
        // their RGB (252 on 238 in the header), never as palette numbers.
        let rgbCells = colored.components(separatedBy: "48;2;").count - 1
        #expect(rgbCells > 500)
        #expect(colored.contains("38;2;208;208;208"))
        #expect(!colored.contains("38;5;") && !colored.contains("48;5;"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }
}
