import Dispatch
import RowboatParsing
import RowboatProcess
import RowboatSpec
import Synchronization

/// The lanes a streamed body's scanned texts are written on, one text
/// whole to a lane (parsed and its rows written there), as many lanes as
/// the writer's cores: while one lane writes a text, the next lane parses
/// and writes the one after it, so no core waits for another's half of a
/// text and the parse is shared too. Each lane writes with a writer of its
/// own (`TapeRowWriter.partWriter`: no reference count bounces between the
/// cores). The results are taken in the order the texts were given.
final class RowLanes: Sendable {
    static let queues = (0..<TapeRowWriter.cores).map { DispatchQueue(label: "rowboat-rows-lane-\($0)") }

    /// Texts given to a lane and not yet taken, at most (the lanes' queues
    /// hold the next one each while they write one).
    static var depth: Int { 2 * queues.count }

    private let writer: TapeRowWriter
    private let next = Mutex(0)

    init(writer: TapeRowWriter) {
        self.writer = writer
    }

    /// Writes `scanned` on the next lane, from `feed` as it was before it
    /// (its items' positions follow those before).
    func write(_ scanned: StreamingPageDecoder.Scanned, from feed: ElementFeed) -> Job {
        let lane = next.withLock { n in
            defer { n += 1 }
            return n % Self.queues.count
        }
        let job = Job(byteCount: scanned.byteCount)
        let writer = self.writer.partWriter(lane)
        Self.queues[lane].async {
            BackgroundPriority.lowerCurrentThread()
            var feed = feed, rows = writer.rows()
            var failure: DataError?
            do throws(DataError) {
                try feed.write(scanned, writer: writer, into: &rows, cores: 1)
            } catch {
                failure = error
            }
            // The text's rows are all written: the last page gives back the room it did not use.
            rows.seal()
            job.settle(rows, failure)
        }
        return job
    }

    /// One text's rows on their way: the rows written (those before the
    /// first failing element, when one fails) and the failure.
    final class Job: Sendable {
        let byteCount: Int
        private let state = Mutex<(result: (WrittenRows, DataError?)?, waiter: CheckedContinuation<Void, Never>?)>((nil, nil))

        init(byteCount: Int) {
            self.byteCount = byteCount
        }

        func settle(_ rows: WrittenRows, _ failure: DataError?) {
            let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
                s.result = (rows, failure)
                defer { s.waiter = nil }
                return s.waiter
            }
            waiter?.resume()
        }

        /// Waits for the text's rows.
        func value() async -> (rows: WrittenRows, failure: DataError?) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let now = state.withLock { s -> Bool in
                    if s.result != nil { return true }
                    s.waiter = done
                    return false
                }
                if now { done.resume() }
            }
            return state.withLock { $0.result! }
        }
    }
}
