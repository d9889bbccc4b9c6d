import Foundation
import Testing

/// Tabs and the related strip through the real binary in tmux: the demo
/// shows its endpoints as tabs and an item's reviews in its detail; a page
/// of a tab you left lands in that tab.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct NavigationEndToEndTests {
    typealias H = HostileTerminal

    func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    @Test func theDemoShowsItsEndpointsAsTabsThatKeepTheirPlace() async throws {
        let tmux = try TmuxSession(arguments: [])
        var screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        let tabs = try #require(screen.split(separator: "\n").first)
        #expect(tabs.contains("1 Items 30") && tabs.contains("2 Categories") && tabs.contains("3 Reviews")
                && tabs.contains("4 Makers") && tabs.contains("5 Live"))
        try tmux.send("j", "j", "3")
        screen = try await tmux.waitForScreen { $0.contains("reviews · 30/") && $0.contains("ready") }
        #expect(screen.contains("Reviewer") && screen.contains("★"))
        #expect(line(containing: "Items", in: screen)?.contains("3 Reviews 30") == true)
        // Back on Items: the same row is selected, nothing refetched.
        try tmux.send("BTab", "BTab")
        screen = try await tmux.waitForScreen(escapes: true) {
            ($0.split(separator: "\n").first { $0.contains("Rocket") }.map { $0.contains("48;5;25") } ?? false)
        }
        try tmux.send("Tab")
        try await tmux.waitForScreen { $0.contains("categories · 12/12") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    @Test func anItemsDetailShowsItsReviewsAndEnterOpensOne() async throws {
        let tmux = try TmuxSession(arguments: [], columns: 100, rows: 36)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("Enter")
        var screen = try await tmux.waitForScreen { $0.contains("Reviews · 12/12") }
        #expect(screen.contains("h/l related"))
        // l twice, then Enter: the third review's detail, stacked.
        try tmux.send("l", "l", "Enter")
        screen = try await tmux.waitForScreen { $0.contains("reviews · item 1-3") }
        #expect(!screen.contains("Reviews · 12/12"), "a review has no related strip")
        try tmux.send("Escape")
        screen = try await tmux.waitForScreen { $0.contains("items · item 1 ") && $0.contains("Reviews · 12/12") }
        try tmux.send("Escape")
        try await tmux.waitForScreen { $0.contains("/1000 · page") && $0.contains("Brass Lantern") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    /// `?` at the common sizes: descriptions whole (80x24 cut "favorite on
    /// / of" and "open link in bro", 100x12 left two letters), and the
    /// number keys of the demo's five tabs, not 1–9.
    @Test func helpIsReadableAt80x24And100x12() async throws {
        let tmux = try TmuxSession(arguments: [], columns: 80, rows: 24)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("?")
        let big = try await tmux.waitForScreen { $0.contains("any key closes") }
        for words in ["favorite on / off", "open link in browser", "retry a failed image", "actions on the item"] {
            #expect(big.contains(words), "\(words)")
        }
        #expect(big.contains("1–5") && !big.contains("6 7 8"))
        try tmux.send("Escape")
        try await tmux.waitForScreen { !$0.contains("any key closes") }
        try tmux.resize(columns: 100, rows: 12)
        try await tmux.waitForScreen { $0.split(separator: "\n").count <= 12 && $0.contains("ready") }
        try tmux.send("?")
        var small = try await tmux.waitForScreen { $0.contains("key closes") }
        // Keys that do not fit are on the next page, ↓ turns to it.
        if small.contains("1/2 ·") {
            try tmux.send("Down")
            small += try await tmux.waitForScreen { $0.contains("2/2 ·") }
        }
        // Readable whole, in full or in their short form (the demo has many keys).
        for (words, short) in [("move down", "move down"), ("page up", "page up"), ("open detail", "open detail"),
                               ("load more", "load more"), ("favorite on / off", "favorite"),
                               ("open link in browser", "open link"), ("quit", "quit")] {
            #expect(small.contains(words) || small.contains(" \(short) "), "\(words)")
        }
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// At 14 rows the strip is left out (config.md), and its hint with it;
    /// `l` opens nothing unseen, `h` goes back as without a strip.
    @Test func aShortDetailOffersNoStripItLeftOut() async throws {
        let tmux = try TmuxSession(arguments: [], columns: 100, rows: 14)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("Enter")
        let screen = try await tmux.waitForScreen { $0.contains("items · item 1 ") }
        #expect(!screen.contains("related") && !screen.contains("Reviews · 12"))
        try tmux.send("l", "Enter", "h")
        try await tmux.waitForScreen { $0.contains("/1000 · page") && $0.contains("Brass Lantern") }
        #expect(!(try tmux.screen()).contains("reviews · item"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// A slow page asked for on one tab answers while another is shown: it
    /// lands in its own tab, and the one shown never sees it.
    @Test func aPageOfATabYouLeftLandsInThatTab() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        // 8 rows: 10 items fill the screen, so nothing loads by itself.
        let tmux = try H.browse("out-of-order", on: server, log: log, rows: 8)
        try await tmux.waitForScreen { $0.contains("out-of-order · 10/50 · page 1/5 · ready") }
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("20/50 · page 2/5 · ready") }
        try tmux.send("Space")                      // page 3: the server takes 3 s
        try await tmux.waitForScreen { $0.contains("loading more") }
        try tmux.send("Tab")                        // the next tab: fail-second
        let other = try await tmux.waitForScreen { $0.contains("fail-second · 10/30 · page 1/3 · ready") }
        #expect(!other.contains("Ordered"))
        try tmux.send("BTab")
        try await tmux.waitForScreen { $0.contains("out-of-order · 30/50 · page 3/5 · ready") }
        try tmux.send("G")
        try await tmux.waitForScreen { $0.contains("Ordered 3-10") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }
}
