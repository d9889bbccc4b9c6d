import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Every overlay clears the whole rectangle it covers plus a blank column
/// at each side, and draws a border: no piece of a list row (a cut word, a
/// half of a wide character) shows inside or against its edge.
@Suite struct OverlayFrameTests {
    let renderer = AppRenderer(theme: .default)

    /// A list whose every cell is text: long Latin and CJK titles and subtitles.
    func busyList() -> AppState {
        let rows = (1...30).map { i in
            Fixtures.row(i, title: i % 2 == 0 ? String(repeating: "青花瓷茶杯", count: 8) : "Launches small spaces in Lisbon \(i)")
        }
        var state = Fixtures.loaded(rows, size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .clock(Fixtures.now))
        return state
    }

    /// The overlay's outer rectangle, found by its corners.
    func frame(in grid: CellGrid) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let lines = grid.lines()
        let top = try #require(lines.firstIndex { $0.contains("┌") })
        let bottom = try #require(lines.lastIndex { $0.contains("└") })
        let x = try #require((0..<grid.width).first { grid[$0, top].text == "┌" })
        let right = try #require((0..<grid.width).first { grid[$0, top].text == "┐" })
        return (x, top, right - x + 1, bottom - top + 1)
    }

    func expectCleanRectangle(_ grid: CellGrid, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let f = try frame(in: grid)
        for y in f.y..<(f.y + f.height) {
            // The side margins are blank, and no wide character from the list
            // reaches into them.
            for x in [f.x - 1, f.x + f.width] where x >= 0 && x < grid.width {
                #expect(grid[x, y].text == " " && grid[x, y].style == .plain, "margin at \(x),\(y)", sourceLocation: sourceLocation)
            }
            if f.x - 2 >= 0 { #expect(grid[f.x - 2, y].width != 2, "a wide character spills at row \(y)", sourceLocation: sourceLocation) }
            #expect(grid[f.x, y].text.first.map { "┌│└".contains($0) } == true, sourceLocation: sourceLocation)
            #expect(grid[f.x + f.width - 1, y].text.first.map { "┐│┘".contains($0) } == true, sourceLocation: sourceLocation)
            // (The top edge holds the title, which may be the item's own.)
            guard y > f.y else { continue }
            let inside = (f.x..<(f.x + f.width)).map { grid[$0, y].text }.joined()
            for fragment in ["Launches", "spaces", "Lisbon", "青"] {
                #expect(!inside.contains(fragment), "list text \"\(fragment)\" inside the overlay, row \(y): \(inside)",
                        sourceLocation: sourceLocation)
            }
            // (The sheet's "Copy Subtitle" line names the column, not a row's "Subtitle 3".)
            #expect(inside.firstMatch(of: #/Subtitle \d/#) == nil, "a row's subtitle inside the overlay, row \(y): \(inside)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func filterPanel() throws {
        var state = busyList()
        state.query = QueryState(options: QueryFrameTests.options)
        _ = AppReducer.reduce(&state, .filters(.open))
        try expectCleanRectangle(renderer.render(state, now: Fixtures.now))
    }

    @Test func actionSheet() throws {
        var state = busyList()
        _ = AppReducer.reduce(&state, .sheet(.open))
        try expectCleanRectangle(renderer.render(state, now: Fixtures.now))
    }

    @Test func confirmDialog() throws {
        var state = busyList()
        _ = AppReducer.reduce(&state, .cacheMeasured(CacheUsage(responseBytes: 25_500, responseCount: 3,
                                                                imageBytes: 3_500_000, imageCount: 120), reason: nil))
        try expectCleanRectangle(renderer.render(state, now: Fixtures.now))
    }

    @Test func help() throws {
        var state = busyList()
        _ = AppReducer.reduce(&state, .toggleHelp)
        try expectCleanRectangle(renderer.render(state, now: Fixtures.now))
    }

    /// Filling from the middle of a wide character blanks its other half.
    @Test func fillNeverLeavesHalfAWideCharacter() {
        var grid = CellGrid(width: 8, height: 1)
        grid.put("青花瓷茶", x: 0, y: 0, style: .plain)
        grid.fill(x: 3, y: 0, count: 2, style: .plain)
        #expect(grid.lines() == ["青 " + "   " + "茶"])
        #expect(grid[2, 0].width == 1 && grid[5, 0].width == 1)
    }
}
