import Foundation
import Testing

/// The local sort of a large streamed list in the real binary: Config/
/// bulk.yaml with 60,000 items from `rowboat demo-server` (past the 50,000
/// rows sorted at once, so the order is worked out off the UI thread),
/// sorted by price from the columns panel, ascending then descending, the
/// status bar naming the sort in force, then the server's order again.
/// Then the local filter on the same list: rows kept by the selected row's
/// maker and by a typed price, sorted, each condition named in the status
/// bar and the rows shown in order and meeting it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LocalSortEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    /// The demo's bulk item `id`'s price as the list shows it.
    static func price(_ id: Int) -> String {
        String(format: "%.2f", Double(cents(id)) / 100)
    }

    /// The demo's bulk endpoint with `items` items, streamed into the app in a terminal until all are loaded.
    static func bulkList(items: Int = 60_000) async throws -> (items: Int, server: DemoServer, tmux: TmuxSession) {
        let server = try await DemoServer()
        let config = try APIShapesEndToEndTests().config("bulk.yaml", server: server,
                                                         edits: [("items: 1000000", "items: \(items)")])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 120)
        try await tmux.waitForScreen { $0.contains("bulk · \(items)/\(items) · page 1 · all loaded") }
        return (items, server, tmux)
    }

    @Test func aLargeStreamedListIsSortedByPriceBothWaysAndBack() async throws {
        let (items, server, tmux) = try await Self.bulkList()
        defer { withExtendedLifetime(server) {} }
        let cheapest = (1...items).min { Self.cents($0) < Self.cents($1) }!
        let dearest = (1...items).max { Self.cents($0) < Self.cents($1) }!
        // The columns panel: title, subtitle, price; s sorts by it.
        try tmux.send("c")
        try await tmux.waitForScreen { $0.contains("Columns of Bulk") }
        try tmux.send("j", "j", "s", "Escape")
        var screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("sorted by Price ↑ (loaded)") }
        // The sort shows its first rows: the cheapest first.
        screen = try await tmux.waitForScreen { self.firstRow($0).contains(" \(cheapest) ") }
        #expect(firstRow(screen).contains(Self.price(cheapest)))
        // The panel opens on the first column; Price is two lines down.
        try tmux.send("c", "j", "j", "s", "Escape")
        screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("sorted by Price ↓ (loaded)") }
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.firstRow($0).contains(" \(dearest) ") }
        #expect(firstRow(screen).contains(Self.price(dearest)))
        // A third press: the server's order again, nothing named.
        try tmux.send("c", "j", "j", "s", "Escape")
        try await tmux.waitForScreen { $0.contains("all loaded") && !$0.contains("sorted by") && !$0.contains("Columns of") }
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.firstRow($0).contains("Copper Lantern 1 ") }
        #expect(!screen.contains("sorted by"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    /// The price of bulk item `id` in cents.
    static func cents(_ id: Int) -> Int { (id &* 7_919) % 100_000 }

    @Test func aLargeStreamedListIsFilteredAndSortedLocally() async throws {
        let (items, server, tmux) = try await Self.bulkList()
        defer { withExtendedLifetime(server) {} }
        // Item 1 is selected: `w` on Maker keeps the rows made by its maker, "Maker 1" (ids 1, 98, 195…).
        let makerOne = (1...items).filter { $0 % 97 == 1 }
        try tmux.send("c")
        try await tmux.waitForScreen { $0.contains("Columns of Bulk") }
        try tmux.send("j", "w")
        var screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("where Maker = Maker 1") }
        #expect(screen.contains("\(makerOne.count) of \(items) loaded rows where Maker = Maker 1"))
        // Sorted by price in the same panel: the cheapest of them first, in order.
        try tmux.send("j", "s", "Escape")
        screen = try await tmux.waitForScreen(timeout: 60) {
            $0.contains("sorted by Price ↑ (loaded) · where Maker = Maker 1") && !$0.contains("Columns of")
        }
        try tmux.send("g")
        let byPrice = makerOne.sorted { Self.cents($0) < Self.cents($1) }
        screen = try await tmux.waitForScreen { self.rowsAre($0, byPrice) }
        expectRows(screen, byPrice)
        // A typed condition on the price stacks on the first.
        let dear = byPrice.filter { Self.cents($0) > 50_000 }
        try tmux.send("c", "j", "j", "t")
        try await tmux.waitForScreen { $0.contains("Columns of Bulk") }
        try tmux.send("-l", "> 500")
        try tmux.send("Enter", "Escape")
        screen = try await tmux.waitForScreen(timeout: 60) {
            $0.contains("where Maker = Maker 1 · Price > 500") && !$0.contains("Columns of")
        }
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.rowsAre($0, dear) }
        expectRows(screen, dear)
        // `u` in the panel drops the last condition: every Maker 1 row again, still sorted
        // (the selection stays on its item, on its screen row: the top).
        try tmux.send("c", "u", "Escape")
        screen = try await tmux.waitForScreen {
            $0.contains("bulk · \(makerOne.count)/\(items) · page 1 · all loaded · sorted by Price ↑ (loaded) · where Maker = Maker 1 ")
                && !$0.contains("Columns of")
        }
        #expect(firstRow(screen).contains(" \(dear[0]) "))
        try tmux.send("g")
        screen = try await tmux.waitForScreen { self.rowsAre($0, byPrice) }
        expectRows(screen, byPrice)
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    /// The rows under the header are items `ids` in that order, as far as the
    /// screen goes (at least ten), each with its maker and price.
    func expectRows(_ screen: String, _ ids: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        // A row: its maker, then its price (the status lines and the toast are not rows).
        let shown = Array(lines.prefix { $0.contains(#/Maker \d+ +\d+\.\d\d /#) })
        #expect(shown.count >= min(10, ids.count), "rows shown: \(shown.count)", sourceLocation: sourceLocation)
        for (line, id) in zip(shown, ids) {
            #expect(line.contains(" \(id) ") && line.contains("Maker \(id % 97) ") && line.contains(Self.price(id)),
                    "\(line) is not item \(id)", sourceLocation: sourceLocation)
        }
    }

    /// True when the rows shown are items `ids` in that order (what
    /// `expectRows` checks): waited for, since a sort of many rows is
    /// worked out off the UI thread and lands a frame or two after the key.
    func rowsAre(_ screen: String, _ ids: [Int]) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let shown = Array(lines.prefix { $0.contains(#/Maker \d+ +\d+\.\d\d /#) })
        return shown.count >= min(10, ids.count) && zip(shown, ids).allSatisfy { line, id in
            line.contains(" \(id) ") && line.contains("Maker \(id % 97) ") && line.contains(Self.price(id))
        }
    }

    /// The first row under the header.
    func firstRow(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 1 ? String(lines[1]) : ""
    }
}
