import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
@testable import RowboatKit
import RowboatNetwork
import Synchronization
import Testing

/// The runner's `/` scans: the answer posted for the request it was asked
/// for (a long one's start before it), and a scan that a later key replaced before it started skipped.
@Suite(.timeLimit(.minutes(1)))
struct SearchScansTests {
    @Test func theRunnerPostsTheMatchesOfItsRequest() async throws {
        var config = try ConfigFile.load(ConfigFile.demoConfigPath())
        config.server = "http://127.0.0.1:9"
        config.localCache.enabled = false
        let transport = HTTPTransport()
        let answered = AsyncStream<AppAction>.makeStream()
        let runner = EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)),
                                  post: { answered.continuation.yield($0) })
        let rows = RowTable((1...100_000).map { RowModel(id: String($0), title: "Item \($0)") })
        runner.run(.searchRows(tab: "items", requestID: 7, text: "9999", rows: rows, among: nil, fields: nil))
        var answers = answered.stream.makeAsyncIterator()
        let answer = await answers.next()
        // "Item 9999", "Item 19999", … and "Item 99990"…"Item 99999".
        let expected = (0...8).map { $0 * 10_000 + 9998 } + Array(99989...99998)
        #expect(answer == .search(.found(tab: "items", requestID: 7, matches: expected)))
        // Among given rows only.
        runner.run(.searchRows(tab: "items", requestID: 8, text: "9999", rows: rows, among: [9998, 5], fields: nil))
        #expect(await answers.next() == .search(.found(tab: "items", requestID: 8, matches: [9998])))
        // Many matches: their start first, then all of them.
        runner.run(.searchRows(tab: "items", requestID: 9, text: "item", rows: rows, among: nil, fields: nil))
        guard case .search(.foundFirst("items", 9, let start))? = await answers.next() else {
            Issue.record("no start came first")
            return
        }
        #expect(start.count >= SearchState.firstShownMatches && start == Array(0..<start.count))
        #expect(await answers.next() == .search(.found(tab: "items", requestID: 9, matches: Array(0..<100_000))))
        await transport.shutdown()
    }

    @Test func aScanReplacedIsToldSoAndOneReplacedBeforeItStartsIsSkipped() async {
        let scans = LatestScans()
        let ran = Mutex<[Int]>([])
        let release = DispatchSemaphore(value: 0)
        let done = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        // The first scan holds the queue until the next ones are asked for.
        scans.run(tab: "items", id: 1) { replaced in
            started.continuation.yield()
            release.wait()
            ran.withLock { $0.append(replaced() ? 10 : 1) }
        }
        var first = started.stream.makeAsyncIterator()
        _ = await first.next()
        scans.run(tab: "items", id: 2) { _ in ran.withLock { $0.append(2) } }
        scans.run(tab: "other", id: 1) { replaced in ran.withLock { $0.append(replaced() ? -10 : -1) } }
        scans.run(tab: "items", id: 3) { _ in ran.withLock { $0.append(3) }; done.continuation.yield() }
        release.signal()
        var finished = done.stream.makeAsyncIterator()
        _ = await finished.next()   // the barrier: the latest scan has run
        // The first scan was told it was replaced (10: it would stop and post nothing); the second never ran.
        #expect(ran.withLock { $0 } == [10, -1, 3])
    }
}
