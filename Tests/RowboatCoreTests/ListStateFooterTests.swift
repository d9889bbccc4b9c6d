import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListState: footer and empty view")
struct ListStateFooterTests {
    func state(_ phase: ListState.Phase, rows: Int) -> ListState {
        var s = ListState(paging: Fixtures.paging)
        s.phase = phase
        s.rows = rows == 0 ? [] : RowTable(Fixtures.rows(1...rows))
        return s
    }

    @Test func footerTexts() {
        func text(_ f: FooterState) -> String { f.hint.text(in: .default) }
        #expect(text(.hidden) == "")
        #expect(text(.loadMore) == "load more (space)")
        #expect(text(.loadingMore) == "loading more…")
        #expect(text(.noMoreItems) == "no more items")
        #expect(text(.failed) == "failed — r to retry")
        #expect(text(.pullArmed) == "↓ pull to refresh — press again")
    }

    /// The footer names the keys in force: rebound, the new key; unbound,
    /// the phrase is left out.
    @Test func footerTextsFollowTheKeyMap() throws {
        let rebound = try KeyBindings.keyMap(KeyBindingsConfig([.init(.loadMore, [.character("n")]),
                                                                 .init(.refresh, [.function(5)])]))
        #expect(FooterState.loadMore.hint.text(in: rebound) == "load more (n)")
        #expect(FooterState.failed.hint.text(in: rebound) == "failed — F5 to retry")
        #expect(FooterState.halted(.noNewItems).hint.text(in: rebound) == "the last page added nothing new — n loads more")
        let unbound = try KeyBindings.keyMap(KeyBindingsConfig([.init(.loadMore, []), .init(.refresh, [])]))
        #expect(FooterState.loadMore.hint.text(in: unbound) == "load more")
        #expect(FooterState.failed.hint.text(in: unbound) == "failed")
    }

    @Test func footerPerPhase() {
        #expect(state(.firstLoad, rows: 0).footer == .hidden)
        #expect(state(.idle, rows: 3).footer == .loadMore)
        #expect(state(.refreshing, rows: 3).footer == .loadMore)
        #expect(state(.loadingMore, rows: 3).footer == .loadingMore)
        #expect(state(.exhausted, rows: 3).footer == .noMoreItems)
        #expect(state(.exhausted, rows: 0).footer == .hidden)
        #expect(state(.failed("x"), rows: 3).footer == .failed)
        #expect(state(.failed("x"), rows: 0).footer == .failed)
    }

    @Test func isEmptyOnlyWhenExhaustedWithoutRows() {
        #expect(state(.exhausted, rows: 0).isEmpty)
        #expect(!state(.exhausted, rows: 1).isEmpty)
        #expect(!state(.firstLoad, rows: 0).isEmpty)
        #expect(!state(.failed("x"), rows: 0).isEmpty)
    }

    @Test func initialState() {
        let s = ListState(paging: Fixtures.paging)
        #expect(s.phase == .firstLoad)
        #expect(s.nextCursor == .page(1))
        #expect(s.selectedRow == nil)
        #expect(s.viewportItems == 20)
        #expect(s.loadMoreThreshold == 0)
        #expect(s.lastRequestID == 0)
    }
}
