import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("ListReducer: a streamed body's parts are added while it arrives")
struct ListReducerStreamingTests {
    typealias F = Fixtures

    /// A part of a streamed body: rows, more to come.
    static func part(_ ids: ClosedRange<Int>) -> PageLoad<RowTable> {
        var facts = PageFacts(itemCount: ids.count)
        facts.continues = true
        return PageLoad(rows: F.rows(ids), facts: facts, fetchedAt: F.fetchedAt, final: false)
    }

    @Test func partsShowAtOnceAndTheLastBringsThePagingFacts() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, Self.part(1...50)), paging: Fixtures.paging) == [])
        #expect(state.rows == F.rows(1...50))
        #expect(state.inFlight == .init(id: 1, kind: .first, cursor: .page(1), streamed: true))
        #expect(state.phase == .loadingMore)
        #expect(state.footer == .loadingMore)
        #expect(state.pagesLoaded == 0)
        F.send(&state, .move(.pageDown))
        #expect(state.selection == 19, "keys work while it arrives")
        F.send(&state, .pageLoaded(requestID: 1, Self.part(51...90)))
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 1, F.page(91...100, totalPages: 1, totalCount: 100)), paging: Fixtures.paging)
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

    /// A long load's list grows its id index a little at a time: a part
    /// that comes meanwhile replaces the rows it names in place, whether
    /// they are moved to the new index yet or not, and adds the others.
    @Test func aPartWhileTheIdIndexGrowsReplacesItsRowsInPlace() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        for start in stride(from: 1, to: 100_000, by: 20_000) {
            F.send(&state, .pageLoaded(requestID: 1, Self.part(start...min(start + 19_999, 100_000))))
        }
        #expect(state.rows.count == 100_000)
        #expect(state.rows.indexIsGrowing, "the index began to grow past three quarters full (98,304 rows) and is not done")
        let moved = state.rows.movedSlots
        #expect(moved < 2_000)
        var rows = F.rows(1...100_000)
        let again = F.rows(ids: ["2", "30000", "100000"], tag: " again") + F.rows(100_001...100_010)
        var facts = PageFacts(itemCount: again.count)
        facts.continues = true
        F.send(&state, .pageLoaded(requestID: 1, PageLoad(rows: again, facts: facts, fetchedAt: F.fetchedAt, final: false)))
        rows[1] = again[0]
        rows[29_999] = again[1]
        rows[99_999] = again[2]
        rows += F.rows(100_001...100_010)
        #expect(state.rows.count == 100_010)
        #expect(state.rows.movedSlots == moved + RowTable.moveStep * again.count, "a part moves its share at once")
        #expect(Array(state.rows) == rows)
        #expect(F.positions(state.rows) == F.positions(rows))
        #expect(state.rows.index(ofID: "100011") == nil)
    }
}

