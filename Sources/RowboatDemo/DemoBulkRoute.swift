import Dispatch
import Hummingbird
import Synchronization

/// `GET /api/bulk?items=N&shape=bare|envelope|ndjson|keyed`: one huge
/// response of N generated items (default 1,000,000: about 100 MB),
/// written as it is generated (chunked, no Content-Length), so nothing of
/// it is held in memory or committed. `bare` is a top-level array;
/// `envelope` (the default) is the demo's envelope with `datas.total`
/// before the list and `datas.totalPage` after it; `ndjson` is one item a
/// line (`application/x-ndjson`); `keyed` is one object whose members are
/// the items by key (`"k1": {…}`, as Firebase sends them).
/// Config/bulk.yaml browses it.
package enum DemoBulkRoute {
    static let defaultItems = 1_000_000
    static let maxItems = 20_000_000
    /// Items written per chunk.
    static let chunkItems = 2_000
    /// When the last body was handed whole to the connection
    /// (`DispatchTime` uptime, nanoseconds; 0 before any): the load bench
    /// times a client's last row from the server's last byte with it.
    package static let lastBodyWritten = Atomic<UInt64>(0)

    static func register(on router: Router<BasicRequestContext>) {
        router.get("/api/bulk") { request, _ in
            let query = request.uri.queryParameters
            let count = min(max(0, query.get("items").flatMap { Int($0) } ?? defaultItems), maxItems)
            let shape = Shape(rawValue: query.get("shape") ?? "") ?? .envelope
            let type = shape == .ndjson ? "application/x-ndjson" : "application/json; charset=utf-8"
            return Response(status: .ok, headers: [.contentType: type],
                            body: ResponseBody { writer in
                                try await write(count: count, shape: shape, to: &writer)
                            })
        }
    }

    /// How the items are wrapped.
    enum Shape: String {
        case envelope, bare, ndjson, keyed
    }

    static func write(count: Int, shape: Shape, to writer: inout any ResponseBodyWriter) async throws {
        let head = switch shape {
        case .bare: "["
        case .envelope: "{\"code\":200,\"msg\":\"success\",\"datas\":{\"total\":\(count),\"list\":["
        case .ndjson: ""
        case .keyed: "{"
        }
        var buffer = ByteBuffer(string: head)
        var id = 1
        while id <= count {
            let end = min(count, id + chunkItems - 1)
            for n in id...end {
                switch shape {
                case .ndjson:
                    write(item: n, into: &buffer)
                    buffer.writeInteger(UInt8(ascii: "\n"))
                case .keyed:
                    if n > 1 { buffer.writeInteger(UInt8(ascii: ",")) }
                    buffer.writeStaticString("\"k")
                    writeDecimal(n, into: &buffer)
                    buffer.writeStaticString("\":")
                    write(item: n, into: &buffer)
                case .bare, .envelope:
                    if n > 1 { buffer.writeInteger(UInt8(ascii: ",")) }
                    write(item: n, into: &buffer)
                }
            }
            try await writer.write(buffer)
            buffer.clear()
            id = end + 1
        }
        let tail = switch shape {
        case .bare: "]"
        case .envelope: "],\"totalPage\":1}}"
        case .ndjson: ""
        case .keyed: "}"
        }
        buffer.writeString(tail)
        try await writer.write(buffer)
        try await writer.finish(nil)
        lastBodyWritten.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }

    /// Item `id` as JSON (about 110 bytes), the same every time.
    package static func item(_ id: Int) -> [UInt8] {
        var buffer = ByteBuffer()
        write(item: id, into: &buffer)
        return Array(buffer.readableBytesView)
    }

    /// Writes item `id` at the end of `buffer`, byte by byte (no text made
    /// per item: the server of a bench must not take the core the client
    /// it serves is measured on).
    static func write(item id: Int, into buffer: inout ByteBuffer) {
        let adjective = DemoWords.adjectives[id % DemoWords.adjectives.count]
        let noun = DemoWords.nouns[(id / DemoWords.adjectives.count) % DemoWords.nouns.count]
        let cents = (id &* 7_919) % 100_000
        buffer.writeStaticString("{\"id\":")
        writeDecimal(id, into: &buffer)
        buffer.writeStaticString(",\"title\":\"")
        buffer.writeString(adjective)
        buffer.writeInteger(UInt8(ascii: " "))
        buffer.writeString(noun)
        buffer.writeInteger(UInt8(ascii: " "))
        writeDecimal(id, into: &buffer)
        buffer.writeStaticString("\",\"subtitle\":\"Maker ")
        writeDecimal(id % 97, into: &buffer)
        buffer.writeStaticString("\",\"price\":")
        writeDecimal(cents / 100, into: &buffer)
        buffer.writeInteger(UInt8(ascii: "."))
        if cents % 100 < 10 { buffer.writeInteger(UInt8(ascii: "0")) }
        writeDecimal(cents % 100, into: &buffer)
        buffer.writeStaticString(",\"created_at\":")
        writeDecimal(1_700_000_000 - id * 60, into: &buffer)
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    /// `value`'s decimal digits (a leading `-` when negative).
    static func writeDecimal(_ value: Int, into buffer: inout ByteBuffer) {
        if value < 0 { buffer.writeInteger(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var at = 20
            repeat {
                at -= 1
                digits[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digits)[at...]))
        }
    }
}
