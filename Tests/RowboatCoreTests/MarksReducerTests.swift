import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

/// Marks: `m` marks the row and moves on, `M` marks every loaded row or
/// clears them; marks are kept by id through paging, a refresh, tab
/// switches and search, and `y` copies every marked row's link.
@Suite("Marks")
struct MarksReducerTests {
    static let now: Double = 1_800_000_000

    func rows(_ ids: ClosedRange<Int>) -> [RowModel] {
        ids.map { RowModel(id: String($0), title: "Item \($0)", linkURL: $0 % 2 == 1 ? "https://example.com/\($0)" : nil) }
    }

    func app() -> AppState {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging,
                             size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows(1...30), totalPages: 5, fetchedAt: Self.now))))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        return state
    }

    func marked(_ state: AppState) -> [String] {
        state.list.marks.indices(in: state.list.rows).map { state.list.rows.id(at: $0) }
    }

    @Test func markTogglesTheRowAndMovesOn() {
        var state = app()
        let before = state
        #expect(AppReducer.reduce(&state, .mark(.toggle)) == [])
        var expected = before
        expected.list.marks.toggle(0, in: expected.list.rows)
        expected.list.selection = 1
        #expect(state == expected)
        _ = AppReducer.reduce(&state, .mark(.toggle))
        #expect(marked(state) == ["1", "2"] && state.list.selection == 2)
        _ = AppReducer.reduce(&state, .list(.move(.to(0))))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        #expect(marked(state) == ["2"] && state.list.marks.count == 1)
        #expect(KeyMap.default.action(for: .character("m"), in: state) == .mark(.toggle))
        #expect(KeyMap.default.action(for: .character("M"), in: state) == .mark(.toggleAll))
    }

    @Test func markAllIsOneStepAndAgainClears() {
        var state = app()
        _ = AppReducer.reduce(&state, .mark(.toggleAll))
        #expect(state.list.marks.count == 30 && state.list.marks.bulk == 30 && state.list.marks.ids.isEmpty)
        #expect(state.toast?.text == "marked all 30 loaded rows")
        // Unmarking one of them, then a new page: its rows are not marked.
        _ = AppReducer.reduce(&state, .list(.move(.to(4))))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        _ = AppReducer.reduce(&state, .list(.loadMore))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 2, PageLoad(rows: rows(31...60), totalPages: 5, fetchedAt: Self.now))))
        #expect(state.list.marks.count == 29 && !marked(state).contains("5") && !marked(state).contains("31"))
        _ = AppReducer.reduce(&state, .mark(.toggleAll))
        #expect(state.list.marks.isEmpty)
        #expect(state.toast?.text == "29 marks cleared")
    }

    @Test func marksSurviveARefreshById() {
        var state = app()
        for index in [2, 5, 20] {
            _ = AppReducer.reduce(&state, .list(.move(.to(index))))
            _ = AppReducer.reduce(&state, .mark(.toggle))
        }
        #expect(marked(state) == ["3", "6", "21"])
        // The refresh brings back rows in another order, without 21 (the
        // selection on a row it brings back: it loads no further pages).
        _ = AppReducer.reduce(&state, .list(.move(.to(0))))
        _ = AppReducer.reduce(&state, .list(.refresh))
        let fresh = rows(1...20).reversed() + rows(100...101)
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: state.list.inFlight!.id, PageLoad(rows: Array(fresh), totalPages: 5, fetchedAt: Self.now))))
        #expect(Set(marked(state)) == ["3", "6"] && state.list.marks.count == 2)
        // A mark-all (after clearing) settled into ids before a refresh follows them too.
        _ = AppReducer.reduce(&state, .mark(.toggleAll))
        #expect(state.list.marks.isEmpty)
        _ = AppReducer.reduce(&state, .mark(.toggleAll))
        #expect(state.list.marks.count == 22)
        _ = AppReducer.reduce(&state, .list(.refresh))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: state.list.inFlight!.id, PageLoad(rows: rows(1...10), totalPages: 5, fetchedAt: Self.now))))
        #expect(state.list.marks.count == 10 && state.list.marks.bulk == 0)
    }

    @Test func aMarkFromSearchResultsMarksTheRowUnderIt() {
        var state = app()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("Item 2")))
        _ = AppReducer.reduce(&state, .search(.submit))
        let first = state.search!.matches[0]
        _ = AppReducer.reduce(&state, .mark(.toggle))
        #expect(state.list.marks.contains(first, in: state.list.rows))
        #expect(state.isMarked(shown: 0) && !state.isMarked(shown: 1))
        // Leaving the search, the mark is on its row in the list.
        _ = AppReducer.reduce(&state, .back)
        #expect(state.search == nil && state.isMarked(shown: first))
    }

    @Test func copyTakesEveryMarkedRowsLink() {
        var state = app()
        for index in [0, 1, 2] {
            _ = AppReducer.reduce(&state, .list(.move(.to(index))))
            _ = AppReducer.reduce(&state, .mark(.toggle))
        }
        // The toast (when the copy is done) names how many links, not "link copied".
        #expect(AppReducer.reduce(&state, .copyLink) == [.copy(CopyRequest("https://example.com/1\nhttps://example.com/3",
                                                                          what: "2 links (1 of 3 marked rows have none)"))])
        #expect(state.actionRows.marked && state.actionRows.rows.map(\.id) == ["1", "2", "3"])
    }

    /// A server search (`/brass` Enter) asks for a new list: the marks are
    /// kept by id, shown on the rows of the results that have them, and on
    /// the list again once the search is cleared (Esc). Another query
    /// (a filter, a sort) does the same; a refresh keeps only the rows it
    /// brought back.
    @Test func marksSurviveAServerSearchAndComeBackWithTheList() {
        var state = app()
        state.query = QueryState(options: QueryOptions(searchParam: "q"))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        _ = AppReducer.reduce(&state, .list(.move(.to(9))))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        #expect(marked(state) == ["1", "10"])
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("brass")))
        _ = AppReducer.reduce(&state, .search(.submit))
        #expect(state.query.serverSearch == "brass" && state.list.rows.isEmpty)
        // The results hold item 10 and others, not item 1.
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: state.list.lastRequestID, PageLoad(rows: rows(8...12), totalPages: 1, fetchedAt: Self.now))))
        #expect(marked(state) == ["10"] && state.list.marks.count == 2)
        #expect(state.list.marks.summary(in: state.list.rows) == "2 marked (1 here)")
        // Esc: the list again, both marks on it.
        _ = AppReducer.reduce(&state, .search(.clearServer))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: state.list.lastRequestID, PageLoad(rows: rows(1...30), totalPages: 5, fetchedAt: Self.now))))
        #expect(marked(state) == ["1", "10"] && state.list.marks.summary(in: state.list.rows) == "2 marked")
        // A refresh that brings item 1 back without item 10: item 10's mark goes.
        _ = AppReducer.reduce(&state, .list(.refresh))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: state.list.lastRequestID, PageLoad(rows: rows(1...9), totalPages: 5, fetchedAt: Self.now))))
        #expect(marked(state) == ["1"] && state.list.marks.count == 1)
    }

    @Test func theFavoritesListHasNoMarks() {
        var state = app()
        _ = AppReducer.reduce(&state, .toggleFavorite)
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        #expect(KeyMap.default.action(for: .character("m"), in: state) == nil)
        let before = state
        #expect(AppReducer.reduce(&state, .mark(.toggle)) == [])
        #expect(state == before)
    }

    @Test func marksOfAMillionRowsAreOneStep() {
        var list = ListState(paging: Fixtures.paging)
        list.rows = RowTable((1...200_000).map { RowModel(id: String($0), title: "r\($0)") })
        var marks = Marks()
        marks.markAll(list.rows)
        #expect(marks.count == 200_000)
        marks.toggle(7, in: list.rows)
        #expect(marks.count == 199_999 && !marks.contains(7, in: list.rows) && marks.contains(8, in: list.rows))
        marks.toggle(7, in: list.rows)
        #expect(marks.count == 200_000)
    }
}
