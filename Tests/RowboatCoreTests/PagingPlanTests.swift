import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("PagingPlan: first page and end of data")
struct PagingPlanTests {
    let oneBased = PagingPlan(paging: Paging(style: .pageNumber(param: "page", first: 1)))
    let zeroBased = PagingPlan(paging: Paging(style: .pageNumber(param: "page", first: 0)))
    let single = PagingPlan(paging: Paging(style: .none))

    @Test func firstCursor() {
        #expect(oneBased.first == .page(1))
        #expect(zeroBased.first == .page(0))
        #expect(single.first == .page(0))
    }

    @Test func totalPagesEndsTheData() {
        #expect(oneBased.next(after: .page(1), page: PageFacts(itemCount: 30, totalPages: 3), loadedCount: 30) == .page(2))
        #expect(oneBased.next(after: .page(2), page: PageFacts(itemCount: 30, totalPages: 3), loadedCount: 60) == .page(3))
        #expect(oneBased.next(after: .page(3), page: PageFacts(itemCount: 30, totalPages: 3), loadedCount: 90) == nil)
        #expect(oneBased.next(after: .page(1), page: PageFacts(itemCount: 30, totalPages: 1), loadedCount: 30) == nil)
        #expect(zeroBased.next(after: .page(0), page: PageFacts(itemCount: 30, totalPages: 3), loadedCount: 30) == .page(1))
        #expect(zeroBased.next(after: .page(2), page: PageFacts(itemCount: 30, totalPages: 3), loadedCount: 90) == nil)
    }

    @Test func totalPagesWinsOverTotalCount() {
        let facts = PageFacts(itemCount: 30, totalPages: 1, totalCount: 1000)
        #expect(oneBased.next(after: .page(1), page: facts, loadedCount: 30) == nil)
    }

    @Test func totalCountEndsTheData() {
        #expect(oneBased.next(after: .page(1), page: PageFacts(itemCount: 30, totalCount: 31), loadedCount: 30) == .page(2))
        #expect(oneBased.next(after: .page(2), page: PageFacts(itemCount: 1, totalCount: 31), loadedCount: 31) == nil)
        #expect(oneBased.next(after: .page(2), page: PageFacts(itemCount: 30, totalCount: 60), loadedCount: 60) == nil)
    }

    @Test func emptyPageEndsTheData() {
        #expect(oneBased.next(after: .page(4), page: PageFacts(itemCount: 0), loadedCount: 90) == nil)
        #expect(oneBased.next(after: .page(1), page: PageFacts(itemCount: 0, totalPages: 9, totalCount: 900), loadedCount: 0) == nil)
    }

    @Test func withoutTotalsKeepsGoing() {
        #expect(oneBased.next(after: .page(7), page: PageFacts(itemCount: 30), loadedCount: 210) == .page(8))
        #expect(oneBased.next(after: .first, page: PageFacts(itemCount: 30), loadedCount: 30) == .page(2))
        #expect(zeroBased.next(after: .first, page: PageFacts(itemCount: 30), loadedCount: 30) == .page(1))
    }

    @Test func singlePageStyleHasNoNextPage() {
        #expect(single.next(after: .page(0), page: PageFacts(itemCount: 30), loadedCount: 30) == nil)
    }

    @Test func reducerUsesTotalCountAfterDeduplication() {
        let paging = Paging(style: .pageNumber(param: "page", first: 1))
        var state = ListState(paging: paging)
        Fixtures.send(&state, paging: paging, .appeared, .pageLoaded(requestID: 1, Fixtures.page(1...30, totalCount: 40)))
        #expect(state.nextCursor == .page(2))
        Fixtures.send(&state, paging: paging, .loadMore, .pageLoaded(requestID: 2, Fixtures.page(21...40, totalCount: 40)))
        #expect(state.rows.count == 40)
        #expect(state.nextCursor == nil)
        #expect(state.phase == .exhausted)
        #expect(state.totalCount == 40)
    }

    @Test func reducerEndsOnEmptyPage() {
        var state = ListState(paging: Fixtures.paging)
        Fixtures.send(&state, .appeared, .pageLoaded(requestID: 1, Fixtures.page(1...30)))
        Fixtures.send(&state, .loadMore,
                      .pageLoaded(requestID: 2, PageLoad(rows: [], fetchedAt: 5)))
        #expect(state.rows == Fixtures.rows(1...30))
        #expect(state.phase == .exhausted)
        #expect(state.footer.hint.text(in: .default) == "no more items")
        #expect(!state.isEmpty)
    }

    @Test func singlePageEndpointIsExhaustedAfterOnePage() {
        var state = ListState(paging: Paging())
        #expect(ListReducer.reduce(&state, .appeared, paging: Paging()) == [.fetchPage(requestID: 1, cursor: .page(0))])
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, Fixtures.page(1...5)), paging: Paging()) == [])
        #expect(state.phase == .exhausted)
        #expect(state.nextCursor == nil)
    }
}
