import RowboatSpec

/// Turns a stream's body, as it arrives, into rows: each Server-Sent
/// Event's data, each NDJSON line, or each WebSocket text message is one JSON item mapped by the
/// endpoint's `item:` mapping exactly as a page's items are (sanitizing,
/// defaults, coercion). An event that is not JSON, or that the mapping
/// cannot read, becomes one clear line in `StreamBatch.problems` and the
/// stream goes on; nothing of it is kept raw. Empty data (a keep-alive)
/// is skipped. One reader per connection; `nextIndex` carries on across
/// reconnects (it names items without an id).
public struct StreamItemReader: Sendable {
    /// How the body is framed.
    public enum Framing: Sendable, Equatable {
        /// `text/event-stream`.
        case serverSentEvents
        /// One JSON value per line (CR, LF or CRLF).
        case ndjson
        /// Whole messages (a WebSocket's text messages): each `feed` is one.
        case messages
    }

    public let framing: Framing
    let mapper: ItemMapper
    let builder: RowModelBuilder
    /// Mapped items are handed out as they are (`StreamBatch.items`, what
    /// `fetch` prints) instead of rows for a list.
    let keepsItems: Bool
    var events: ServerSentEventParser
    var line: [UInt8] = []
    var lineTooLong = false
    /// The next item's position in the stream (an item without an id takes it).
    public var nextIndex = 0

    /// The longest event or NDJSON line read; longer ones are dropped and said.
    public static let maxItemBytes = 1 << 20

    /// `rows` builds the rows (the user's money format); nil: the mapping's
    /// defaults. `items`: hand out the mapped items instead of rows.
    public init(item: ItemMapping, framing: Framing, lastEventID: String = "", nextIndex: Int = 0,
                rows: RowModelBuilder? = nil, items: Bool = false) {
        self.framing = framing
        keepsItems = items
        mapper = ItemMapper(mapping: item)
        builder = rows ?? RowModelBuilder(mapping: item)
        events = ServerSentEventParser(lastEventID: lastEventID, maxEventBytes: Self.maxItemBytes)
        self.nextIndex = nextIndex
    }

    /// The framing a response's content type asks for: SSE for
    /// `text/event-stream`, else NDJSON.
    public static func framing(contentType: String?) -> Framing {
        let type = contentType?.split(separator: ";").first?.trimmingWhitespace().lowercased()
        return type == "text/event-stream" ? .serverSentEvents : .ndjson
    }

    /// The SSE last event id so far (for `Last-Event-ID` on a reconnect).
    public var lastEventID: String { events.lastEventID }
    /// The SSE `retry:` reconnection time, in seconds, if the server set one.
    public var retrySeconds: Double? { events.retryMilliseconds.map { Double($0) / 1000 } }

    /// Reads the next bytes of the body.
    public mutating func feed<C: Collection>(_ bytes: C) -> StreamBatch where C.Element == UInt8 {
        // Read as one buffer: a generic collection's bytes one at a time cost more than the events' parsing.
        if let batch = bytes.withContiguousStorageIfAvailable({ feed(buffer: $0) }) { return batch }
        return Array(bytes).withUnsafeBufferPointer { feed(buffer: $0) }
    }

    /// Reads the next bytes of the body, in one buffer.
    public mutating func feed(buffer bytes: UnsafeBufferPointer<UInt8>) -> StreamBatch {
        var batch = StreamBatch()
        switch framing {
        case .serverSentEvents:
            let dropped = events.oversized
            for event in events.feed(bytes) where !event.data.isEmpty {
                read(ArraySlice(event.data.utf8), into: &batch)
            }
            for _ in dropped..<events.oversized { tooBig(into: &batch) }
        case .ndjson:
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                // The line so far, up to the longest kept (past it, only that it was too long).
                let room = max(0, Self.maxItemBytes - line.count)
                if end - start > room { lineTooLong = true }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start + min(room, end - start))]))
                guard end < bytes.count else { break }
                if lineTooLong { tooBig(into: &batch) } else if line.contains(where: { !Self.isSpace($0) }) {
                    read(line[...], into: &batch)
                }
                line.removeAll(keepingCapacity: line.count < 4096)
                lineTooLong = false
                start = end + 1
            }
        case .messages:
            if bytes.count > Self.maxItemBytes {
                tooBig(into: &batch)
            } else if bytes.contains(where: { !Self.isSpace($0) && $0 != 0x0A && $0 != 0x0D }) {
                read(ArraySlice(bytes), into: &batch)
            }
        }
        return batch
    }

    /// A message that holds no text (a WebSocket's binary message): one
    /// line, and the stream goes on.
    public func ignored(bytes: Int) -> StreamBatch {
        StreamBatch(problems: ["a binary message of \(bytes) bytes ignored (events are text)"])
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    mutating func tooBig(into batch: inout StreamBatch) {
        batch.problems.append("event \(nextIndex + 1) skipped: larger than \(Self.maxItemBytes) bytes")
        nextIndex += 1
    }

    mutating func read(_ data: ArraySlice<UInt8>, into batch: inout StreamBatch) {
        let index = nextIndex
        nextIndex += 1
        let value: JSONValue
        do {
            value = try JSONTape.tree(data)
        } catch {
            let start = Sanitizer.clean(String(decoding: data.prefix(40), as: UTF8.self), limit: 40)
            batch.problems.append("event \(index + 1) is not JSON: \(start)")
            return
        }
        do {
            let item = try mapper.map(value, index: index, listPath: JSONPath("")!)
            if keepsItems { batch.items.append(item) } else { batch.rows.append(builder.row(for: item)) }
        } catch {
            batch.problems.append("event \(index + 1): \(error.description)")
        }
    }
}

/// What one read of a stream's body gave: its rows in arrival order, and
/// one clear (sanitized) line per event that could not be read.
public struct StreamBatch: Sendable, Equatable {
    public var rows: [RowModel] = []
    /// The mapped items, when the reader hands out items instead of rows.
    public var items: [Item] = []
    public var problems: [String] = []

    public init(rows: [RowModel] = [], items: [Item] = [], problems: [String] = []) {
        self.rows = rows
        self.items = items
        self.problems = problems
    }
}
