import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells
import Synchronization

/// A long scan's first matches (`SearchAction.foundFirst`) are shown while
/// the rest is scanned: they are the start of the answer, so the top of the
/// matches is right at once; the whole answer replaces them; a key typed
/// meanwhile still narrows from the last whole answer.
@Suite("Search: the first matches of a long scan shown while the rest is scanned")
struct SearchFirstMatchesTests {
    typealias F = Fixtures
    /// The suite whose 60 rows ("Item 1"..."Item 60", searched off the UI
    /// thread past 10) and answers these tests use.
    let whole = SearchOffTheUIThreadTests()

    func loadedApp() -> AppState { whole.loadedApp() }

    func found(_ id: Int, _ matches: [Int]) -> AppAction { whole.found(id, matches) }

    func foundFirst(_ id: Int, _ matches: [Int]) -> AppAction {
        .search(.foundFirst(tab: "items", requestID: id, matches: matches))
    }

    /// The rows holding `text` ("Item 1"... at index 0...).
    func matching(_ text: String, among: [Int]? = nil) -> [Int] {
        (among ?? Array(0..<60)).filter { "Item \($0 + 1)".contains(text) }
    }

    @Test func theStartIsShownUntilTheWholeAnswerComes() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, found(1, Array(0..<60)))
        let rows = state.list.rows
        let all = SearchAnswer(basis: SearchBasis(text: "", rows: SearchedRows(rows)), matches: Array(0..<60))
        _ = AppReducer.reduce(&state, .search(.insert("1")))
        #expect(AppReducer.reduce(&state, foundFirst(2, [0, 9, 10])) == [])
        var expected = SearchState(text: "1", editing: true, matches: [0, 9, 10], selection: 0, fields: [])
        expected.searching = PendingSearch(id: 2, text: "1", rows: SearchedRows(rows), keepSelection: false,
                                           shown: ShownStart(text: "1", stamp: rows.stamp, earlier: all))
        #expect(state.search == expected)
        #expect(state.currentRow?.id == "1")
        #expect(AppReducer.reduce(&state, found(2, matching("1"))) == [])
        expected = SearchState(text: "1", editing: true, matches: matching("1"), selection: 0, fields: [])
        expected.basis = SearchBasis(text: "1", rows: SearchedRows(rows))
        #expect(state.search == expected)
    }

    /// A key typed while a start is shown narrows from the whole answer
    /// before it (not from the start, which misses rows past it); the
    /// start stays shown until the next answer's.
    @Test func aKeyMeanwhileNarrowsFromTheLastWholeAnswer() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, found(1, Array(0..<60)))
        _ = AppReducer.reduce(&state, .search(.insert("1")))
        _ = AppReducer.reduce(&state, found(2, matching("1")))
        let rows = state.list.rows
        let ones = SearchAnswer(basis: SearchBasis(text: "1", rows: SearchedRows(rows)), matches: matching("1"))
        #expect(AppReducer.reduce(&state, .search(.insert("0")))
                == [.searchRows(tab: "items", requestID: 3, text: "10", rows: rows, among: matching("1"), fields: [])])
        _ = AppReducer.reduce(&state, foundFirst(3, [9]))
        #expect(state.search?.searching?.shown == ShownStart(text: "10", stamp: rows.stamp, earlier: ones))
        // "1" again: still the matches of "1" looked among.
        #expect(AppReducer.reduce(&state, .search(.deleteBackward))
                == [.searchRows(tab: "items", requestID: 4, text: "1", rows: rows, among: matching("1"), fields: [])])
        #expect(state.search?.matches == [9], "the start shown stays until the next answer")
        #expect(state.search?.searching?.shown?.earlier == ones)
        #expect(AppReducer.reduce(&state, found(3, [9])) == [], "a replaced request's answer is dropped")
        #expect(state.search?.searching?.id == 4)
        _ = AppReducer.reduce(&state, found(4, matching("1")))
        #expect(state.search?.matches == matching("1"))
        #expect(state.search?.basis == ones.basis)
        #expect(state.search?.searching == nil)
    }

    /// A row kept selected (at `/`, after Backspace) that lies past the
    /// start may match: the start is not shown, so the selection does not
    /// jump when the whole answer comes. One within it stays selected.
    @Test func aRowKeptSelectedPastTheStartWaitsForTheWholeAnswer() {
        var state = loadedApp()
        state.list.selection = 40
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("4")))
        _ = AppReducer.reduce(&state, found(2, matching("4")))
        #expect(state.currentRow?.id == "4", "typing selects the first match")
        guard case .search(var search)? = state.screen else { Issue.record("no search"); return }
        search.selection = search.matches.firstIndex(of: 40) ?? 0
        state.replaceTop(.search(search))
        #expect(state.currentRow?.id == "41")
        _ = AppReducer.reduce(&state, .search(.deleteBackward))
        let before = state
        #expect(AppReducer.reduce(&state, foundFirst(3, Array(0..<20))) == [])
        #expect(state == before, "row 41 may match past row 20: the whole answer is awaited")
        _ = AppReducer.reduce(&state, foundFirst(3, Array(0..<45)))
        #expect(state.search?.matches == Array(0..<45))
        #expect(state.currentRow?.id == "41")
        _ = AppReducer.reduce(&state, found(3, Array(0..<60)))
        #expect(state.currentRow?.id == "41")
    }

    /// A start for rows replaced since, for another request, or after a
    /// streamed part updated rows in place, is not shown.
    @Test func aStartThatNoLongerHoldsIsNotShown() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, found(1, Array(0..<60)))
        _ = AppReducer.reduce(&state, .search(.insert("1")))
        let before = state
        #expect(AppReducer.reduce(&state, foundFirst(1, [0])) == [])
        #expect(AppReducer.reduce(&state, foundFirst(2, [])) == [])
        #expect(AppReducer.reduce(&state, .search(.foundFirst(tab: "other", requestID: 2, matches: [0]))) == [])
        #expect(state == before)
        state.list.rows = RowTable(F.rows(1...30))
        #expect(AppReducer.reduce(&state, foundFirst(2, [0])) == [])
        #expect(state.search?.matches == Array(0..<60), "the rows changed: not shown")
    }

    /// A streamed part that adds rows while a start is shown keeps it
    /// shown; the whole answer takes the added rows in.
    @Test func rowsAddedMeanwhileKeepTheStartShown() {
        var state = whole.streamingAppSearched()
        _ = AppReducer.reduce(&state, .search(.insert("1")))
        _ = AppReducer.reduce(&state, foundFirst(2, [0, 9]))
        #expect(AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, SearchWhileStreamingTests.part(F.rows(21...31))))) == [])
        #expect(state.search?.matches == [0, 9])
        #expect(state.search?.searching?.shown?.stamp == state.list.rows.stamp)
        _ = AppReducer.reduce(&state, found(2, [0] + Array(9...18)))
        #expect(state.search?.matches == SearchState.matches("1", in: state.list.rows))
        #expect(state.search?.searching == nil)
    }

    /// The scan hands over its start once: a prefix of its answer, at least
    /// `firstShownMatches` long, for every row or among given ones; none for
    /// rows a sort moved (scanned in the order they lie in the pages).
    @Test func theScanHandsOverAPrefixOfItsAnswer() {
        let rows = RowTable((1...100_000).map { RowModel(id: String($0), title: "Item \($0)") })
        let starts = Mutex<[[Int]]>([])
        let all = SearchState.matches("item 1", in: rows, first: { start in starts.withLock { $0.append(start) } })
        let start = starts.withLock { $0 }
        #expect(start.count == 1)
        #expect(start.first.map { $0.count >= SearchState.firstShownMatches && all.starts(with: $0) } == true)
        starts.withLock { $0 = [] }
        let among = Array(stride(from: 0, to: 100_000, by: 2))
        let some = SearchState.matches("item", in: rows, among: among, first: { start in starts.withLock { $0.append(start) } })
        #expect(some == among)
        #expect(starts.withLock { $0.count == 1 && some.starts(with: $0[0]) && $0[0].count < some.count })
        starts.withLock { $0 = [] }
        let few = SearchState.matches("item 9999", in: rows, first: { start in starts.withLock { $0.append(start) } })
        #expect(few.count == 11 && starts.withLock { $0.isEmpty }, "fewer than a start's worth: only the answer")
    }
}
