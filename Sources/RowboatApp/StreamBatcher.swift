import Foundation
import Synchronization
import RowboatCore
import RowboatSpec
import RowboatParsing

/// Gathers a stream's events for `interval` before they go to the list,
/// so a flood (10,000 events a second) becomes a few deliveries a frame
/// instead of one per network read, and what waits is bounded by the ring:
/// past twice `keep` rows only the newest `keep` are kept (in upsert mode,
/// the last event of each id first). A quiet stream's event goes out
/// `interval` after it came; a backlog goes in parts of `partRows`.
/// Deliveries are made under the lock, so the last part (`finish`)
/// always comes after every other.
final class StreamBatcher: Sendable {
    static let interval: Duration = .milliseconds(16)
    /// Rows a delivery brings at most (as a load's parts: a few
    /// milliseconds of the UI thread each).
    static let partRows = 5_000

    struct Pending {
        var rows: [RowModel] = []
        var problems = 0
        var lastProblem: String?
        var retry: Double?
        var scheduled = false
        var closed = false
        /// Anything (an event, readable or not) came on this connection.
        var heard = false
    }

    let spec: StreamSpec
    let clock: @Sendable () -> Double
    let deliver: @Sendable (PageLoad<RowTable>) -> Void
    private let pending = Mutex(Pending())

    init(spec: StreamSpec, clock: @escaping @Sendable () -> Double, deliver: @escaping @Sendable (PageLoad<RowTable>) -> Void) {
        self.spec = spec
        self.clock = clock
        self.deliver = deliver
    }

    /// A batch of events read: kept until the next delivery.
    func add(_ batch: StreamBatch, retry: Double?) {
        let schedule = pending.withLock { p -> Bool in
            guard !p.closed else { return false }
            p.heard = p.heard || !batch.rows.isEmpty || !batch.problems.isEmpty
            p.rows += batch.rows
            if p.rows.count > 2 * spec.keep { p.rows = Self.bounded(p.rows, spec: spec) }
            p.problems += batch.problems.count
            p.lastProblem = batch.problems.last ?? p.lastProblem
            p.retry = retry ?? p.retry
            guard !p.scheduled else { return false }
            p.scheduled = true
            return true
        }
        guard schedule else { return }
        Task {
            try? await Task.sleep(for: Self.interval)
            flush()
        }
    }

    /// The server answered: an empty part that continues, so the list
    /// says "connected" before the first event (a stream may be quiet).
    func opened() {
        pending.withLock { p in
            guard !p.closed else { return }
            var facts = PageFacts(itemCount: 0)
            facts.continues = true
            deliver(PageLoad(rows: [], facts: facts, fetchedAt: clock(), final: false))
        }
    }

    /// Delivers what is pending as a part that continues.
    func flush() {
        pending.withLock { p in
            p.scheduled = false
            guard !p.closed else { return }
            send(&p)
        }
    }

    /// The response ended: what is pending, then the last part (saying
    /// so when not one event came: a stream that closes at once is backed
    /// off as a failure would be, not reconnected at its pace forever).
    func finish() {
        pending.withLock { p in
            guard !p.closed else { return }
            let heard = p.heard
            send(&p)
            p.closed = true
            var last = PageLoad(rows: [], facts: PageFacts(itemCount: 0), fetchedAt: clock())
            if !heard { last.stream = StreamNews(closedEmpty: true) }
            deliver(last)
        }
    }

    /// The connection failed: what is pending goes out before the failure is said.
    func close() {
        pending.withLock { p in
            guard !p.closed else { return }
            send(&p)
            p.closed = true
        }
    }

    private func send(_ p: inout Pending) {
        guard !p.rows.isEmpty || p.problems > 0 || p.retry != nil else { return }
        // The last event of an id in its place in time (a table keeps an id's first place).
        let rows = Self.lastOfEachID(p.rows)
        let news = p.problems > 0 || p.retry != nil
            ? StreamNews(problem: p.lastProblem, skipped: p.problems, retrySeconds: p.retry) : nil
        p = Pending(scheduled: p.scheduled, closed: p.closed, heard: p.heard)
        // In parts of at most `partRows`, in order (what the events said with the last): a backlog the
        // list takes in one go would hold the UI thread as long as all of it.
        var start = 0
        repeat {
            let end = min(rows.count, start + Self.partRows)
            var facts = PageFacts(itemCount: end - start)
            facts.continues = true
            var load = PageLoad(rows: Array(rows[start..<end]), facts: facts, fetchedAt: clock(), final: false)
            if end == rows.count { load.stream = news }
            deliver(load)
            start = end
        } while start < rows.count
    }

    /// The newest `keep` rows that matter: in upsert mode the last event
    /// of each id (in arrival order), in append mode the last `keep` events.
    static func bounded(_ rows: [RowModel], spec: StreamSpec) -> [RowModel] {
        let kept = spec.mode == .upsert ? lastOfEachID(rows) : rows
        return kept.count > spec.keep ? Array(kept.suffix(spec.keep)) : kept
    }

    /// Each id's last event, in arrival order.
    static func lastOfEachID(_ rows: [RowModel]) -> [RowModel] {
        var seen = Set<String>()
        return rows.reversed().filter { seen.insert($0.id).inserted }.reversed()
    }
}
