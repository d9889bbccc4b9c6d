import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("Filters and sort: the panel, params and re-query")
struct FilterReducerTests {
    static let options = QueryOptions(
        filters: [
            QuerySection(title: "Rating", options: [
                QueryOption(title: "Any"),
                QueryOption(title: "4+", params: ["min_rating": "4"]),
            ]),
            QuerySection(title: "Price", options: [
                QueryOption(title: "Any"),
                QueryOption(title: "Under 20", params: ["max_price": "20"]),
            ]),
        ],
        sort: QuerySection(title: "Sort", options: [
            QueryOption(title: "Newest"),
            QueryOption(title: "Cheapest", params: ["sort": "price_asc"]),
        ]),
        searchParam: "q")

    /// An app that has loaded two pages (60 rows) with the given query.
    func loadedApp(options: QueryOptions = FilterReducerTests.options) -> AppState {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 2),
                             size: TerminalSize(columns: 80, rows: 24))
        state.query = QueryState(options: options)
        return state
    }

    @Test func defaultChoicesAddNoParams() {
        let query = QueryState(options: Self.options)
        #expect(query.chosen == [0, 0, 0])
        #expect(query.params == [:])
        #expect(query.summary == [])
    }

    @Test func paramsMergeEveryChoiceAndTheSearch() {
        var query = QueryState(options: Self.options)
        query.chosen = [1, 1, 1]
        query.serverSearch = "oak"
        #expect(query.params == ["min_rating": "4", "max_price": "20", "sort": "price_asc", "q": "oak"])
        #expect(query.summary == ["Rating: 4+", "Price: Under 20", "Sort: Cheapest", "search “oak”"])
    }

    @Test func openStartsADraftOfTheChoicesWithTheCursorOnTheFirstSectionsChoice() {
        var state = loadedApp()
        state.query.chosen = [1, 0, 0]
        #expect(AppReducer.reduce(&state, .filters(.open)) == [])
        #expect(state.filterPanel == FilterPanel(draft: [1, 0, 0], cursor: 1))
    }

    @Test func openWithoutSectionsSaysSoAndOpensNothing() {
        var state = loadedApp(options: QueryOptions())
        #expect(AppReducer.reduce(&state, .filters(.open)) == [])
        #expect(state.filterPanel == nil)
        #expect(state.list.notice == "no filters or sort in the config for items")
    }

    @Test func cursorMovesOverOptionLinesOfAllSectionsAndStopsAtTheEnds() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(-1)))
        #expect(state.filterPanel?.cursor == 0)
        _ = AppReducer.reduce(&state, .filters(.move(3)))
        #expect(state.filterPanel?.cursor == 3)     // Price: Under 20
        _ = AppReducer.reduce(&state, .filters(.move(10)))
        #expect(state.filterPanel?.cursor == 5)     // Sort: Cheapest, the last line
    }

    @Test func chooseIsARadioWithinItsSectionAndAppliesNothing() {
        var state = loadedApp()
        let before = state.list
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(1)))
        #expect(AppReducer.reduce(&state, .filters(.choose)) == [])
        #expect(state.filterPanel?.draft == [1, 0, 0])
        _ = AppReducer.reduce(&state, .filters(.move(-1)))
        _ = AppReducer.reduce(&state, .filters(.choose))
        #expect(state.filterPanel?.draft == [0, 0, 0])
        #expect(state.query.chosen == [0, 0, 0])
        #expect(state.list == before)
    }

    @Test func cancelDropsTheDraft() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(1)))
        _ = AppReducer.reduce(&state, .filters(.choose))
        // A choice not applied: the first Esc says so, the second throws it away.
        #expect(AppReducer.reduce(&state, .filters(.cancel)) == [])
        #expect(state.filterPanel?.closing == true && state.filterPanel?.draft == [1, 0, 0])
        #expect(AppReducer.reduce(&state, .filters(.cancel)) == [])
        #expect(state.filterPanel == nil)
        #expect(state.query.chosen == [0, 0, 0])
        #expect(state.list.rows.count == 60)
        // Nothing changed: one Esc closes.
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(2)))
        _ = AppReducer.reduce(&state, .filters(.cancel))
        #expect(state.filterPanel == nil)
    }

    /// `c` puts every section back to its default in the draft and the
    /// cursor on the first default, so Enter applies the reset (it used to
    /// choose the option the cursor was on again).
    @Test func resetPutsEverySectionBackToItsDefaultAndEnterAppliesIt() {
        var state = loadedApp()
        state.query.chosen = [1, 1, 1]
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(3)))
        _ = AppReducer.reduce(&state, .filters(.reset))
        #expect(state.filterPanel?.draft == [0, 0, 0] && state.filterPanel?.cursor == 0)
        #expect(state.query.chosen == [1, 1, 1])
        let effects = AppReducer.reduce(&state, .filters(.apply))
        #expect(state.query.chosen == [0, 0, 0] && state.filterPanel == nil && !effects.isEmpty)
    }

    @Test func applyChoosesTheCursorLineAndReQueriesFromTheFirstPage() {
        var state = loadedApp()
        state.list.selection = 40
        let lastID = state.list.lastRequestID
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(5)))   // Sort: Cheapest
        let effects = AppReducer.reduce(&state, .filters(.apply))
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: lastID + 1, cursor: .page(1), params: ["sort": "price_asc"])])
        #expect(state.filterPanel == nil)
        #expect(state.query.chosen == [0, 0, 1])
        // Paging starts over: no rows, page 1 next, spinner, totals unknown.
        var expected = ListState(paging: Fixtures.paging)
        expected.viewportItems = 21
        expected.lastRequestID = lastID + 1
        expected.inFlight = .init(id: lastID + 1, kind: .first, cursor: .page(1))
        #expect(state.list == expected)
    }

    @Test func applyingTheSameChoicesDoesNotReQuery() {
        var state = loadedApp()
        let before = state.list
        _ = AppReducer.reduce(&state, .filters(.open))
        #expect(AppReducer.reduce(&state, .filters(.apply)) == [])
        #expect(state.list == before)
    }

    @Test func laterPagesKeepTheQueryParams() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(1)))
        let first = AppReducer.reduce(&state, .filters(.apply))
        guard case .fetchPage(_, _, let id, _, _)? = first.first else { Issue.record("no fetch"); return }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: id, Fixtures.page(1...30, totalPages: 3))))
        let more = AppReducer.reduce(&state, .list(.loadMore))
        #expect(more == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: id + 1, cursor: .page(2), params: ["min_rating": "4"])])
        let refresh = AppReducer.reduce(&state, .list(.refresh))
        // The refresh overtakes the load-more still in flight: it is cancelled.
        #expect(refresh == [.cancelFetch(list: .tab("items"), requestID: id + 1), .fetchPage(list: .tab("items"), endpoint: "items", requestID: id + 2, cursor: .page(1), params: ["min_rating": "4"])])
    }

    @Test func aPageOfTheOldQueryArrivingAfterTheChangeIsDropped() {
        var state = loadedApp()
        let loadMore = AppReducer.reduce(&state, .list(.loadMore))
        guard case .fetchPage(_, _, let oldID, _, _)? = loadMore.first else { Issue.record("no load-more"); return }
        _ = AppReducer.reduce(&state, .filters(.open))
        _ = AppReducer.reduce(&state, .filters(.move(1)))
        let apply = AppReducer.reduce(&state, .filters(.apply))
        // The old query's load-more is cancelled before the new first page goes out.
        #expect(apply.first == .cancelFetch(list: .tab("items"), requestID: oldID))
        let afterChange = state.list
        #expect(AppReducer.reduce(&state, .list(.pageLoaded(requestID: oldID, Fixtures.page(61...90, totalPages: 5)))) == [])
        #expect(AppReducer.reduce(&state, .list(.pageFailed(requestID: oldID, message: "boom"))) == [])
        #expect(state.list == afterChange)
    }

    @Test func changingTheQueryLeavesTheFavoritesListAndSearch() {
        var state = loadedApp()
        state.tab.stack = [.favorites(selection: 0), .search(SearchState(text: "7", editing: false, matches: [6, 16]))]
        state.overlay = .filterPanel(FilterPanel(draft: [1, 0, 0], cursor: 1))
        _ = AppReducer.reduce(&state, .filters(.apply))
        #expect(state.search == nil)
        #expect(state.showingFavorites == false)
    }

    @Test func panelKeysAreItsOwn() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .filters(.open))
        let keys = KeyMap.default
        #expect(keys.action(for: .down, in: state) == .filters(.move(1)))
        #expect(keys.action(for: .character("k"), in: state) == .filters(.move(-1)))
        #expect(keys.action(for: .character(" "), in: state) == .filters(.choose))
        #expect(keys.action(for: .enter, in: state) == .filters(.apply))
        #expect(keys.action(for: .escape, in: state) == .filters(.cancel))
        #expect(keys.action(for: .character("f"), in: state) == .filters(.cancel))
        #expect(keys.action(for: .character("c"), in: state) == .filters(.reset))
        #expect(keys.action(for: .character("q"), in: state) == .quit)
    }
}
