import NIOCore
import RowboatSpec
import RowboatParsing

/// A stream's body (`stream:`) read as it arrives: a 2xx reply's pieces go
/// through a `StreamItemReader` (SSE for `text/event-stream`, else NDJSON)
/// and each piece's rows and unreadable events go to `onBatch` at once. A
/// reply that is not 2xx is collected whole, for its error.
final class StreamEventReceiver: BodyReceiver, @unchecked Sendable {
    // The transport calls `accepts` and `receive` from one task, in order,
    // and `reader` is read after the last `receive`: no two calls overlap.
    private let item: ItemMapping
    private let rows: RowModelBuilder?
    private let resume: StreamResume
    private let items: Bool
    private let onBatch: @Sendable (StreamBatch, StreamItemReader) async -> Void
    private let onOpen: @Sendable () -> Void
    private(set) var reader: StreamItemReader?

    init(item: ItemMapping, rows: RowModelBuilder?, items: Bool = false, resume: StreamResume,
         onOpen: @escaping @Sendable () -> Void = {},
         onBatch: @escaping @Sendable (StreamBatch, StreamItemReader) async -> Void) {
        self.item = item
        self.rows = rows
        self.resume = resume
        self.items = items
        self.onOpen = onOpen
        self.onBatch = onBatch
    }

    func accepts(status: Int, headers: [(String, String)]) -> Bool {
        guard (200..<300).contains(status) else { return false }
        reader = StreamItemReader(item: item, framing: StreamItemReader.framing(contentType: headers.header("content-type")),
                                  lastEventID: resume.lastEventID, nextIndex: resume.nextIndex, rows: rows, items: items)
        onOpen()
        return true
    }

    func receive(_ piece: ByteBuffer) async throws {
        guard var reader else { return }
        let batch = piece.withUnsafeReadableBytes { reader.feed(buffer: $0.assumingMemoryBound(to: UInt8.self)) }
        self.reader = reader
        if !batch.rows.isEmpty || !batch.items.isEmpty || !batch.problems.isEmpty { await onBatch(batch, reader) }
    }
}

/// Where a stream picks up on a reconnect: the SSE last event id (sent as
/// `Last-Event-ID`) and the next item's position.
public struct StreamResume: Sendable, Equatable {
    public var lastEventID = ""
    public var nextIndex = 0

    public init(lastEventID: String = "", nextIndex: Int = 0) {
        self.lastEventID = lastEventID
        self.nextIndex = nextIndex
    }
}
