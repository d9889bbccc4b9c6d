import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListReducer: a streamed body's parts are added while it arrives")
struct ListReducerStreamingTests {
    typealias F = Fixtures

    /// A part of a streamed body: rows, more to come.
    static func part(_ ids: ClosedRange<Int>) -> PageLoad {
        var facts = PageFacts(itemCount: ids.count)
        facts.continues = true
        return PageLoad(rows: F.rows(ids), facts: facts, fetchedAt: F.fetchedAt, final: false)
    }

    @Test func partsShowAtOnceAndTheLastBringsThePagingFacts() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, Self.part(1...50))) == [])
        #expect(state.rows == F.rows(1...50))
        #expect(state.inFlight == .init(id: 1, kind: .first, cursor: .page(1), streamed: true))
        #expect(state.phase == .loadingMore)
        #expect(state.footer == .loadingMore)
        #expect(state.pagesLoaded == 0)
        F.send(&state, .move(.pageDown))
        #expect(state.selection == 19, "keys work while it arrives")
        F.send(&state, .pageLoaded(requestID: 1, Self.part(51...90)))
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 1, F.page(91...100, totalPages: 1, totalCount: 100)))
        #expect(effects == [])
        #expect(state.rows == F.rows(1...100))
        #expect(F.positions(state.rows) == F.positions(F.rows(1...100)))
        #expect(state.inFlight == nil)
        #expect(state.pagesLoaded == 1)
        #expect(state.totalCount == 100)
        #expect(state.phase == .exhausted)
        #expect(state.selection == 19)
    }

    @Test func theFirstPartOfARefreshReplacesTheRows() {
        var state = F.loaded(pages: 2)
        F.send(&state, .refresh)
        #expect(state.rows.count == 60)
        F.send(&state, .pageLoaded(requestID: 3, Self.part(1...10)))
        #expect(state.rows == F.rows(1...10))
        F.send(&state, .pageLoaded(requestID: 3, Self.part(8...12)))
        #expect(state.rows == F.rows(1...12), "the same id again updates in place")
        F.send(&state, .pageLoaded(requestID: 3, F.page(13...30, totalPages: 5)))
        #expect(state.rows == F.rows(1...30))
        #expect(state.nextCursor == .page(2))
        #expect(state.pagesLoaded == 1)
    }

    @Test func aFailureMidStreamKeepsWhatArrived() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared, .pageLoaded(requestID: 1, Self.part(1...20)),
               .pageFailed(requestID: 1, message: "network: connection reset by 127.0.0.1:1"))
        #expect(state.rows == F.rows(1...20))
        #expect(state.phase == .failed("network: connection reset by 127.0.0.1:1"))
        #expect(state.inFlight == nil)
        #expect(F.send(&state, .retry) == [.fetchPage(requestID: 2, cursor: .page(1))])
    }

    @Test func aPartForAnotherRequestIsDropped() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let before = state
        F.send(&state, .pageLoaded(requestID: 7, Self.part(1...5)))
        #expect(state == before)
    }
}
