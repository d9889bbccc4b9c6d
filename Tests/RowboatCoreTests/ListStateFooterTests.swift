import Testing
@testable import RowboatCore

@Suite("ListState: footer and empty view")
struct ListStateFooterTests {
    func state(_ phase: ListState.Phase, rows: Int) -> ListState {
        var s = ListState(paging: Fixtures.paging)
        s.phase = phase
        s.rows = rows == 0 ? [] : RowTable(Fixtures.rows(1...rows))
        return s
    }

    @Test func footerTexts() {
        #expect(FooterState.hidden.text == "")
        #expect(FooterState.loadMore.text == "load more (space)")
        #expect(FooterState.loadingMore.text == "loading more…")
        #expect(FooterState.noMoreItems.text == "no more items")
        #expect(FooterState.failed.text == "failed — r to retry")
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
        #expect(s.firstCursor == .page(1))
        #expect(s.selectedRow == nil)
        #expect(s.viewportItems == 20)
        #expect(s.loadMoreThreshold == 0)
        #expect(s.lastRequestID == 0)
    }
}
