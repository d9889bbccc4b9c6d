import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListReducer: first load, load-more, stale answers, de-dup")
struct ListReducerLoadingTests {
    typealias F = Fixtures

    @Test func appearedStartsFirstLoadWithOneFetch() {
        var state = ListState(paging: F.paging)
        let effects = ListReducer.reduce(&state, .appeared, paging: Fixtures.paging)
        #expect(effects == [.fetchPage(requestID: 1, cursor: .page(1))])

        var expected = ListState(paging: F.paging)
        expected.phase = .firstLoad
        expected.inFlight = .init(id: 1, kind: .first, cursor: .page(1))
        expected.lastRequestID = 1
        #expect(state == expected)
        #expect(state.footer == .hidden)
    }

    @Test func appearedTwiceDoesNotFetchAgain() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let before = state
        #expect(ListReducer.reduce(&state, .appeared, paging: Fixtures.paging) == [])
        #expect(state == before)
    }

    @Test func zeroBasedPagingStartsAtPageZero() {
        let paging = Paging(style: .pageNumber(param: "p", first: 0))
        var state = ListState(paging: paging)
        #expect(ListReducer.reduce(&state, .appeared, paging: paging) == [.fetchPage(requestID: 1, cursor: .page(0))])
    }

    @Test func firstPageLoadedBecomesIdleWithRowsAndTotals() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let page = F.page(1...30, totalPages: 5, totalCount: 150)
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 1, page), paging: Fixtures.paging)
        #expect(effects == [])

        var expected = ListState(paging: F.paging)
        expected.phase = .idle
        expected.rows = RowTable(page.rows)
        expected.nextCursor = .page(2)
        expected.pagesLoaded = 1
        expected.totalPages = 5
        expected.totalCount = 150
        expected.lastRequestID = 1
        expected.lastUpdated = F.fetchedAt
        #expect(state == expected)
        #expect(state.selectedRow?.id == "1")
        #expect(state.footer == .loadMore)
        #expect(!state.isEmpty)
    }

    @Test func answerWithUnknownRequestIDIsIgnored() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let before = state
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 7, F.page(1...30)), paging: Fixtures.paging) == [])
        #expect(ListReducer.reduce(&state, .pageFailed(requestID: 7, message: "late"), paging: Fixtures.paging) == [])
        #expect(state == before)
    }

    @Test func loadMoreIsSingleFlight() {
        var state = F.loaded(pages: 1)
        var effects: [ListEffect] = []
        for _ in 0..<20 { effects += ListReducer.reduce(&state, .loadMore, paging: Fixtures.paging) }
        #expect(effects == [.fetchPage(requestID: 2, cursor: .page(2))])
        #expect(state.phase == .loadingMore)
        #expect(state.inFlight == .init(id: 2, kind: .more, cursor: .page(2)))
        #expect(state.rows == F.rows(1...30))
        #expect(state.footer == .loadingMore)

        let page2 = F.page(31...60, totalPages: 5)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 2, page2), paging: Fixtures.paging) == [])
        var expected = F.loaded(pages: 1)
        expected.rows = RowTable(F.rows(1...60))
        expected.nextCursor = .page(3)
        expected.pagesLoaded = 2
        expected.lastRequestID = 2
        #expect(state == expected)

        effects = []
        for _ in 0..<20 { effects += ListReducer.reduce(&state, .loadMore, paging: Fixtures.paging) }
        #expect(effects == [.fetchPage(requestID: 3, cursor: .page(3))])
    }

    @Test func loadMoreDuringFirstLoadDoesNothing() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let before = state
        #expect(ListReducer.reduce(&state, .loadMore, paging: Fixtures.paging) == [])
        #expect(state == before)
    }

    @Test func refreshSupersedesLoadMoreAndItsPageIsDropped() {
        var state = F.loaded(pages: 1)
        #expect(F.send(&state, .loadMore) == [.fetchPage(requestID: 2, cursor: .page(2))])
        #expect(F.send(&state, .refresh) == [.cancelFetch(requestID: 2), .fetchPage(requestID: 3, cursor: .page(1))])
        #expect(state.phase == .refreshing)
        #expect(state.inFlight == .init(id: 3, kind: .refresh, cursor: .page(1)))
        #expect(state.rows == F.rows(1...30))

        let refreshing = state
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 2, F.page(31...60, totalPages: 5)), paging: Fixtures.paging) == [])
        #expect(state == refreshing)
        #expect(ListReducer.reduce(&state, .pageFailed(requestID: 2, message: "late"), paging: Fixtures.paging) == [])
        #expect(state == refreshing)

        let fresh = F.page(1...30, totalPages: 5, tag: " (new)", at: F.fetchedAt + 60)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 3, fresh), paging: Fixtures.paging) == [])
        var expected = F.loaded(pages: 1)
        expected.rows = RowTable(fresh.rows)
        expected.lastRequestID = 3
        expected.lastUpdated = F.fetchedAt + 60
        // Every row came back retitled: each title is marked as changed.
        for id in 1...30 { expected.changes.note(String(id), fields: ["title"], at: F.fetchedAt + 60, hold: RowChanges.refreshHold) }
        #expect(state == expected)
        #expect(!state.rows.contains { $0.id == "31" })
    }

    @Test func rowsAreDeduplicatedByIDAcrossPages() {
        var state = F.loaded(pages: 1, totalPages: nil)
        F.send(&state, .loadMore)
        let page2 = F.page(25...54, tag: " v2")
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 2, page2), paging: Fixtures.paging) == [])

        let expectedRows = F.rows(1...24) + F.rows(25...54, tag: " v2")
        #expect(state.rows == expectedRows)
        #expect(F.positions(state.rows) == F.positions(expectedRows))
        #expect(Set(state.rows.map(\.id)).count == state.rows.count)
        #expect(state.nextCursor == .page(3))
        #expect(state.phase == .idle)
        #expect(state.pagesLoaded == 2)
    }

    @Test func duplicatesWithinOnePageKeepTheFirstPositionAndLatestRow() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let rows = [RowModel(id: "a", title: "A1"), RowModel(id: "b", title: "B"), RowModel(id: "a", title: "A2")]
        F.send(&state, .pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: 0)))
        #expect(state.rows == [RowModel(id: "a", title: "A2"), RowModel(id: "b", title: "B")])
        #expect(F.positions(state.rows) == ["a": 0, "b": 1])
    }

    @Test func shortFirstPageLoadsMoreToFillTheScreen() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 1, F.page(1...10, totalPages: 5)), paging: Fixtures.paging)
        #expect(effects == [.fetchPage(requestID: 2, cursor: .page(2))])
        #expect(state.phase == .loadingMore)
        #expect(state.rows == F.rows(1...10))
    }
}
