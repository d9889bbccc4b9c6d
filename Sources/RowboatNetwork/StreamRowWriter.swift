import RowboatParsing
import RowboatSpec
import Synchronization
import RowboatProcess

/// Writes a streamed list's rows on a task of its own while the body goes
/// on arriving: the receiver only reads the pieces and scans them for
/// complete elements (`StreamingPageDecoder.scan`); parsing those and
/// writing their rows (`ElementFeed.write`, most of the work) runs here,
/// on the other processor, and the rows go out in parts, in order, the
/// first as soon as there is one. At most `maxQueuedBytes` of scanned
/// text wait here: past that, `submit` waits for room (memory follows
/// the rows, not the body). The first failure stops the writing; `submit`
/// and `finish` report it.
final class StreamRowWriter: Sendable {
    /// What the writing came to: the feed (its count, for the page's
    /// facts), the rows not yet handed out, and the first failure.
    struct Outcome: Sendable {
        var feed: ElementFeed
        var rows: WrittenRows
        var failure: DataError?
    }

    /// Eight texts of `TapeRowWriter.chunkBytes`, besides the lanes' own:
    /// enough to keep every lane busy. The texts are made on the reading
    /// thread and let go on the lanes', and glibc keeps what the reading
    /// thread's arena once held: 8 MB here held the 1 M NDJSON load's peak
    /// 8–13 MB higher (docs/benchmarks.md, fourteenth session).
    static let maxQueuedBytes = 2 << 20

    private let input: AsyncStream<StreamingPageDecoder.Scanned>.Continuation
    private let queue: Queue
    private let task: Task<Outcome, Never>

    /// Scanned bytes waiting, and the submitter waiting for room.
    private final class Queue: Sendable {
        struct State {
            var bytes = 0
            var waiting: CheckedContinuation<Void, Never>?
            var failure: DataError?
            var stopped = false
        }

        let state = Mutex(State())

        /// Waits until what is queued fits (or the writing has failed).
        func waitForRoom() async {
            await withCheckedContinuation { (room: CheckedContinuation<Void, Never>) in
                let now = state.withLock { s -> Bool in
                    if s.bytes <= StreamRowWriter.maxQueuedBytes || s.failure != nil || s.stopped { return true }
                    s.waiting = room
                    return false
                }
                if now { room.resume() }
            }
        }

        func added(_ bytes: Int) {
            state.withLock { $0.bytes += bytes }
        }

        /// `bytes` were written (or passed over); a waiting submitter may go on.
        func taken(_ bytes: Int, failure: DataError? = nil) {
            let room = state.withLock { s -> CheckedContinuation<Void, Never>? in
                s.bytes -= bytes
                if let failure, s.failure == nil { s.failure = failure }
                guard s.bytes <= StreamRowWriter.maxQueuedBytes || s.failure != nil else { return nil }
                defer { s.waiting = nil }
                return s.waiting
            }
            room?.resume()
        }

        var failure: DataError? { state.withLock { $0.failure } }

        /// The request has ended: nothing more is written or handed out.
        var stopped: Bool { state.withLock { $0.stopped } }

        func stop() {
            let room = state.withLock { s -> CheckedContinuation<Void, Never>? in
                s.stopped = true
                defer { s.waiting = nil }
                return s.waiting
            }
            room?.resume()
        }
    }

    init(feed: ElementFeed, writer: TapeRowWriter, batchSize: Int, interval: Duration,
         onPart: @escaping @Sendable (PageResult) async -> Void) {
        let (stream, input) = AsyncStream.makeStream(of: StreamingPageDecoder.Scanned.self)
        let queue = Queue()
        self.input = input
        self.queue = queue
        let lanes = RowLanes(writer: writer)
        task = Task {
            // `feed` runs ahead: each text is passed over as it is given to a
            // lane, which writes it from the feed as it was before it.
            var feed = feed, rows = writer.rows(), failure: DataError?
            var lastDelivery: ContinuousClock.Instant?
            var jobs: [RowLanes.Job] = []
            /// The oldest text's rows joined to `rows` (or passed over after
            /// a failure or a stop), and a part handed out when one is due.
            func takeOldest() async {
                let job = jobs.removeFirst()
                let (written, failed) = await job.value()
                guard failure == nil, !queue.stopped else {
                    queue.taken(job.byteCount)
                    return
                }
                rows.append(written)
                failure = failed
                queue.taken(job.byteCount, failure: failure)
                let now = ContinuousClock.now
                let due = lastDelivery.map { now - $0 >= interval } ?? true
                if failure == nil, !queue.stopped, !rows.isEmpty, due || rows.count >= batchSize {
                    var part = PageResult(items: [])
                    part.rows = rows
                    part.facts.continues = true
                    rows = writer.rows()
                    lastDelivery = now
                    await onPart(part)
                }
            }
            for await scanned in stream {
                BackgroundPriority.lowerCurrentThread()
                // After a failure, or once the request has ended (`stop`), the rest is passed over.
                guard failure == nil, !queue.stopped else {
                    queue.taken(scanned.byteCount)
                    continue
                }
                if jobs.count >= RowLanes.depth { await takeOldest() }
                jobs.append(lanes.write(scanned, from: feed))
                feed.pass(over: scanned)
            }
            while !jobs.isEmpty { await takeOldest() }
            return Outcome(feed: feed, rows: rows, failure: failure)
        }
    }

    deinit { input.finish() }

    /// Queues `scanned` to be written; waits while too much is queued.
    /// Throws the writing's failure, once there is one.
    func submit(_ scanned: StreamingPageDecoder.Scanned) async throws(DataError) {
        if let failure = queue.failure { throw failure }
        queue.added(scanned.byteCount)
        input.yield(scanned)
        await queue.waitForRoom()
        if let failure = queue.failure { throw failure }
    }

    /// Waits for everything queued to be written (no more will come):
    /// what the writing came to. After it, no part goes out.
    func finish() async -> Outcome {
        input.finish()
        return await task.value
    }

    /// Ends the writing without writing what is still queued (the request
    /// has failed or been cancelled); once it returns, no part goes out.
    func stop() async {
        queue.stop()
        input.finish()
        _ = await task.value
    }
}
