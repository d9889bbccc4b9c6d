import Synchronization
import RowboatDemo

/// Hostile images that are big but within the decoders' limits:
/// `/items/huge-images` lists `?count=30` items whose images are 8000x6000
/// (48 MP, under the 50 MP limit) — baseline JPEG, progressive JPEG or PNG
/// (`?kind=`) — each at its own URL, so nothing is shared between them.
/// Every URL serves the same bytes, made once per kind and size and kept.
enum HostileImageRoutes {
    static let index: [(String, String)] = [
        ("/items/huge-images", "?count=30 items, each with its own ?w=8000 x ?h=6000 image (?kind=jpeg, progressive or png)"),
        ("/images/huge", "/N an 8000x6000 image (?kind=jpeg, progressive or png, ?w=, ?h=): a smooth gradient"),
    ]

    /// Encoded images by "kind wxh".
    private static let made = Mutex<[String: [UInt8]]>([:])

    /// Answers `/items/huge-images` and `/images/huge/…`; false for other paths.
    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        let kind = ["jpeg", "progressive", "png"].contains(request.query["kind"] ?? "") ? request.query["kind"]! : "jpeg"
        let width = min(max(request.int("w", default: 8000), 1), 16_000)
        let height = min(max(request.int("h", default: 6000), 1), 16_000)
        if request.path == "/items/huge-images" {
            let base = "http://" + (request.header("Host") ?? HostileServer.host)
            let count = min(max(request.int("count", default: 30), 1), 500)
            let items = (1...count).map { i in
                "{\"id\":\(i),\"title\":\"Huge \(kind) \(i)\",\"subtitle\":\"\(width)x\(height)\","
                    + "\"image\":\(HostileBytes.jsonString("\(base)/images/huge/\(i)?kind=\(kind)&w=\(width)&h=\(height)"))}"
            }
            c.respond(200, body: HostileBytes.envelope(items: items))
            return true
        }
        guard request.path.hasPrefix("/images/huge/") else { return false }
        guard let bytes = image(kind: kind, width: width, height: height) else {
            c.respond(500, body: HostileBytes.failure(500, "could not make the image"))
            return true
        }
        c.respond(200, contentType: kind == "png" ? "image/png" : "image/jpeg", body: bytes)
        return true
    }

    /// The image of `kind` at this size, made on first use (the RGB pixels
    /// live only while it is encoded).
    static func image(kind: String, width: Int, height: Int) -> [UInt8]? {
        let key = "\(kind) \(width)x\(height)"
        return made.withLock { cache in
            if let bytes = cache[key] { return bytes }
            let rgb = gradient(width: width, height: height)
            let bytes = kind == "png" ? try? ImageEncoder.png(rgb: rgb, width: width, height: height, compressionLevel: 1)
                : try? ImageEncoder.jpeg(rgb: rgb, width: width, height: height, quality: 80,
                                         progressive: kind == "progressive")
            cache[key] = bytes
            return bytes
        }
    }

    /// A diagonal gradient with a few bands, built a row at a time (64
    /// distinct rows, repeated).
    static func gradient(width: Int, height: Int) -> [UInt8] {
        let rows = (0..<64).map { band -> [UInt8] in
            var row = [UInt8](repeating: 0, count: width * 3)
            for x in 0..<width {
                row[x * 3] = UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1))
                row[x * 3 + 1] = UInt8(truncatingIfNeeded: band * 4)
                row[x * 3 + 2] = UInt8(truncatingIfNeeded: 255 - x * 255 / max(1, width - 1))
            }
            return row
        }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height { rgb.append(contentsOf: rows[y * 64 / height]) }
        return rgb
    }
}
