/// Hostile sizes and framings: bodies whose memory cost grows with the
/// input unless it is read as it arrives (many NDJSON lines, a keyed object
/// of a million items, one 100 MB string, a 2 MB number, a large deeply
/// sectioned document for `config probe`), a compressed body nobody asked
/// for that is large enough to be streamed, an empty NDJSON body, and a
/// `link`-paged list whose server sends no `Link` header. The large bodies
/// are generated while they are written (chunked), so the server holds a
/// piece at a time.
enum HostileSizeRoutes {
    static let index: [(String, String)] = [
        ("/size/ndjson", "?lines=355000 NDJSON lines (about 10 MB), chunked; ?missing=N: line N has no id"),
        ("/size/keyed", "an object of ?items=1000000 keyed items (about 27 MB), chunked"),
        ("/size/huge-string", "one item whose title is ?mb=100 MB long (?kind=ascii, utf8 or escapes), chunked"),
        ("/size/long-number", "one item whose field n is a number ?mb=2 MB of digits long"),
        ("/size/sections", "?mb=9 MB of items in sections of groups (data.sections[*].groups[*].items), chunked"),
        ("/size/gzip-stream", "Content-Encoding: gzip (?header=0: only gzip's magic bytes) on a ?mb=2 MB body, past the streaming threshold"),
        ("/body/ndjson-empty", "an empty application/x-ndjson body (an empty page)"),
        ("/pages/no-link", "a page of 10 items and no Link header (for link paging)"),
    ]

    /// Answers one of these paths; false when the path is not one of them.
    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        switch request.path {
        case "/size/ndjson":
            let lines = min(max(request.int("lines", default: 355_000), 0), 50_000_000)
            let missing = request.int("missing", default: 0)
            stream(c, contentType: "application/x-ndjson") { out in
                for i in stride(from: 1, through: lines, by: 1) {
                    let line = i == missing ? "{\"title\":\"line \(i)\"}\n" : "{\"id\":\(i),\"title\":\"line \(i)\"}\n"
                    guard out.write(line) else { return }
                }
            }
        case "/size/keyed":
            let items = min(max(request.int("items", default: 1_000_000), 0), 50_000_000)
            stream(c, contentType: "application/json") { out in
                guard out.write("{") else { return }
                for i in 0..<items {
                    guard out.write((i > 0 ? "," : "") + "\"k\(i)\":{\"t\":\"item \(i)\"}") else { return }
                }
                _ = out.write("}")
            }
        case "/size/huge-string":
            let bytes = min(max(request.int("mb", default: 100), 0), 2_000) << 20
            let piece: String
            switch request.query["kind"] {
            case "utf8": piece = String(repeating: "é😀ü", count: 1_000)
            case "escapes": piece = String(repeating: #"\"\\\n\u00e9\ud83d\ude00"#, count: 1_000)
            default: piece = String(repeating: "HUGE", count: 4_000)
            }
            stream(c, contentType: "application/json") { out in
                guard out.write("[{\"id\":1,\"title\":\""), out.repeat(piece, bytes: bytes) else { return }
                _ = out.write("\",\"subtitle\":\"after the huge title\"},{\"id\":2,\"title\":\"second\"}]")
            }
        case "/size/long-number":
            let digits = min(max(request.int("mb", default: 2), 0), 100) << 20
            stream(c, contentType: "application/json") { out in
                guard out.write("[{\"id\":1,\"title\":\"long number\",\"n\":1") else { return }
                let piece = String(repeating: "0123456789", count: 6_554)
                guard out.repeat(piece, bytes: digits) else { return }
                _ = out.write("}]")
            }
        case "/size/sections":
            let bytes = min(max(request.int("mb", default: 9), 0), 2_000) << 20
            stream(c, contentType: "application/json") { out in
                guard out.write("{\"data\":{\"sections\":[") else { return }
                var id = 0, section = 0
                while out.written < bytes {
                    let items = (0..<200).map { j -> String in
                        id += 1
                        return "{\"id\":\(id),\"name\":\"item \(id) in section \(section)\",\"price\":\(j).5,"
                            + "\"tags\":[\"a\",\"b\"],\"owner\":{\"login\":\"u\(j)\"}}"
                    }
                    guard out.write((section > 0 ? "," : "") + "{\"title\":\"section \(section)\",\"groups\":[{\"items\":["
                                    + items.joined(separator: ",") + "]}]}") else { return }
                    section += 1
                }
                _ = out.write("]}}")
            }
        case "/size/gzip-stream":
            let size = min(max(request.int("mb", default: 2), 1), 100) << 20
            var body = HostileBytes.gzipBomb
            body += [UInt8](repeating: 0x5B, count: max(0, size - body.count))   // "[[[[…": no JSON
            let headers = request.query["header"] == "0" ? [] : [("Content-Encoding", "gzip")]
            c.respond(200, headers: headers, body: body)
        case "/body/ndjson-empty":
            c.respond(200, contentType: "application/x-ndjson", body: [])
        case "/pages/no-link":
            c.respond(200, body: HostileBytes.plainPage("No link", page: 1, size: 10, totalPage: 1))
        default:
            return false
        }
        return true
    }

    /// Collects written text into chunks of about 64 KiB.
    final class ChunkWriter {
        let connection: HostileConnection
        var pending: [UInt8] = []
        /// Bytes of body written so far (pending included).
        private(set) var written = 0
        var ok = true

        init(_ connection: HostileConnection) { self.connection = connection }

        /// Adds `text`; false once the client is gone.
        func write(_ text: String) -> Bool {
            pending += text.utf8
            written += text.utf8.count
            if pending.count >= 1 << 16 { flush() }
            return ok
        }

        /// Writes `piece` again and again until `bytes` of it are out (the
        /// last whole piece may go past); false once the client is gone.
        func `repeat`(_ piece: String, bytes: Int) -> Bool {
            var sent = 0
            while sent < bytes {
                guard write(piece) else { return false }
                sent += piece.utf8.count
            }
            return true
        }

        func flush() {
            guard ok, !pending.isEmpty else { return }
            ok = connection.send(Array((String(pending.count, radix: 16) + "\r\n").utf8) + pending + [13, 10])
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// A chunked 200 whose body `produce` writes as it goes.
    static func stream(_ c: HostileConnection, contentType: String, _ produce: (ChunkWriter) -> Void) {
        guard c.sendHead(200, [("Content-Type", contentType), ("Transfer-Encoding", "chunked"), ("Connection", "close"),
                               ("Server", "rowboat-hostile")]) else { return }
        let out = ChunkWriter(c)
        produce(out)
        out.flush()
        if out.ok { c.send("0\r\n\r\n") }
    }
}
