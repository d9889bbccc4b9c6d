import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListReducer: refresh")
struct ListReducerRefreshTests {
    typealias F = Fixtures

    /// Two pages (60 rows), viewport 10, selection on id "11" at screen row 4.
    func scrolledList() -> ListState {
        var state = F.loaded(pages: 2, viewport: 10)
        #expect(F.send(&state, .move(.to(15))) == [])
        #expect(F.send(&state, .move(.up), .move(.up), .move(.up), .move(.up), .move(.up)) == [])
        #expect(state.selection == 10)
        #expect(state.scrollOffset == 6)
        return state
    }

    @Test func oldRowsStayVisibleWhileRefreshing() {
        var state = scrolledList()
        let before = state
        #expect(ListReducer.reduce(&state, .refresh, paging: Fixtures.paging) == [.fetchPage(requestID: 3, cursor: .page(1))])
        var expected = before
        expected.phase = .refreshing
        expected.inFlight = .init(id: 3, kind: .refresh, cursor: .page(1))
        expected.lastRequestID = 3
        #expect(state == expected)
        #expect(state.footer == .loadMore)
    }

    @Test func secondRefreshWhileRefreshingIsIgnored() {
        var state = scrolledList()
        F.send(&state, .refresh)
        let before = state
        #expect(ListReducer.reduce(&state, .refresh, paging: Fixtures.paging) == [])
        #expect(state == before)
    }

    @Test func refreshKeepsSelectedItemAndItsScreenRow() {
        var state = scrolledList()
        #expect(state.selectedRow?.id == "11")
        F.send(&state, .refresh)
        let freshRows = F.rows(ids: ["101", "102", "103"]) + F.rows(1...27)
        let fresh = PageLoad(rows: freshRows, totalPages: 5, fetchedAt: 2_000)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 3, fresh), paging: Fixtures.paging) == [])

        var expected = ListState(paging: F.paging)
        expected.viewportItems = 10
        expected.phase = .idle
        expected.rows = RowTable(freshRows)
        expected.selection = 13
        expected.scrollOffset = 9
        expected.nextCursor = .page(2)
        expected.pagesLoaded = 1
        expected.totalPages = 5
        expected.lastRequestID = 3
        expected.lastUpdated = 2_000
        #expect(state == expected)
        #expect(state.selectedRow?.id == "11")
        #expect(state.selection - state.scrollOffset == 4)
    }

    @Test func refreshWithoutTheSelectedItemClampsTheSelection() {
        var state = scrolledList()
        F.send(&state, .refresh)
        let fresh = F.page(201...205, totalPages: 1)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 3, fresh), paging: Fixtures.paging) == [])
        #expect(state.rows == fresh.rows)
        #expect(state.selection == 4)
        #expect(state.scrollOffset == 0)
        #expect(state.phase == .exhausted)
        #expect(state.nextCursor == nil)
    }

    @Test func refreshAnswerNearTheSelectionEndLoadsMore() {
        var state = F.loaded(pages: 2, viewport: 10)
        F.send(&state, .move(.to(25)))
        #expect(state.scrollOffset == 16)
        F.send(&state, .refresh)
        let freshRows = F.rows(ids: ["101", "102", "103"]) + F.rows(1...27)
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 3, PageLoad(rows: freshRows, totalPages: 5, fetchedAt: 0)), paging: Fixtures.paging)
        #expect(effects == [.fetchPage(requestID: 4, cursor: .page(2))])
        #expect(state.selection == 28)
        #expect(state.selectedRow?.id == "26")
        #expect(state.scrollOffset == 19)
        #expect(state.phase == .loadingMore)
    }

    @Test func refreshAfterExhaustedFetchesTheFirstPageAgain() {
        var state = F.loaded(pages: 1, totalPages: 1)
        #expect(state.phase == .exhausted)
        #expect(state.nextCursor == nil)
        #expect(state.footer == .noMoreItems)
        #expect(F.send(&state, .loadMore) == [])

        let exhausted = state
        #expect(F.send(&state, .refresh) == [.fetchPage(requestID: 2, cursor: .page(1))])
        var refreshing = exhausted
        refreshing.phase = .refreshing
        refreshing.inFlight = .init(id: 2, kind: .refresh, cursor: .page(1))
        refreshing.lastRequestID = 2
        #expect(state == refreshing)

        #expect(F.send(&state, .pageLoaded(requestID: 2, F.page(1...30, totalPages: 2))) == [])
        var reloaded = exhausted
        reloaded.phase = .idle
        reloaded.nextCursor = .page(2)
        reloaded.totalPages = 2
        reloaded.lastRequestID = 2
        #expect(state == reloaded)
    }

    @Test func refreshWithNoRowsIsAFirstLoad() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared, .pageFailed(requestID: 1, message: "down"))
        #expect(F.send(&state, .refresh) == [.fetchPage(requestID: 2, cursor: .page(1))])
        #expect(state.phase == .firstLoad)
        #expect(state.inFlight == .init(id: 2, kind: .first, cursor: .page(1)))
    }
}

/// Pull-to-refresh: up at the top arms, up again refreshes, anything else disarms.
@Suite struct ListReducerPullTests {
    let paging = Paging(style: .pageNumber(param: "page", first: 1), totalPagesPath: JSONPath("t"))

    func loadedState() -> ListState {
        var state = ListState(paging: paging)
        _ = ListReducer.reduce(&state, .appeared, paging: paging)
        _ = ListReducer.reduce(&state, .pageLoaded(requestID: 1, PageLoad(
            rows: (1...40).map { RowModel(id: String($0), title: "Row \($0)") }, totalPages: 3, fetchedAt: 1)), paging: paging)
        return state
    }

    @Test func upAtTopArmsThenRefreshes() {
        var state = loadedState()
        #expect(ListReducer.reduce(&state, .move(.up), paging: paging).isEmpty)
        #expect(state.phase == .pulling)
        #expect(state.footer == .pullArmed)
        #expect(ListReducer.reduce(&state, .move(.up), paging: paging) == [.fetchPage(requestID: 2, cursor: .page(1))])
        #expect(state.phase == .refreshing)
        #expect(state.rows.count == 40)
    }

    @Test func movingAwayDisarms() {
        var state = loadedState()
        _ = ListReducer.reduce(&state, .move(.up), paging: paging)
        _ = ListReducer.reduce(&state, .move(.down), paging: paging)
        #expect(state.phase == .idle)
        #expect(state.selection == 1)
    }

    @Test func upBelowTheTopJustMoves() {
        var state = loadedState()
        _ = ListReducer.reduce(&state, .move(.down), paging: paging)
        #expect(ListReducer.reduce(&state, .move(.up), paging: paging).isEmpty)
        #expect(state.phase == .idle)
        #expect(state.selection == 0)
    }
}
