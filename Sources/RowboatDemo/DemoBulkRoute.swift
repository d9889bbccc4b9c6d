import Hummingbird

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
                    buffer.writeBytes(item(n))
                    buffer.writeInteger(UInt8(ascii: "\n"))
                case .keyed:
                    if n > 1 { buffer.writeInteger(UInt8(ascii: ",")) }
                    buffer.writeString("\"k\(n)\":")
                    buffer.writeBytes(item(n))
                case .bare, .envelope:
                    if n > 1 { buffer.writeInteger(UInt8(ascii: ",")) }
                    buffer.writeBytes(item(n))
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
    }

    /// Item `id` as JSON (about 110 bytes), the same every time.
    package static func item(_ id: Int) -> [UInt8] {
        let adjective = DemoWords.adjectives[id % DemoWords.adjectives.count]
        let noun = DemoWords.nouns[(id / DemoWords.adjectives.count) % DemoWords.nouns.count]
        let cents = (id &* 7_919) % 100_000
        let text = "{\"id\":\(id),\"title\":\"\(adjective) \(noun) \(id)\",\"subtitle\":\"Maker \(id % 97)\","
            + "\"price\":\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100),\"created_at\":\(1_700_000_000 - id * 60)}"
        return Array(text.utf8)
    }
}
