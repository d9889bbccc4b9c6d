import Foundation
import Testing

/// The local sort of a large streamed list in the real binary: Config/
/// bulk.yaml with 60,000 items from `rowboat demo-server` (past the 50,000
/// rows sorted at once, so the order is worked out off the UI thread),
/// sorted by price from the columns panel, ascending then descending, the
/// status bar naming the sort in force, then the server's order again.
/// (The local filter of issue #32 is not built yet: this test sorts only.)
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LocalSortEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    /// The demo's bulk item `id`'s price as the list shows it.
    static func price(_ id: Int) -> String {
        let cents = (id &* 7_919) % 100_000
        return String(format: "%.2f", Double(cents) / 100)
    }

    @Test func aLargeStreamedListIsSortedByPriceBothWaysAndBack() async throws {
        let items = 60_000
        let server = try await DemoServer()
        let config = try APIShapesEndToEndTests().config("bulk.yaml", server: server,
                                                         edits: [("items: 1000000", "items: \(items)")])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 120)
        try await tmux.waitForScreen { $0.contains("bulk · \(items)/\(items) · page 1 · all loaded") }
        let cheapest = (1...items).min { (($0 &* 7_919) % 100_000) < (($1 &* 7_919) % 100_000) }!
        let dearest = (1...items).max { (($0 &* 7_919) % 100_000) < (($1 &* 7_919) % 100_000) }!
        // The columns panel: title, subtitle, price; s sorts by it.
        try tmux.send("c")
        try await tmux.waitForScreen { $0.contains("Columns of Bulk") }
        try tmux.send("j", "j", "s", "Escape")
        var screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("sorted by Price ↑ (loaded)") }
        // The selection stayed on its item, on its screen row (the top).
        #expect(firstRow(screen).contains("Copper Lantern 1 "))
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.firstRow($0).contains(" \(cheapest) ") }
        #expect(firstRow(screen).contains(Self.price(cheapest)))
        try tmux.send("c", "s", "Escape")
        screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("sorted by Price ↓ (loaded)") }
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.firstRow($0).contains(" \(dearest) ") }
        #expect(firstRow(screen).contains(Self.price(dearest)))
        // A third press: the server's order again, nothing named.
        try tmux.send("c", "s", "Escape")
        try await tmux.waitForScreen { $0.contains("all loaded") && !$0.contains("sorted by") && !$0.contains("Columns of") }
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.firstRow($0).contains("Copper Lantern 1 ") }
        #expect(!screen.contains("sorted by"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    /// The first row under the header.
    func firstRow(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? String(lines[1]) : ""
    }
}
