import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of the table screen in its states.
@Suite struct TableFrameTests {
    let renderer = AppRenderer(theme: .default)

    @Test func tableAt80x24() throws {
        let state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "table-80x24")
    }

    @Test func tableAt200x50() throws {
        let state = Fixtures.loaded((1...60).map { Fixtures.row($0) }, size: .init(columns: 200, rows: 50))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "table-200x50")
    }

    @Test func selectionMovedAndHighlighted() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        for _ in 0..<3 { _ = AppReducer.reduce(&state, .list(.move(.down))) }
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid[0, 4].style == Theme.default.selected)
        #expect(grid[3, 4].text == "I")
        #expect(grid[0, 1].style == Theme.default.normal)
        #expect(grid.lines()[4].hasPrefix("   Item 4 "))
    }

    @Test func firstLoadSpinner() throws {
        var state = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging(),
                             size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now, spinnerFrame: 2), "first-load-80x24")
    }

    @Test func errorViewOnFirstPage() throws {
        var state = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging(),
                             size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageFailed(requestID: 1, message: "network: connection refused by 127.0.0.1:9")))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "error-view-80x24")
    }

    @Test func emptyView() throws {
        let state = Fixtures.loaded([], size: .init(columns: 80, rows: 24), totalPages: 0, totalCount: 0)
        #expect(state.list.isEmpty)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "empty-view-80x24")
    }

    @Test func footerStates() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.loadMore))
        #expect(state.list.footer == .loadingMore)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now, spinnerFrame: 1), "footer-loading-more-80x24")
        _ = AppReducer.reduce(&state, .list(.pageFailed(requestID: 2, message: "HTTP 503")))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "footer-failed-80x24")
        _ = AppReducer.reduce(&state, .list(.retry))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 3, PageLoad(
            rows: (31...40).map { Fixtures.row($0) }, totalPages: 2, totalCount: 40, fetchedAt: Fixtures.now))))
        #expect(state.list.footer == .noMoreItems)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "footer-no-more-80x24")
    }

    @Test func tooSmallNotice() throws {
        let state = Fixtures.loaded((1...5).map { Fixtures.row($0) }, size: .init(columns: 24, rows: 5))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "too-small-24x5")
    }

    @Test func wideCharactersAtColumnEdges() throws {
        let rows = [
            Fixtures.row(1, title: "青花瓷茶杯青花瓷茶杯青花瓷茶杯青花瓷茶杯"),
            Fixtures.row(2, title: "Rocket 🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀"),
            Fixtures.row(3, title: "Heart ❤️ family 👨‍👩‍👧 flag 🇯🇵 done"),
            Fixtures.row(4, title: "a青b花c瓷d茶e杯f青g花h瓷i茶j杯k"),
        ]
        let state = Fixtures.loaded(rows, size: .init(columns: 80, rows: 10), totalPages: 1, totalCount: 4)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "wide-chars-80x10")
        // Every row spans exactly the grid width: no column shifted.
        for y in 0..<grid.height {
            #expect(DisplayWidth.of(grid.lines()[y]) == grid.width)
        }
    }

    @Test func escapeSequencesInTitleNeverReachTheGrid() throws {
        let hostile = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}title\u{200B}\nnext\tcol"
        let state = Fixtures.loaded([Fixtures.row(1, title: hostile)], size: .init(columns: 80, rows: 8), totalPages: 1, totalCount: 1)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "escape-title-80x8")
        for cell in grid.cells {
            for scalar in cell.text.unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar.value != 0x202E)
            }
        }
    }
}

/// The pull-to-refresh gesture as the user sees it.
@Suite struct PullFrameTests {
    @Test func pullArmedAtTopShowsHintAndSecondPressRefreshes() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        #expect(AppReducer.reduce(&state, .list(.move(.up))).isEmpty)
        #expect(state.list.phase == .pulling)
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "pull-armed-80x24")
        #expect(AppReducer.reduce(&state, .list(.move(.up))) == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 2, cursor: .page(1))])
        #expect(state.list.phase == .refreshing)
        let grid = AppRenderer().render(state, now: Fixtures.now, spinnerFrame: 3)
        #expect(grid.lines()[1].hasPrefix("   Item 1 "), "old rows stay visible while refreshing")
        #expect(grid.lines()[23].contains("⠸ refreshing"))
    }
}

/// The detail screen opened with Enter.
@Suite struct DetailFrameTests {
    func detailRow() -> RowModel {
        RowModel(id: "7", title: "Cedar Mug 7", subtitle: "Limited seasonal run",
                 fields: ["title": .text("Cedar Mug 7"), "subtitle": .text("Limited seasonal run"),
                          "price": .text("397.60"), "created": .relativeDate(Fixtures.now - 300),
                          "description": .text(String(repeating: "A sturdy mug for long mornings. ", count: 6))],
                 fieldOrder: ["id", "title", "subtitle", "price", "created", "description"])
    }

    @Test func detailShowsAllFieldsWrapped() throws {
        var state = Fixtures.loaded([Fixtures.row(1), detailRow()], size: .init(columns: 80, rows: 16), totalPages: 1)
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .openDetail)
        #expect(state.detail?.rowID == "7")
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "detail-80x16")
        _ = AppReducer.reduce(&state, .closeDetail)
        #expect(state.detail == nil)
        #expect(state.list.selection == 1)
    }

    @Test func keysOnTheDetailScreen() {
        var state = Fixtures.loaded([detailRow()], size: .init(columns: 80, rows: 16), totalPages: 1)
        #expect(KeyMap.default.action(for: .enter, in: state) == .openDetail)
        _ = AppReducer.reduce(&state, .openDetail)
        #expect(KeyMap.default.action(for: .escape, in: state) == .closeDetail)
        #expect(KeyMap.default.action(for: .character("j"), in: state) == .scrollDetail(1))
    }
}

/// The help overlay, generated from the key map.
@Suite struct HelpFrameTests {
    @Test func helpListsEveryBoundAction() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        #expect(KeyMap.default.action(for: .character("?"), in: state) == .toggleHelp)
        let bound = KeyMap.default.bindings(in: state)
        _ = AppReducer.reduce(&state, .toggleHelp)
        let grid = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "help-80x24")
        // Every entry, on its page (↓ turns them when they do not fit).
        var text = grid.text
        while let next = KeyMap.default.action(for: .down, in: state), next != .toggleHelp {
            _ = AppReducer.reduce(&state, next)
            text += AppRenderer().render(state, now: Fixtures.now).text
        }
        for entry in KeyHelp.entries(bound) {
            #expect(text.contains(entry.action) || text.contains(KeyHelp.abbreviated(entry.action)), "\(entry.action)")
        }
        #expect(KeyMap.default.action(for: .character("x"), in: state) == .toggleHelp)
    }
}

/// The help overlay at the sizes people use, with the demo's four tabs:
/// every description readable (none cut), only the tabs that exist.
@Suite struct HelpSizesFrameTests {
    /// Four tabs, as the demo has, thirty rows loaded in the first.
    func fourTabs(_ size: TerminalSize) -> AppState {
        let tabs = ["items", "categories", "reviews", "makers"].map {
            TabState(endpointKey: $0, title: $0.capitalized, columns: Fixtures.columns, list: ListState(paging: Fixtures.paging()))
        }
        var state = AppState(tabs: tabs, size: size)
        for tab in tabs { state.endpoints[tab.endpointKey] = EndpointInfo(title: tab.endpointKey, paging: Fixtures.paging()) }
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, PageLoad(
            rows: (1...30).map { Fixtures.row($0) }, totalPages: 34, totalCount: 1000, fetchedAt: Fixtures.now - 120))))
        return state
    }

    /// Tabs that do not fit: whole labels only, the current one in view,
    /// and ‹ / › where more are off the line (it used to be cut with no mark).
    @Test func tabsThatDoNotFitSayMoreAreThere() throws {
        var state = fourTabs(.init(columns: 40, rows: 10))
        let first = AppRenderer().render(state, now: Fixtures.now).lines()[0]
        #expect(first.hasPrefix(" 1 Items 30   2 Categories ·") && first.hasSuffix("›") && !first.contains("3 Rev"))
        _ = AppReducer.reduce(&state, .selectTab(2))
        let third = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(third, "tabs-overflow-40x10")
        let line = third.lines()[0]
        #expect(line.hasPrefix("‹") && line.contains("3 Reviews") && line.hasSuffix("›"))
        // A click still lands on the tab under it.
        let layout = ScreenLayout.of(state)
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.click, x: layout.tabRects[2].x, y: 0)))
        #expect(state.currentTab == 2)
    }

    /// The help's frame on each of its pages (turned with ↓).
    func pages(_ state: AppState) -> [CellGrid] {
        var state = state
        var grids = [AppRenderer().render(state, now: Fixtures.now)]
        while let next = KeyMap.default.action(for: .down, in: state), next != .toggleHelp {
            _ = AppReducer.reduce(&state, next)
            grids.append(AppRenderer().render(state, now: Fixtures.now))
        }
        return grids
    }

    /// Each entry's keys and words (`short`: or their short form) appear
    /// whole on one line of the frame (or of one of its pages).
    func expectWhole(_ entries: [KeyHelp.Entry], in grid: CellGrid, short: Bool = false) {
        expectWhole(entries, in: [grid], short: short)
    }

    func expectWhole(_ entries: [KeyHelp.Entry], in grids: [CellGrid], short: Bool = false) {
        let lines = grids.flatMap { $0.lines() }
        for entry in entries {
            let forms = [entry.action] + (short ? [KeyHelp.abbreviated(entry.action)] : [])
            #expect(lines.contains { line in line.contains(entry.keys) && forms.contains { line.contains($0) } },
                    "\(entry.keys) \(entry.action)")
        }
    }

    @Test func at80x24EveryDescriptionIsWholeAndTabsAreOneToFour() throws {
        var state = fourTabs(.init(columns: 80, rows: 24))
        let entries = KeyHelp.entries(KeyMap.default.bindings(in: state))
        #expect(entries.contains(.init(keys: "1–4", action: "show tab by number")))
        _ = AppReducer.reduce(&state, .toggleHelp)
        let grid = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "help-four-tabs-80x24")
        expectWhole(entries, in: grid)
        #expect(!grid.text.contains("1–9") && !grid.text.contains("5 6"))
    }

    @Test func at100x12TheWordsTakeTheirShortForms() throws {
        var state = fourTabs(.init(columns: 100, rows: 12))
        let entries = KeyHelp.entries(KeyMap.default.bindings(in: state))
        _ = AppReducer.reduce(&state, .toggleHelp)
        let grid = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "help-four-tabs-100x12")
        expectWhole(entries, in: pages(state), short: true)
    }

    @Test func theDetailsHelpAt100x12() throws {
        var state = fourTabs(.init(columns: 100, rows: 12))
        _ = AppReducer.reduce(&state, .openDetail)
        let entries = KeyHelp.entries(KeyMap.default.bindings(in: state))
        _ = AppReducer.reduce(&state, .toggleHelp)
        let grid = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "help-detail-100x12")
        expectWhole(entries, in: pages(state), short: true)
    }

    /// Too small for every key (60x10): the keys go on pages of whole
    /// entries that ↓ and ↑ (j, k, space, b) turn, the bottom line says
    /// which page, and any other key closes — every key can be reached
    /// (it used to say "18 more keys" with no way to see them).
    @Test func tooSmallForEveryKeyTurnsPages() throws {
        var state = fourTabs(.init(columns: 60, rows: 10))
        let entries = KeyHelp.entries(KeyMap.default.bindings(in: state))
        _ = AppReducer.reduce(&state, .toggleHelp)
        let grid = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "help-four-tabs-60x10")
        #expect(entries.count == 29)
        var seen: [String] = []
        var pages = 0
        while true {
            let lines = AppRenderer().render(state, now: Fixtures.now).lines()
            pages += 1
            #expect(lines.contains { $0.contains("\(pages)/3 · ↓↑ more · any other key closes") }, "\(lines)")
            seen += entries.filter { e in lines.contains { $0.contains(" " + e.keys + " ") } }.map(\.keys)
            guard let next = KeyMap.default.action(for: .character("j"), in: state) else { break }
            _ = AppReducer.reduce(&state, next)
        }
        #expect(pages == 3 && Set(seen) == Set(entries.map(\.keys)))
        // On the last page j does nothing; k goes back; another key closes.
        #expect(KeyMap.default.action(for: .character("k"), in: state) == .helpPage(1))
        #expect(KeyMap.default.action(for: .character("x"), in: state) == .toggleHelp)
    }
}

/// The grid view: cards laid out to the width, 2-D movement, `v` keeps the selection.
@Suite struct GridFrameTests {
    func gridState(_ size: TerminalSize) -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: size)
        _ = AppReducer.reduce(&state, .toggleView)
        return state
    }

    @Test func gridAt80x24() throws {
        var state = gridState(.init(columns: 80, rows: 24))
        #expect(ScreenLayout.of(state).grid.columns == 3)
        _ = AppReducer.reduce(&state, .gridMove(.right))
        _ = AppReducer.reduce(&state, .gridMove(.down))
        #expect(state.list.selection == 4)
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "grid-80x24")
    }

    @Test func gridAt200x50() throws {
        let state = gridState(.init(columns: 200, rows: 50))
        #expect(ScreenLayout.of(state).grid.columns == 8)
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "grid-200x50")
    }

    @Test func toggleKeepsTheSelectedItem() {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        for _ in 0..<7 { _ = AppReducer.reduce(&state, .list(.move(.down))) }
        _ = AppReducer.reduce(&state, .toggleView)
        #expect(state.viewMode == .grid)
        #expect(state.list.selectedRow?.id == "8")
        #expect(KeyMap.default.action(for: .character("l"), in: state) == .gridMove(.right))
        _ = AppReducer.reduce(&state, .gridMove(.left))
        _ = AppReducer.reduce(&state, .toggleView)
        #expect(state.viewMode == .table)
        #expect(state.list.selectedRow?.id == "7")
    }

    @Test func leftAndRightStopAtRowEdges() {
        let layout = GridLayout(width: 80, height: 21)
        #expect(layout.step(from: 3, .left, count: 30) == 3)
        #expect(layout.step(from: 2, .right, count: 30) == 2)
        #expect(layout.step(from: 28, .down, count: 30) == 29)
        #expect(layout.step(from: 1, .up, count: 30) == 0)
    }
}

/// Favorites: `*` marks the selected row (a star in the table), `F` shows
/// the favorites list, and removing works there too.
@Suite struct FavoritesFrameTests {
    @Test func starMarksRowsAndTheListShowsThem() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 12))
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        #expect(AppReducer.reduce(&state, .toggleFavorite) == [.saveFavorite(endpoint: "items", Fixtures.row(2))])
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .toggleFavorite)
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "favorites-marked-80x12")
        #expect(KeyMap.default.action(for: .character("F"), in: state) == .toggleFavoritesList)
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "favorites-list-80x12")
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        #expect(state.currentRow?.id == "2")
        #expect(state.list.selection == 2, "the endpoint's list keeps its own selection")
        #expect(AppReducer.reduce(&state, .toggleFavorite) == [.removeFavorite(endpoint: "items", id: "2")])
        #expect(state.favorites.map(\.id) == ["3"])
        #expect(KeyMap.default.action(for: .escape, in: state) == .toggleFavoritesList)
    }

    @Test func emptyFavoritesList() throws {
        var state = Fixtures.loaded((1...5).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 12), totalPages: 1)
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        try GoldenFrame.check(AppRenderer().render(state, now: Fixtures.now), "favorites-empty-80x12")
    }

    @Test func appearingLoadsFavoritesFromTheStore() {
        var state = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging())
        #expect(AppReducer.reduce(&state, .list(.appeared)) == [.loadFavorites(endpoint: "items"), .fetchPage(list: .tab("items"), endpoint: "items", requestID: 1, cursor: .page(1))])
        _ = AppReducer.reduce(&state, .favoritesLoaded(endpoint: "items", [Fixtures.row(9)]))
        #expect(state.isFavorite("9"))
    }
}
