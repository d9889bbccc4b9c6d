import Foundation
import Testing

/// Filters, sort and search in the real binary against the demo server:
/// the panel re-queries the server, `/` narrows the loaded rows at once and
/// Enter searches on the server.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct QueryEndToEndTests {
    /// Prices of the table rows on screen (the euro amounts, `€1,234.50`).
    func prices(_ screen: String) -> [Double] {
        screen.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("€") }
                .flatMap { Double($0.dropFirst().replacingOccurrences(of: ",", with: "")) }
        }
    }

    /// Table rows on screen: the lines between the header (the one with
    /// "Title") and the footer.
    func rows(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.firstIndex { $0.contains("Title") } ?? 0
        return Array(lines[(header + 1)..<max(header + 1, lines.count - 2)])
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test func filterPanelReQueriesTheServerAndTheStatusBarSaysWhat() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("f")
        let panel = try await tmux.waitForScreen { $0.contains("Filter and sort") }
        #expect(panel.contains("○ Under 20") && panel.contains("● Newest"))
        // Rating: Any, 4★, 3★; Price: Any, Under 20 → four lines down.
        try tmux.send("j", "j", "j", "j", "Enter")
        let screen = try await tmux.waitForScreen { $0.contains("Price: Under 20") && $0.contains("ready") }
        #expect(!screen.contains("Filter and sort"))
        let shown = prices(screen)
        #expect(shown.count >= 10)
        #expect(shown.allSatisfy { $0 <= 20 })
        // Sort by price, high to low, on top of the filter.
        try tmux.send("f", "End", "k", "k", "Enter")
        let sorted = try await tmux.waitForScreen { $0.contains("Sort: Price high to low") && $0.contains("ready") }
        let descending = prices(sorted)
        #expect(descending.count >= 10)
        #expect(descending == descending.sorted(by: >))
        #expect(descending.allSatisfy { $0 <= 20 })
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func slashFiltersLoadedRowsAtOnceAndEnterSearchesTheServer() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("/", "o", "a", "k")
        let local = try await tmux.waitForScreen { $0.contains("/oak▏") }
        let matched = rows(local).filter { !$0.hasPrefix("/oak") }
        #expect(!matched.isEmpty)
        #expect(matched.allSatisfy { $0.lowercased().contains("oak") })
        #expect(!local.contains("Brass Lantern"))
        try tmux.send("Enter")
        let server = try await tmux.waitForScreen { $0.contains("search “oak”") && ($0.contains("ready") || $0.contains("all loaded")) }
        #expect(!server.contains("/oak"))
        let found = rows(server).filter { !$0.contains("search “oak”") && !$0.contains("more") }
        #expect(found.count > matched.count)
        #expect(found.allSatisfy { $0.lowercased().contains("oak") })
        // An empty search clears it and the whole catalog is back.
        try tmux.send("/", "Enter")
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("/1000") && !$0.contains("search") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// The README's "Esc clears" and config.md's "`back` leaves search
    /// results" hold for a server search too: Esc, and Backspace, bring
    /// the whole catalog back.
    @Test func escAndBackspaceLeaveServerSearchResults() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        for key in ["Escape", "BSpace"] {
            try tmux.send("/", "o", "a", "k", "Enter")
            try await tmux.waitForScreen { $0.contains("search “oak”") && !$0.contains("Brass Lantern") }
            try tmux.send(key)
            let back = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("/1000") }
            #expect(!back.contains("search “oak”"), "\(key)")
        }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }
}
