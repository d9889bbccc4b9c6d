import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// A stream list (`stream:`): events arrive as parts of one long request
/// and are merged by the mode's rule, the ring keeps `keep` rows, the
/// selection stays on its row, and pausing cancels the connection.
@Suite("Stream lists")
struct ListReducerStreamTests {
    typealias F = Fixtures

    func connected(_ spec: StreamSpec) -> ListState {
        var state = ListState()
        state.viewportItems = 10
        state.stream = spec
        state.live = LiveRefresh(every: 3)
        F.send(&state, paging: Paging(), .appeared)
        return state
    }

    func events(_ rows: [RowModel], at time: Double = F.fetchedAt, ends: Bool = false) -> PageLoad<RowTable> {
        var page = PageLoad(rows: rows, fetchedAt: time)
        page.facts.continues = !ends
        return page
    }

    @Test func upsertChangesInPlaceAndPutsNewIDsOnTopNewestFirst() {
        var state = connected(StreamSpec(mode: .upsert, keep: 100))
        let request = state.inFlight!
        #expect(F.send(&state, paging: Paging(), .pageLoaded(requestID: request.id, events(F.rows(1...3)))) == [])
        var expected = connected(StreamSpec(mode: .upsert, keep: 100))
        expected.rows = RowTable(F.rows(ids: ["3", "2", "1"]))
        expected.phase = .idle
        expected.lastUpdated = F.fetchedAt
        #expect(state == expected)
        F.send(&state, paging: Paging(), .move(.to(1)))   // on item 2
        let before = state
        let changed = RowModel(id: "1", title: "Item 1 at 12.5")
        let twice = [RowModel(id: "4", title: "old"), changed, RowModel(id: "4", title: "Item 4")]
        #expect(F.send(&state, paging: Paging(), .pageLoaded(requestID: request.id, events(twice, at: F.fetchedAt + 1))) == [])
        expected = before
        expected.rows = RowTable([RowModel(id: "4", title: "Item 4")] + F.rows(ids: ["3", "2"]) + [changed])
        expected.selection = 2
        expected.lastUpdated = F.fetchedAt + 1
        expected.changes.changed = ["1": .init(fields: ["title"], at: F.fetchedAt + 1)]
        #expect(state == expected, "the last event of an id wins; item 1 changed in place (its title marked); the selection follows item 2")
        #expect(state.live?.streamStatus(connected: state.inFlight != nil) == "connected")
    }

    @Test func appendIsARingNewestOnTop() {
        var state = connected(StreamSpec(mode: .append, keep: 4))
        let id = state.inFlight!.id
        F.send(&state, paging: Paging(), .pageLoaded(requestID: id, events(F.rows(1...3))))
        F.send(&state, paging: Paging(), .pageLoaded(requestID: id, events(F.rows(ids: ["2"], tag: " again") + F.rows(4...5))))
        var expected = connected(StreamSpec(mode: .append, keep: 4))
        expected.rows = RowTable(F.rows(ids: ["5", "4"]) + F.rows(ids: ["2"], tag: " again") + F.rows(ids: ["3"]))
        expected.phase = .idle
        expected.lastUpdated = F.fetchedAt
        #expect(state == expected, "item 2 again goes on top; past keep the oldest (item 1) goes")
    }

    @Test func aRingOfAFloodKeepsKeepRows() {
        var state = connected(StreamSpec(mode: .append, keep: 1000))
        let id = state.inFlight!.id
        for batch in 0..<20 {
            F.send(&state, paging: Paging(), .pageLoaded(requestID: id, events(F.rows((batch * 500 + 1)...(batch * 500 + 500)))))
        }
        #expect(state.rows.count == 1000)
        #expect(state.rows.id(at: 0) == "10000" && state.rows.id(at: 999) == "9001")
    }

    @Test func aPartLargerThanTheRingKeepsItsNewestRows() {
        for mode in [StreamSpec.Mode.append, .upsert] {
            var state = connected(StreamSpec(mode: mode, keep: 100))
            let id = state.inFlight!.id
            F.send(&state, paging: Paging(), .pageLoaded(requestID: id, events(F.rows(1...50))))
            F.send(&state, paging: Paging(), .pageLoaded(requestID: id, events(F.rows(51...300))))
            var expected = connected(StreamSpec(mode: mode, keep: 100))
            expected.rows = RowTable(F.rows(ids: (201...300).reversed().map(String.init)))
            expected.phase = .idle
            expected.lastUpdated = F.fetchedAt
            #expect(state == expected, "\(mode): the newest 100 of the part, newest on top")
            #expect(state.rows.pages.filter { $0.count > 0 }.count == 1, "\(mode): the first part's page is let go")
        }
    }

    @Test func theResponseEndingLeavesNothingInFlightAndPauseCancels() {
        var state = connected(StreamSpec())
        let id = state.inFlight!.id
        F.send(&state, paging: Paging(), .pageLoaded(requestID: id, events(F.rows(1...2), ends: true)))
        #expect(state.inFlight == nil && state.rows.count == 2)
        #expect(state.live?.streamStatus(connected: false) == "reconnecting in 3 s")
        #expect(F.send(&state, paging: Paging(), .liveTick) == [.fetchLive(requestID: id + 1, cursor: PagingPlan(paging: Paging()).first)])
        #expect(F.send(&state, paging: Paging(), .toggleLive) == [.cancelFetch(requestID: id + 1)])
        #expect(state.inFlight == nil && state.live?.streamStatus(connected: false) == "paused")
        #expect(F.send(&state, paging: Paging(), .pageLoaded(requestID: id + 1, events(F.rows(7...7)))) == [], "a cancelled connection's late events are dropped")
        #expect(state.rows.count == 2)
        F.send(&state, paging: Paging(), .pageFailed(requestID: id + 1, message: "gone"))
        F.send(&state, paging: Paging(), .toggleLive)
        #expect(state.live?.due == 0, "resumed: at once")
    }

    @Test func aStreamClosingAtOnceBacksOffAsAFailureAndSaysSo() {
        var state = connected(StreamSpec())
        var closed = events([], ends: true)
        closed.stream = StreamNews(closedEmpty: true)
        F.send(&state, paging: Paging(), .pageLoaded(requestID: state.inFlight!.id, closed))
        #expect(state.lastError == "the stream closed with no events")
        #expect(state.live?.streamStatus(connected: false) == "reconnecting in 6 s")
        F.send(&state, paging: Paging(), .liveTick)
        F.send(&state, paging: Paging(), .pageLoaded(requestID: state.inFlight!.id, closed))
        #expect(state.live?.streamStatus(connected: false) == "reconnecting in 12 s", "each time twice as long")
        F.send(&state, paging: Paging(), .liveTick)
        F.send(&state, paging: Paging(), .pageLoaded(requestID: state.inFlight!.id, events(F.rows(1...1))))
        #expect(state.lastError == nil && state.live?.backOff.delay == 0, "events again: the line goes, the pace is back")
    }

    @Test func failuresBackOff() {
        var state = connected(StreamSpec())
        F.send(&state, paging: Paging(), .liveTick)
        let id = state.inFlight!.id
        F.send(&state, paging: Paging(), .pageFailed(requestID: id, message: "connection refused"))
        #expect(state.live?.streamStatus(connected: false) == "reconnecting in 6 s")
    }
}

/// What a stream's part says besides rows: a bad event's line, SSE's retry.
@Suite("Stream lists: news")
struct ListReducerStreamNewsTests {
    typealias F = Fixtures

    @Test func aBadEventIsOneLineAndRetrySetsTheReconnectTime() {
        var state = ListState()
        state.stream = StreamSpec()
        state.live = LiveRefresh(every: 3)
        F.send(&state, paging: Paging(), .appeared)
        let id = state.inFlight!.id
        var bad = PageLoad(rows: [], fetchedAt: F.fetchedAt)
        bad.facts.continues = true
        bad.stream = StreamNews(problem: "event 2 is not JSON: hello", skipped: 1, retrySeconds: 10)
        F.send(&state, paging: Paging(), .pageLoaded(requestID: id, bad))
        #expect(state.lastError == "event 2 is not JSON: hello" && state.live?.every == 10)
        var good = PageLoad(rows: F.rows(1...1), fetchedAt: F.fetchedAt)
        good.facts.continues = true
        F.send(&state, paging: Paging(), .pageLoaded(requestID: id, good))
        #expect(state.lastError == nil && state.rows.count == 1, "rows again: the line goes")
        bad.stream = StreamNews(problem: "event 9 is not JSON: x", skipped: 3, retrySeconds: 0.01)
        F.send(&state, paging: Paging(), .pageLoaded(requestID: id, bad))
        #expect(state.lastError == "3 events skipped · event 9 is not JSON: x" && state.live?.every == 1)
    }
}

/// A stream's footer and count: nothing to load more, every row counted.
@Suite("Stream lists: footer")
struct ListReducerStreamFooterTests {
    @Test func noLoadMoreAndTheCountIsTheRows() {
        var state = ListState()
        state.stream = StreamSpec()
        state.live = LiveRefresh(every: 3)
        Fixtures.send(&state, paging: Paging(), .appeared)
        var part = PageLoad(rows: Fixtures.rows(1...3), fetchedAt: Fixtures.fetchedAt)
        part.facts.continues = true
        Fixtures.send(&state, paging: Paging(), .pageLoaded(requestID: state.inFlight!.id, part))
        #expect(state.footer == .hidden && state.knownTotal == 3)
    }
}

/// A new query (a server search) starts a stream over: still a stream.
@Suite("Stream lists: restart")
struct ListReducerStreamRestartTests {
    @Test func aRestartKeepsTheStream() {
        var state = ListState()
        state.stream = StreamSpec(mode: .upsert, keep: 5)
        state.live = LiveRefresh(every: 3)
        Fixtures.send(&state, paging: Paging(), .appeared)
        let first = state.inFlight!.id
        #expect(Fixtures.send(&state, paging: Paging(), .restart) == [.cancelFetch(requestID: first), .fetchPage(requestID: first + 1, cursor: PagingPlan(paging: Paging()).first)])
        #expect(state.stream == StreamSpec(mode: .upsert, keep: 5) && state.rows.isEmpty)
    }
}
