import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells
import Synchronization

/// A `/` search through more rows than the reducer looks at in one key
/// (`ListState.inlineSearchRows`) is worked out off the UI thread: the
/// reducer asks for it (`searchRows`) and takes the latest answer.
@Suite("Search: long lists searched off the UI thread, the latest answer taken")
struct SearchOffTheUIThreadTests {
    typealias F = Fixtures

    /// 60 rows "Item 1"..."Item 60", searched off the UI thread past 10.
    func loadedApp() -> AppState {
        var state = AppState(endpointKey: "items", columns: [], list: F.loaded(pages: 2),
                             size: TerminalSize(columns: 80, rows: 24))
        state.list.inlineSearchRows = 10
        return state
    }

    /// A streamed load's first 20 rows, searched off the UI thread past
    /// 10, `/` open with every row matching (request 1 answered).
    func streamingAppSearched() -> AppState {
        var state = AppState(endpointKey: "items", columns: [], list: ListState(paging: F.paging),
                             size: TerminalSize(columns: 80, rows: 24))
        state.list.inlineSearchRows = 10
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, SearchWhileStreamingTests.part(F.rows(1...20)))))
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, found(1, Array(0..<20)))
        return state
    }

    func found(_ id: Int, _ matches: [Int]) -> AppAction {
        .search(.found(tab: "items", requestID: id, matches: matches))
    }

    @Test func beginAsksForTheMatchesAndTheAnswerKeepsTheSelection() {
        var state = loadedApp()
        state.list.selection = 12
        let rows = state.list.rows
        #expect(AppReducer.reduce(&state, .search(.begin))
                == [.searchRows(tab: "items", requestID: 1, text: "", rows: rows, among: nil, fields: [])])
        var expected = SearchState(text: "", editing: true, matches: [], selection: 0, fields: [])
        expected.searching = PendingSearch(id: 1, text: "", rows: SearchedRows(rows), keepSelection: true, selectedID: "13")
        #expect(state.search == expected)
        #expect(AppReducer.reduce(&state, found(1, Array(0..<60))) == [])
        expected = SearchState(text: "", editing: true, matches: Array(0..<60), selection: 12, scrollLine: 0, fields: [])
        expected.basis = SearchBasis(text: "", rows: SearchedRows(rows))
        #expect(state.search == expected)
        #expect(state.currentRow?.id == "13")
    }

    @Test func typingNarrowsTheLastMatchesFoundAndOnlyTheLatestAnswerIsTaken() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, found(1, Array(0..<60)))
        let rows = state.list.rows
        #expect(AppReducer.reduce(&state, .search(.insert("5")))
                == [.searchRows(tab: "items", requestID: 2, text: "5", rows: rows, among: nil, fields: [])])
        // The previous matches stay shown until the answer.
        #expect(state.search?.matches == Array(0..<60))
        // A second key before the answer: asked again, from the same matches (those of "": every row).
        #expect(AppReducer.reduce(&state, .search(.insert("5")))
                == [.searchRows(tab: "items", requestID: 3, text: "55", rows: rows, among: nil, fields: [])])
        let before = state
        #expect(AppReducer.reduce(&state, found(2, [4, 14, 24, 34, 44] + Array(49...58))) == [])
        #expect(state == before, "a replaced request's answer is dropped")
        _ = AppReducer.reduce(&state, found(3, [54]))
        #expect(state.search?.matches == [54])
        // Backspace: a shorter text looks at every row again.
        #expect(AppReducer.reduce(&state, .search(.deleteBackward))
                == [.searchRows(tab: "items", requestID: 4, text: "5", rows: rows, among: nil, fields: [])])
        _ = AppReducer.reduce(&state, found(4, [4, 14, 24, 34, 44] + Array(49...58)))
        #expect(state.currentRow?.id == "55", "Backspace keeps the row selected")
        // Typing again narrows among the matches of "5".
        #expect(AppReducer.reduce(&state, .search(.insert("5")))
                == [.searchRows(tab: "items", requestID: 5, text: "55", rows: rows, among: [4, 14, 24, 34, 44] + Array(49...58),
                                fields: [])])
        _ = AppReducer.reduce(&state, found(5, [54]))
        #expect(state.search?.searching == nil)
        #expect(state.search?.basis == SearchBasis(text: "55", rows: SearchedRows(rows)))
        #expect(state.currentRow?.id == "55")
        // Narrowing what is left: few rows, at once.
        #expect(AppReducer.reduce(&state, .search(.insert("x"))) == [])
        #expect(state.search?.matches == [])
    }

    /// An answer for rows that were replaced since is not put in force:
    /// the search is asked for again, in the rows there are now.
    @Test func anAnswerForRowsReplacedSinceIsAskedForAgain() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        state.list.rows = RowTable(F.rows(1...30))
        let effects = AppReducer.reduce(&state, found(1, Array(0..<60)))
        #expect(effects == [.searchRows(tab: "items", requestID: 2, text: "", rows: state.list.rows, among: nil, fields: [])])
        #expect(state.search?.matches == [])
        _ = AppReducer.reduce(&state, found(2, Array(0..<30)))
        #expect(state.search?.matches == Array(0..<30))
    }

    /// A streamed body's parts that come while the scan is out are added
    /// to its answer: the rows they add, and the earlier rows they update.
    @Test func partsThatComeMeanwhileAreAddedToTheAnswer() {
        var state = streamingAppSearched()
        let effects = AppReducer.reduce(&state, .search(.insert("5")))
        #expect(effects.count == 1)
        // Item 5 renamed, item 7 now matching, and new rows 21...30.
        let again = [RowModel(id: "5", title: "Renamed"), RowModel(id: "7", title: "Item 7 and 5")] + F.rows(21...30)
        #expect(AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, SearchWhileStreamingTests.part(again)))) == [],
                "no new scan: the part is added to the answer")
        #expect(state.search?.searching?.updated == [4, 6])
        // The scan's answer for the rows as they were: items 5 and 15.
        _ = AppReducer.reduce(&state, found(2, [4, 14]))
        #expect(state.search?.matches == [6, 14, 24])
        #expect(state.search?.matches == SearchState.matches("5", in: state.list.rows))
        #expect(state.search?.searching == nil)
    }

    /// A scan asked to stop ends early: after the stretch it is in.
    @Test func aScanStopsWhenAsked() {
        let rows = RowTable((1...100_000).map { RowModel(id: String($0), title: "Item \($0)") })
        #expect(SearchState.matches("item", in: rows, stop: { true }) == [])
        #expect(SearchState.matches("item", in: rows, stop: { false }) == Array(0..<100_000))
        let asked = Atomic<Int>(0)
        let partial = SearchState.matches("item", in: rows, stop: { asked.add(1, ordering: .relaxed).newValue > 1 })
        #expect(partial.count < 100_000 && partial.count >= RowTable.stopEvery / 8)
        #expect(partial == partial.sorted())
    }

    /// A search kept on a tab that is not shown still takes its answer.
    @Test func theAnswerFindsItsTabWhereverItIs() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.cancel))
        #expect(AppReducer.reduce(&state, found(1, Array(0..<60))) == [], "no search: dropped")
        #expect(state.search == nil)
        #expect(AppReducer.reduce(&state, .search(.found(tab: "other", requestID: 1, matches: []))) == [])
    }

    /// Narrowing holds only when every row the new text is in holds the
    /// old text, as the search finds text (by whole characters): "e" then
    /// a combining acute makes "é", which is not in a row's "é" as "e" is
    /// not, so "é" is looked for in every row, not among the matches of "e".
    @Test func narrowingOnlyWhereTheLongerTextHoldsTheShorter() {
        #expect(SearchState.narrows("lantern", from: "ant"))
        #expect(SearchState.narrows("Lantern 9", from: "LANT"))
        #expect(SearchState.narrows("abc", from: ""))
        #expect(!SearchState.narrows("e\u{301}", from: "e"))
        let rows = RowTable([RowModel(id: "1", title: "cafe\u{301}"), RowModel(id: "2", title: "cafe")])
        #expect(SearchState.matches("e", in: rows) == [1])
        #expect(SearchState.matches("e\u{301}", in: rows) == [0])
        var state = AppState(endpointKey: "items", columns: [], list: ListState(), size: TerminalSize(columns: 80, rows: 24))
        state.list.rows = rows
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("e")))
        #expect(state.search?.matches == [1])
        _ = AppReducer.reduce(&state, .search(.insert("\u{301}")))
        #expect(state.search?.matches == [0])
    }
}
