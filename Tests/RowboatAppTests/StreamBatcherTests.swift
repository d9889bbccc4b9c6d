import Synchronization
import Testing
@testable import RowboatApp
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// A stream's events gathered before they go to the list: bounded by the
/// ring, the last part always last.
@Suite("Stream batcher")
struct StreamBatcherTests {
    func rows(_ ids: [String]) -> [RowModel] { ids.map { RowModel(id: $0, title: $0) } }

    @Test func whatWaitsIsBoundedByTheRing() {
        let events = rows(["a", "b", "a", "c", "b", "d"])
        #expect(StreamBatcher.bounded(events, spec: StreamSpec(mode: .upsert, keep: 3)).map(\.id) == ["a", "c", "b", "d"].suffix(3))
        #expect(StreamBatcher.bounded(events, spec: StreamSpec(mode: .upsert, keep: 10)).map(\.id) == ["a", "c", "b", "d"])
        #expect(StreamBatcher.bounded(events, spec: StreamSpec(mode: .append, keep: 2)).map(\.id) == ["b", "d"])
    }

    @Test func anIDsLastEventTakesItsPlaceInTime() {
        let got = Mutex<[PageLoad<RowTable>]>([])
        let batcher = StreamBatcher(spec: StreamSpec(mode: .append, keep: 10), clock: { 7 }) { load in got.withLock { $0.append(load) } }
        batcher.add(StreamBatch(rows: rows(["1", "2", "3"]) + [RowModel(id: "1", title: "again")]), retry: nil)
        batcher.finish()
        #expect(got.withLock { Array($0[0].rows).map(\.title) } == ["2", "3", "again"])
    }

    @Test func finishDeliversWhatWaitsThenTheLastPart() {
        let got = Mutex<[PageLoad<RowTable>]>([])
        let batcher = StreamBatcher(spec: StreamSpec(mode: .append, keep: 2), clock: { 7 }) { load in got.withLock { $0.append(load) } }
        batcher.add(StreamBatch(rows: rows(["1", "2"]), problems: ["event 3 is not JSON: x"]), retry: 1.5)
        batcher.add(StreamBatch(rows: rows(["4", "5", "6"])), retry: nil)
        batcher.finish()
        batcher.flush()   // the scheduled flush, late: nothing more
        let loads = got.withLock { $0 }
        #expect(loads.count == 2)
        #expect(Array(loads[0].rows).map(\.id) == ["5", "6"], "past twice keep, the newest keep")
        #expect(loads[0].facts.continues && loads[0].stream == StreamNews(problem: "event 3 is not JSON: x", skipped: 1, retrySeconds: 1.5))
        #expect(loads[1].rows.isEmpty && !loads[1].facts.continues && loads[1].final)
    }

    @Test func aBacklogGoesInPartsInOrderWhatTheEventsSaidWithTheLast() {
        let got = Mutex<[PageLoad<RowTable>]>([])
        let batcher = StreamBatcher(spec: StreamSpec(mode: .append, keep: 100_000), clock: { 7 }) { load in got.withLock { $0.append(load) } }
        let ids = (1...12_000).map(String.init)
        batcher.add(StreamBatch(rows: rows(ids), problems: ["event 12001 is not JSON: x"]), retry: nil)
        batcher.flush()
        let loads = got.withLock { $0 }
        #expect(loads.map(\.rows.count) == [5_000, 5_000, 2_000])
        #expect(loads.flatMap { Array($0.rows).map(\.id) } == ids)
        #expect(loads.allSatisfy { $0.facts.continues && !$0.final })
        #expect(loads.map(\.stream) == [nil, nil, StreamNews(problem: "event 12001 is not JSON: x", skipped: 1, retrySeconds: nil)])
    }

    @Test func aResponseEndingBeforeAnyEventSaysSo() {
        let got = Mutex<[PageLoad<RowTable>]>([])
        let quiet = StreamBatcher(spec: StreamSpec(), clock: { 7 }) { load in got.withLock { $0.append(load) } }
        quiet.finish()
        #expect(got.withLock { $0.map(\.stream) } == [StreamNews(closedEmpty: true)])
        got.withLock { $0 = [] }
        let spoke = StreamBatcher(spec: StreamSpec(), clock: { 7 }) { load in got.withLock { $0.append(load) } }
        spoke.add(StreamBatch(rows: [], problems: ["event 1 is not JSON: x"]), retry: nil)
        spoke.flush()
        spoke.finish()
        #expect(got.withLock { $0.last?.stream } == nil, "an unreadable event is an event: the stream did speak")
    }
}
