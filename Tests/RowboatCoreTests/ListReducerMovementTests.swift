import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListReducer: movement, scrolling and auto load-more")
struct ListReducerMovementTests {
    typealias F = Fixtures

    /// 100 rows, all data loaded (no auto load-more), viewport of 10 rows.
    func hundredRows() -> ListState {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        F.send(&state, .appeared, .pageLoaded(requestID: 1, F.page(1...100, totalPages: 1)))
        #expect(state.phase == .exhausted)
        return state
    }

    /// Moves and checks (selection, scrollOffset) and that no effect is asked for.
    func check(_ state: inout ListState, _ movement: Movement, _ selection: Int, _ offset: Int,
               sourceLocation: SourceLocation = #_sourceLocation) {
        let effects = ListReducer.reduce(&state, .move(movement), paging: Fixtures.paging)
        #expect(effects == [], sourceLocation: sourceLocation)
        #expect(state.selection == selection, "selection", sourceLocation: sourceLocation)
        #expect(state.scrollOffset == offset, "scrollOffset", sourceLocation: sourceLocation)
    }

    @Test func upAndDownClampAndScroll() {
        var state = hundredRows()
        check(&state, .up, 0, 0)
        for i in 1...9 { check(&state, .down, i, 0) }
        check(&state, .down, 10, 1)
        check(&state, .down, 11, 2)
        for i in stride(from: 10, through: 2, by: -1) { check(&state, .up, i, 2) }
        check(&state, .up, 1, 1)
        check(&state, .up, 0, 0)
    }

    @Test func pageDownAndPageUpKeepTheScreenRow() {
        var state = hundredRows()
        check(&state, .pageDown, 9, 9)
        check(&state, .pageDown, 18, 18)
        check(&state, .down, 19, 18)
        check(&state, .pageUp, 10, 9)
        check(&state, .pageUp, 1, 0)
        check(&state, .pageUp, 0, 0)
    }

    @Test func pageDownNearTheEndClamps() {
        var state = hundredRows()
        check(&state, .to(85), 85, 76)
        check(&state, .pageDown, 94, 85)
        check(&state, .pageDown, 99, 90)
        check(&state, .pageDown, 99, 90)
    }

    @Test func homeEndAndJumpsClamp() {
        var state = hundredRows()
        check(&state, .end, 99, 90)
        check(&state, .down, 99, 90)
        check(&state, .home, 0, 0)
        check(&state, .to(500), 99, 90)
        check(&state, .to(-3), 0, 0)
        check(&state, .to(50), 50, 41)
    }

    @Test func movingAnEmptyListDoesNothing() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let before = state
        for m in [Movement.up, .down, .pageUp, .pageDown, .home, .end, .to(4)] {
            #expect(ListReducer.reduce(&state, .move(m), paging: Fixtures.paging) == [])
        }
        #expect(state == before)
    }

    @Test func viewportChangedClampsScroll() {
        var state = hundredRows()
        check(&state, .end, 99, 90)
        #expect(ListReducer.reduce(&state, .viewportChanged(items: 30), paging: Fixtures.paging) == [])
        #expect(state.viewportItems == 30)
        #expect(state.scrollOffset == 70)
        #expect(ListReducer.reduce(&state, .viewportChanged(items: 5), paging: Fixtures.paging) == [])
        #expect(state.scrollOffset == 95)
        #expect(ListReducer.reduce(&state, .viewportChanged(items: 0), paging: Fixtures.paging) == [])
        #expect(state.viewportItems == 1)
        #expect(state.scrollOffset == 99)
        #expect(ListReducer.reduce(&state, .viewportChanged(items: 200), paging: Fixtures.paging) == [])
        #expect(state.scrollOffset == 0)
        #expect(state.selection == 99)
    }

    @Test func autoLoadMoreWithinOneScreenOfTheEnd() {
        var state = F.loaded(pages: 1)  // 30 rows, viewport 20
        #expect(ListReducer.reduce(&state, .move(.to(9)), paging: Fixtures.paging) == [])
        #expect(state.phase == .idle)
        #expect(ListReducer.reduce(&state, .move(.down), paging: Fixtures.paging) == [.fetchPage(requestID: 2, cursor: .page(2))])
        #expect(state.phase == .loadingMore)
        #expect(state.selection == 10)
        #expect(ListReducer.reduce(&state, .move(.down), paging: Fixtures.paging) == [])
        #expect(ListReducer.reduce(&state, .move(.end), paging: Fixtures.paging) == [])
        #expect(state.inFlight == .init(id: 2, kind: .more, cursor: .page(2), automatic: true))
    }

    @Test func autoLoadMoreHonoursAnExplicitThreshold() {
        var state = F.loaded(pages: 1)
        state.loadMoreThreshold = 5
        #expect(ListReducer.reduce(&state, .move(.to(24)), paging: Fixtures.paging) == [])
        #expect(ListReducer.reduce(&state, .move(.down), paging: Fixtures.paging) == [.fetchPage(requestID: 2, cursor: .page(2))])
    }

    @Test func growingViewportLoadsMore() {
        var state = F.loaded(pages: 1)
        #expect(ListReducer.reduce(&state, .viewportChanged(items: 40), paging: Fixtures.paging) == [.fetchPage(requestID: 2, cursor: .page(2))])
        #expect(state.phase == .loadingMore)
    }

    @Test func noAutoLoadMoreWhenExhausted() {
        var state = F.loaded(pages: 1, totalPages: 1)
        #expect(ListReducer.reduce(&state, .move(.end), paging: Fixtures.paging) == [])
        #expect(state.phase == .exhausted)
    }
}
