import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of the filter and sort panel, the search prompt and the
/// query shown in the status bar.
@Suite struct QueryFrameTests {
    let renderer = AppRenderer(theme: .default)

    static let options = QueryOptions(
        filters: [
            QuerySection(title: "Rating", options: [
                QueryOption(title: "Any"), QueryOption(title: "4★ and up", params: ["min_rating": "4"]),
            ]),
            QuerySection(title: "Price", options: [
                QueryOption(title: "Any"), QueryOption(title: "Under 20", params: ["max_price": "20"]),
            ]),
        ],
        sort: QuerySection(title: "Sort", options: [
            QueryOption(title: "Newest"), QueryOption(title: "Price low to high", params: ["sort": "price_asc"]),
        ]),
        searchParam: "q")

    func app(size: TerminalSize = .init(columns: 80, rows: 24)) -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: size)
        state.query = QueryState(options: Self.options)
        return state
    }

    @Test func filterPanelMarksChoicesAndHighlightsTheCursor() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(1)))
        _ = AppReducer.reduce(&state, .filters(.choose))
        _ = AppReducer.reduce(&state, .filters(.move(2)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "filter-panel-80x24")
        let lines = grid.lines()
        let cursorY = try #require(lines.firstIndex { $0.contains("○ Under 20") })
        let x = try #require(lines[cursorY].firstIndex(of: "○")).utf16Offset(in: lines[cursorY])
        #expect(grid[x, cursorY].style == renderer.theme.selected)
        let otherY = try #require(lines.firstIndex { $0.contains("● 4★ and up") })
        #expect(grid[x, otherY].style != renderer.theme.selected)
    }

    /// Esc with a choice not applied: the footer says Enter applies it and
    /// Esc again throws it away.
    @Test func escWithAChoiceNotAppliedSaysSo() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.reset))
        _ = AppReducer.reduce(&state, .filters(.move(1)))
        _ = AppReducer.reduce(&state, .filters(.choose))
        _ = AppReducer.reduce(&state, .filters(.cancel))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "filter-panel-closing-80x24")
        #expect(grid.text.contains("not applied: enter applies · esc again discards"))
    }

    @Test func longPanelScrollsToKeepTheCursorShown() throws {
        var state = app(size: .init(columns: 60, rows: 12))
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(5)))
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines().contains { $0.contains("○ Price low to high") })
        try GoldenFrame.check(grid, "filter-panel-scrolled-60x12")
    }

    @Test func searchPromptWhileTyping() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .search(.begin))
        for c in "2" { _ = AppReducer.reduce(&state, .search(.insert(String(c)))) }
        let grid = renderer.render(state, now: Fixtures.now)
        // The dates shown hold a 2 too: every row matches.
        #expect(grid.lines()[22].hasPrefix("/2▏  30 of 30 loaded match · enter search server · esc clear"))
        try GoldenFrame.check(grid, "search-typing-80x24")
        // Where each row shows the text, it is underlined: "Item 2" has it at column 8.
        let lines = grid.lines()
        let row = try #require(lines.firstIndex { $0.hasPrefix("   Item 2 ") })
        #expect(grid[8, row].style.attributes.contains(.underline) && !grid[7, row].style.attributes.contains(.underline))
        let twelve = try #require(lines.firstIndex { $0.hasPrefix("   Item 12 ") })
        #expect(grid[9, twelve].style.attributes.contains(.underline) && !grid[8, twelve].style.attributes.contains(.underline))
    }

    /// The app's 30 rows searched off the UI thread (past 10 rows), `/`
    /// open with every row matching.
    func appSearchedOffTheUIThread() -> AppState {
        var state = app()
        state.list.inlineSearchRows = 10
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.found(tab: state.endpointKey, requestID: 1, matches: Array(0..<30))))
        return state
    }

    /// A long list is searched off the UI thread: while the answer is out
    /// the prompt says so and the previous matches stay shown.
    @Test func searchPromptWhileALongListIsSearched() throws {
        var state = appSearchedOffTheUIThread()
        _ = AppReducer.reduce(&state, .search(.insert("7")))
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines()[22].hasPrefix("/7▏  searching 30 loaded… · enter search server · esc clear"))
        #expect(grid.lines().contains { $0.hasPrefix("   Item 1 ") })
        try GoldenFrame.check(grid, "search-searching-80x24")
    }

    /// The start of a long scan's answer shown while the rest is searched:
    /// its matches drawn, the prompt counting them as found so far.
    @Test func searchPromptWhileTheFirstMatchesAreShown() throws {
        var state = appSearchedOffTheUIThread()
        _ = AppReducer.reduce(&state, .search(.insert("1")))
        _ = AppReducer.reduce(&state, .search(.foundFirst(tab: state.endpointKey, requestID: 2, matches: [0, 9, 10])))
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines()[22].hasPrefix("/1▏  3+ of 30 loaded match, searching… · enter search server · esc clear"))
        #expect(grid.lines().contains { $0.hasPrefix("   Item 11 ") })
        #expect(!grid.lines().contains { $0.hasPrefix("   Item 2 ") })
        try GoldenFrame.check(grid, "search-first-matches-80x24")
    }

    @Test func searchWithNoMatchSaysSo() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .search(.begin))
        for c in "zebra" { _ = AppReducer.reduce(&state, .search(.insert(String(c)))) }
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "search-no-match-80x24")
    }

    @Test func browsingMatchesInTheGrid() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .toggleView)
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("1")))
        state.query.options.searchParam = nil
        _ = AppReducer.reduce(&state, .search(.submit))
        _ = AppReducer.reduce(&state, .gridMove(.right))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "search-grid-80x24")
    }

    @Test func statusBarNamesTheChoicesAndServerSearch() throws {
        var state = app(size: .init(columns: 100, rows: 8))
        state.query.chosen = [1, 0, 1]
        state.query.serverSearch = "oak"
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines().last?.hasPrefix(
            " items · Rating: 4★ and up · Sort: Price low to high · search “oak” · 30/1000 · page 1/34") == true)
        try GoldenFrame.check(grid, "status-query-100x8")
    }
}
