import Testing
@testable import RowboatCore
import RowboatSpec

/// A page's one shape: what it holds changes (items into rows), how it
/// arrived does not; and every list of an endpoint starts from its info.
@Suite struct PageLoadTests {
    typealias F = Fixtures

    @Test func mappingTheContentKeepsHowThePageArrived() {
        let facts = PageFacts(itemCount: 2, totalCount: 9, hasMore: true)
        let origin = PageOrigin.cache(fetchedAt: F.fetchedAt - 60, offline: true)
        var ids = PageLoad(["1", "2"], facts: facts, fetchedAt: F.fetchedAt, origin: origin, final: false)
        ids.stream = StreamNews(problem: "line 3: not JSON", skipped: 1)

        let rows = ids.map { RowTable(F.rows(ids: $0)) }

        var expected = PageLoad(rows: F.rows(ids: ["1", "2"]), facts: facts, fetchedAt: F.fetchedAt, origin: origin,
                                final: false)
        expected.stream = StreamNews(problem: "line 3: not JSON", skipped: 1)
        #expect(rows == expected)
    }

    @Test func everyListOfAnEndpointStartsFromItsPaging() {
        let info = EndpointInfo(title: "Items", paging: F.paging)
        #expect(info.startingList == ListState(paging: F.paging))
        #expect(info.startingList.nextCursor == .page(1))
    }

    /// The list holds no paging of its own: the app reducer gives the list
    /// reducer its endpoint's, the one copy in `EndpointInfo`.
    @Test func aTabWalksByItsEndpointsPaging() {
        let cursor = Paging(style: .cursor(param: "after", next: JSONPath("next")!))
        var state = AppState(endpointKey: "c", columns: [], paging: cursor)
        #expect(state.paging(of: "c") == cursor)
        _ = AppReducer.reduce(&state, .list(.appeared))
        let page = PageLoad(rows: F.rows(1...30), facts: PageFacts(itemCount: 30, nextToken: "A"), fetchedAt: F.fetchedAt)
        _ = AppReducer.reduce(&state, .answer(.tab("c"), .pageLoaded(requestID: 1, page)))
        #expect(state.list.nextCursor == .token("A"))
        state.endpoints["c"]?.paging = F.paging
        _ = AppReducer.reduce(&state, .list(.refresh))
        #expect(state.list.inFlight?.cursor == .page(1))
    }
}
