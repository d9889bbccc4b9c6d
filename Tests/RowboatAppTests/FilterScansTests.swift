import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
@testable import RowboatKit
import RowboatNetwork
import Testing

/// The runner's local filter scans (`filterRows`): the rows that meet the
/// filter posted for the request asked (the rows set aside too, numbered
/// after those shown, when asked), and a scan stopped before it starts
/// (`stopFilter`) posts nothing.
@Suite(.timeLimit(.minutes(1)))
struct FilterScansTests {
    func runner(_ post: @escaping @Sendable (AppAction) -> Void) throws -> (EffectRunner, HTTPTransport) {
        var config = try ConfigFile.load(ConfigFile.demoConfigPath())
        config.server = "http://127.0.0.1:9"
        config.localCache.enabled = false
        let transport = HTTPTransport()
        return (EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)),
                             post: post), transport)
    }

    /// "Item 1" … "Item 100000", each title a field too (what a condition reads).
    func rows() -> RowTable {
        RowTable((1...100_000).map { RowModel(id: String($0), title: "Item \($0)", fields: ["title": .text("Item \($0)")],
                                              fieldOrder: ["title"]) })
    }

    let digits = RowFilter([FilterCondition(field: "title", title: "Title", relation: .contains, value: "9999")])

    @Test func theRunnerPostsTheRowsThatMeetTheFilter() async throws {
        let answered = AsyncStream<AppAction>.makeStream()
        let (runner, transport) = try runner { answered.continuation.yield($0) }
        var rows = rows()
        runner.run(.filterRows(list: .tab("items"), requestID: 7, filter: digits, rows: rows, aside: false, sort: nil))
        var answers = answered.stream.makeAsyncIterator()
        // "Item 9999", "Item 19999", … and "Item 99990"…"Item 99999".
        let expected = (0...8).map { $0 * 10_000 + 9998 } + Array(99989...99998)
        var shown = rows
        shown.hide(keeping: expected)
        #expect(await answers.next() == .answer(.tab("items"), .rowsFiltered(requestID: 7, kept: expected, rows: shown)))
        // The rows set aside tested too, numbered after the 1,000 shown; the rows as the filter leaves them.
        rows.hide(keeping: Array(0..<1_000))
        runner.run(.filterRows(list: .strip(2), requestID: 8, filter: digits, rows: rows, aside: true, sort: nil))
        let answer = await answers.next()
        guard case .answer(.strip(2), .rowsFiltered(8, let kept, let made?))? = answer else {
            Issue.record("not the answer: \(String(describing: answer))")
            return
        }
        #expect(kept == expected && made.map(\.id) == expected.map { String($0 + 1) } && made.hiddenCount == 99_981)
        await transport.shutdown()
    }

    @Test func aStoppedScanPostsNothing() async throws {
        let answered = AsyncStream<AppAction>.makeStream()
        let (runner, transport) = try runner { answered.continuation.yield($0) }
        let rows = rows()
        // A search's scan holds the queue until the filters are asked for and one stopped.
        let release = DispatchSemaphore(value: 0)
        runner.scans.run(tab: "other", id: 1) { _ in release.wait() }
        runner.run(.filterRows(list: .tab("items"), requestID: 1, filter: digits, rows: rows, aside: false, sort: nil))
        runner.run(.stopFilter(list: .tab("items"), requestID: 1))
        runner.run(.filterRows(list: .strip(3), requestID: 2, filter: digits, rows: rows, aside: false, sort: nil))
        release.signal()
        var answers = answered.stream.makeAsyncIterator()
        let answer = await answers.next()
        guard case .answer(let list, .rowsFiltered(let id, _, _))? = answer else {
            Issue.record("not a filter's answer: \(String(describing: answer))")
            return
        }
        #expect(list == .strip(3) && id == 2)
        await transport.shutdown()
    }
}
