import Dispatch
import RowboatProcess
import RowboatSpec
#if canImport(Glibc)
import Glibc
#endif

extension TapeRowWriter {
    /// Elements below which one chunk is written on one core: a part's
    /// fixed cost (a batch's room, a thread's hand-over) is then more than
    /// what a second core would save.
    static let elementsToSplit = 512

    /// The bytes of scanned elements a streamed body's rows are written
    /// from at a time (`StreamingPageDecoder.holdBack`): a few milliseconds
    /// of writing, so that waking a second core costs little beside it.
    public static let chunkBytes = 256 << 10

    /// The queues the parts after the first run on: serial queues of our
    /// own (a private queue is given a thread when there is work, where the
    /// shared pool, its threads as many as the cores, may be busy with the
    /// very list the rows go to).
    static let helpers = (1..<max(2, cores)).map { DispatchQueue(label: "rowboat-rows-part-\($0)") }

    /// Cores the writing of one chunk may use.
    public static let cores = max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Writes the rows of `elements` (the first at list position `first`,
    /// the rest after it) at the end of `rows`, in their order. Many
    /// elements are written in contiguous parts on the cores at once (one
    /// here, the rest on `helpers`), each
    /// into rows of its own, joined in order: every element's row is
    /// written alone (`Batch.write`), so the rows are the ones one batch
    /// writes. A failure is the first element's that fails, and the rows
    /// before it are kept, as one batch would leave them.
    /// (`cores`: at most this many parts; tests ask for more than the machine has.)
    public func write(_ elements: [ListElement<JSONTapeNode>], first: Int, into rows: inout WrittenRows,
                      cores: Int = TapeRowWriter.cores) throws(DataError) {
        let parts = Swift.min(cores, elements.count / (Self.elementsToSplit / 2))
        guard parts > 1 else {
            return try batch { (batch: inout Batch) throws(DataError) in
                for (offset, element) in elements.enumerated() {
                    try batch.write(element, index: first + offset, into: &rows)
                }
            }
        }
        let written = UnsafeMutableBufferPointer<(rows: WrittenRows, failure: DataError?)>.allocate(capacity: parts)
        defer { written.deinitialize().deallocate() }
        let share = (elements.count + parts - 1) / parts
        let shape = self.rows()
        written.initialize(repeating: (shape, nil))
        let shared = Shared(elements: elements, written: written)
        let work: @Sendable (Int) -> Void = { part in
            BackgroundPriority.lowerCurrentThread()
            let elements = shared.elements, written = shared.written
            let range = (part * share)..<Swift.min(elements.count, (part + 1) * share)
            var mine = shape
            do throws(DataError) {
                try self.partWriter(part).batch { (batch: inout Batch) throws(DataError) in
                    for at in range { try batch.write(elements[at], index: first + at, into: &mine) }
                }
            } catch {
                written[part].failure = error
            }
            mine.seal()   // its last page gives back what it did not use before the parts are joined
            written[part].rows = mine
        }
        // Parts after the first on helper queues (each gets a thread at once,
        // busy as the shared pool may be), the first here.
        let done = DispatchGroup()
        for part in 1..<parts {
            done.enter()
            Self.helpers[(part - 1) % Self.helpers.count].async {
                work(part)
                done.leave()
            }
        }
        work(0)
        done.wait()
        for part in written {
            rows.append(part.rows)
            if let failure = part.failure { throw failure }
        }
    }

    /// The writer part `part` writes with: this one for the first, for the
    /// others copies made from the same mapping (once, kept), so that no
    /// two threads touch one reference count a row — shared, the mapper's
    /// objects' counts bounced between the cores at every field.
    package func partWriter(_ part: Int) -> TapeRowWriter {
        guard part > 0 else { return self }
        return partWriters.withLock { made in
            while made.count < part {
                made.append(TapeRowWriter(mapper: TapeItemMapper(mapping: mapper.mapper.mapping, ownPrograms: true),
                                          builder: builder))
            }
            return made[part - 1]
        }
    }

    /// What the parts share while they run: the elements (nodes of one
    /// parsed tape, only read, alive until every part is done) and
    /// one slot of results per part (each part writes its own slot only).
    private struct Shared: @unchecked Sendable {
        let elements: [ListElement<JSONTapeNode>]
        let written: UnsafeMutableBufferPointer<(rows: WrittenRows, failure: DataError?)>
    }
}
