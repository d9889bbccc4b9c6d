import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of marked rows: a dot before the first column and the
/// accent colour in the table, a dot before the card's title in the grid,
/// and the count in the status bar.
@Suite struct MarksFrameTests {
    let renderer = AppRenderer(theme: .default)

    func marked(_ size: TerminalSize) -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: size)
        for index in [1, 2, 4] {
            _ = AppReducer.reduce(&state, .list(.move(.to(index))))
            _ = AppReducer.reduce(&state, .mark(.toggle))
        }
        _ = AppReducer.reduce(&state, .list(.move(.to(2))))
        return state
    }

    @Test func markedRowsInTheTable() throws {
        let state = marked(.init(columns: 80, rows: 16))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "marks-table-80x16")
        let lines = grid.lines()
        #expect(lines[2].hasPrefix("●  Item 2") && lines[3].hasPrefix("●  Item 3") && lines[4].hasPrefix("   Item 4"))
        #expect(lines.last?.contains("3 marked") == true)
        // Marked and not selected: the accent colour.
        #expect(grid[2, 2].style == renderer.theme.accent && grid[2, 3].style == renderer.theme.selected)
    }

    @Test func markedCardsInTheGrid() throws {
        var state = marked(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .toggleView)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "marks-grid-80x24")
    }
}
