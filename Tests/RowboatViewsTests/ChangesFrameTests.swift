import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// A golden frame of what a live tick changed: a new row `+`, a row whose
/// price changed `*` with that cell bold in the accent colour, a row gone
/// from the first page dimmed, and the sum in the status bar.
@Suite struct ChangesFrameTests {
    let renderer = AppRenderer(theme: .default)

    /// A live list (every 30 s) of items 1–5, loaded a minute ago.
    static func liveList() -> AppState {
        var list = ListState()
        list.live = LiveRefresh(every: 30)
        var state = AppState(endpointKey: "live", columns: Fixtures.columns, list: list, size: .init(columns: 80, rows: 10))
        _ = AppReducer.reduce(&state, .clock(Fixtures.now - 60))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...5).map { Fixtures.row($0) }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, fetchedAt: Fixtures.now - 60))))
        return state
    }

    @Test func aTickMarksWhatChanged() throws {
        var state = Self.liveList()
        let rows = (1...5).map { Fixtures.row($0) }
        func tick(_ rows: [RowModel], at time: Double) {
            _ = AppReducer.reduce(&state, .list(.liveTick))
            _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: state.list.inFlight!.id, PageLoad(rows: rows, fetchedAt: time))))
        }
        tick(rows, at: Fixtures.now - 31)
        var cheaper = Fixtures.row(2)
        cheaper.fields = RowFields(["title": .text("Item 2"), "subtitle": .text("Subtitle 2"), "price": .text("$1.99"),
                                    "created": cheaper.fields["created"]!])
        // Item 9 is new, item 2's price changed, item 4 left the first page.
        tick([Fixtures.row(9), Fixtures.row(1), cheaper, Fixtures.row(3), Fixtures.row(5)], at: Fixtures.now - 1)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "live-changes-80x10")
        let lines = grid.lines()
        #expect(lines[1].hasPrefix("+ ") && lines[1].contains("Item 9"))
        #expect(lines[3].hasPrefix("* ") && lines[3].contains("$1.99"))
        #expect(lines.last?.contains("1 new · 1 changed · 1 gone") == true)
        let priceX = lines[3].range(of: "$1.99")!.lowerBound.utf16Offset(in: lines[3])
        #expect(grid[priceX, 3].style.attributes.contains(.bold), "the changed cell is bold")
        #expect(grid[priceX, 3].style.foreground == Theme.default.accent.foreground, "in the accent colour")
        #expect(!grid[4, 3].style.attributes.contains(.bold), "the title, unchanged, is not")
        let gone = lines.firstIndex { $0.contains("Item 4") }!
        #expect(grid[4, gone].style == Theme.default.dim, "the gone row is dimmed")
        // A tick period later, nothing is marked as changed.
        let later = renderer.render(state, now: Fixtures.now + 30)
        #expect(later.lines()[3].hasPrefix("   ") && !later.lines().last!.contains("changed"))
    }

    /// `w` on two rows of a live list: "watching 2" in the status bar, the
    /// toast saying what the second one does.
    @Test func watchedRowsAreCountedInTheStatusBar() throws {
        var state = Self.liveList()
        _ = AppReducer.reduce(&state, .toggleWatch)
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .toggleWatch)
        let grid = renderer.render(state, now: Fixtures.now - 59)
        try GoldenFrame.check(grid, "live-watching-80x10")
        #expect(state.list.watched == ["1", "2"])
        #expect(grid.lines().last?.contains("watching 2") == true)
    }
}
