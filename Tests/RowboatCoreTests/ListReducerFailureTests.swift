import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListReducer: failures, retry and empty data")
struct ListReducerFailureTests {
    typealias F = Fixtures

    @Test func emptyFirstPageIsExhaustedAndEmpty() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 1, PageLoad(rows: [], totalPages: 0, totalCount: 0, fetchedAt: F.fetchedAt)), paging: Fixtures.paging)
        #expect(effects == [])

        var expected = ListState(paging: F.paging)
        expected.phase = .exhausted
        expected.nextCursor = nil
        expected.pagesLoaded = 1
        expected.totalPages = 0
        expected.totalCount = 0
        expected.lastRequestID = 1
        expected.lastUpdated = F.fetchedAt
        #expect(state == expected)
        #expect(state.isEmpty)
        #expect(state.footer == .hidden)
        #expect(F.send(&state, .loadMore) == [])
    }

    @Test func errorOnFirstPageFailsWithNoRowsAndRetryFetchesAgain() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        #expect(ListReducer.reduce(&state, .pageFailed(requestID: 1, message: "HTTP 500"), paging: Fixtures.paging) == [])

        var expected = ListState(paging: F.paging)
        expected.phase = .failed("HTTP 500")
        expected.failedLoad = .init(kind: .first, cursor: .page(1))
        expected.lastError = "HTTP 500"
        expected.lastRequestID = 1
        #expect(state == expected)
        #expect(!state.isEmpty)
        #expect(state.footer == .failed)

        #expect(ListReducer.reduce(&state, .retry, paging: Fixtures.paging) == [.fetchPage(requestID: 2, cursor: .page(1))])
        expected.phase = .firstLoad
        expected.inFlight = .init(id: 2, kind: .first, cursor: .page(1))
        expected.lastRequestID = 2
        #expect(state == expected)
        #expect(ListReducer.reduce(&state, .retry, paging: Fixtures.paging) == [])
        #expect(state == expected)

        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 2, F.page(1...30, totalPages: 5)), paging: Fixtures.paging) == [])
        #expect(state.phase == .idle)
        #expect(state.rows == F.rows(1...30))
        #expect(state.failedLoad == nil)
        #expect(state.lastError == nil)
    }

    @Test func refreshFailureKeepsRowsAndRetryRepeatsTheRefresh() {
        var state = F.loaded(pages: 1)
        F.send(&state, .move(.to(3)), .refresh)
        let beforeFailure = state
        #expect(ListReducer.reduce(&state, .pageFailed(requestID: 2, message: "network: timed out after 10 s"), paging: Fixtures.paging) == [])

        var expected = beforeFailure
        expected.phase = .failed("network: timed out after 10 s")
        expected.inFlight = nil
        expected.failedLoad = .init(kind: .refresh, cursor: .page(1))
        expected.lastError = "network: timed out after 10 s"
        #expect(state == expected)
        #expect(state.rows == F.rows(1...30))
        #expect(state.selection == 3)
        #expect(state.footer.hint.text(in: .default) == "failed — r to retry")

        // While failed, neither load-more nor movement near the end starts a load.
        #expect(F.send(&state, .loadMore, .move(.end)) == [])

        let stillFailed = state
        #expect(ListReducer.reduce(&state, .retry, paging: Fixtures.paging) == [.fetchPage(requestID: 3, cursor: .page(1))])
        var retrying = stillFailed
        retrying.phase = .refreshing
        retrying.inFlight = .init(id: 3, kind: .refresh, cursor: .page(1))
        retrying.lastRequestID = 3
        #expect(state == retrying)
        #expect(state.rows == F.rows(1...30))
    }

    @Test func errorOnPageThreeThenRetryFetchesPageThreeAndAppends() {
        var state = F.loaded(pages: 2)
        #expect(F.send(&state, .loadMore) == [.fetchPage(requestID: 3, cursor: .page(3))])
        #expect(F.send(&state, .pageFailed(requestID: 3, message: "boom")) == [])
        var failed = F.loaded(pages: 2)
        failed.phase = .failed("boom")
        failed.failedLoad = .init(kind: .more, cursor: .page(3))
        failed.lastError = "boom"
        failed.lastRequestID = 3
        #expect(state == failed)
        #expect(state.rows == F.rows(1...60))
        #expect(state.nextCursor == .page(3))

        #expect(F.send(&state, .retry) == [.fetchPage(requestID: 4, cursor: .page(3))])
        var retrying = failed
        retrying.phase = .loadingMore
        retrying.inFlight = .init(id: 4, kind: .more, cursor: .page(3))
        retrying.lastRequestID = 4
        #expect(state == retrying)

        #expect(F.send(&state, .pageLoaded(requestID: 4, F.page(61...90, totalPages: 5))) == [])
        var expected = F.loaded(pages: 2)
        expected.rows = RowTable(F.rows(1...90))
        expected.nextCursor = .page(4)
        expected.pagesLoaded = 3
        expected.lastRequestID = 4
        #expect(state == expected)
    }

    @Test func retryWithoutFailureDoesNothing() {
        var state = F.loaded(pages: 1)
        let before = state
        #expect(ListReducer.reduce(&state, .retry, paging: Fixtures.paging) == [])
        #expect(state == before)
    }
}


/// "failed — r to retry": after a failed load-more, r repeats that page.
@Suite struct ListReducerRefreshKeyRetriesTests {
    let paging = Paging(style: .pageNumber(param: "page", first: 1), totalPagesPath: JSONPath("t"))

    @Test func refreshAfterFailedLoadMoreRetriesThatPage() {
        var state = ListState(paging: paging)
        _ = ListReducer.reduce(&state, .appeared, paging: paging)
        _ = ListReducer.reduce(&state, .pageLoaded(requestID: 1, PageLoad(
            rows: (1...30).map { RowModel(id: String($0), title: "Row \($0)") }, totalPages: 5, fetchedAt: 1)), paging: paging)
        #expect(ListReducer.reduce(&state, .loadMore, paging: paging) == [.fetchPage(requestID: 2, cursor: .page(2))])
        _ = ListReducer.reduce(&state, .pageFailed(requestID: 2, message: "HTTP 503"), paging: paging)
        #expect(ListReducer.reduce(&state, .refresh, paging: paging) == [.fetchPage(requestID: 3, cursor: .page(2))])
        #expect(state.phase == .loadingMore)
        #expect(state.rows.count == 30)
    }
}
