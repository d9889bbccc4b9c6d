import Foundation
import RowboatDemo
import RowboatParsing
import RowboatSpec

/// The streaming scanners alone (issue #32): a 1,000,000-item body of
/// `/api/bulk` (about 100 MB, each item as `DemoBulkRoute` writes it) built
/// in memory and fed in 64 KB pieces, as a response arrives, through
/// `JSONListScanner` (the envelope's `datas.list`; a keyed object) and
/// `NDJSONLineScanner`, batches and all. The reference is the least any
/// scan of those bytes does: `memchr` finding every `"` in the same pieces
/// (for NDJSON, whose lines short of the text limit are not scanned inside,
/// every newline).
enum ScanBench {
    static let items = 1_000_000
    static let piece = 65_536

    /// The body of `shape` (`envelope`, `keyed` or `ndjson`).
    static func body(_ shape: String) -> [UInt8] {
        var body = [UInt8]()
        body.reserveCapacity(items * 112)
        switch shape {
        case "keyed": body += Array("{".utf8)
        case "ndjson": break
        default: body += Array("{\"code\":200,\"msg\":\"success\",\"datas\":{\"total\":\(items),\"list\":[".utf8)
        }
        for n in 1...items {
            switch shape {
            case "keyed":
                if n > 1 { body.append(UInt8(ascii: ",")) }
                body += Array("\"k\(n)\":".utf8)
                body += DemoBulkRoute.item(n)
            case "ndjson":
                body += DemoBulkRoute.item(n)
                body.append(UInt8(ascii: "\n"))
            default:
                if n > 1 { body.append(UInt8(ascii: ",")) }
                body += DemoBulkRoute.item(n)
            }
        }
        switch shape {
        case "keyed": body += Array("}".utf8)
        case "ndjson": break
        default: body += Array("],\"totalPage\":1}}".utf8)
        }
        return body
    }

    /// Calls `take` with each 64 KB piece of `body`.
    static func pieces(_ body: [UInt8], _ take: (UnsafeRawBufferPointer) -> Void) {
        body.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count {
                take(UnsafeRawBufferPointer(rebasing: raw[at..<min(raw.count, at + piece)]))
                at += piece
            }
        }
    }

    static func run(reps: Int) -> [BenchResult] {
        var results: [BenchResult] = []
        for shape in ["envelope", "keyed", "ndjson"] {
            let body = body(shape)
            var handedOut = 0
            let ours: () -> Void
            if shape == "ndjson" {
                ours = {
                    var scanner = NDJSONLineScanner()
                    var lines = 0
                    pieces(body) { lines += scanner.feed($0)?.lines.count ?? 0 }
                    lines += scanner.finish()?.lines.count ?? 0
                    handedOut = lines
                }
            } else {
                let path = JSONPath(shape == "keyed" ? "" : "datas.list")!
                ours = {
                    var scanner = JSONListScanner(path: path, keyed: shape == "keyed")!
                    var bytes = 0
                    pieces(body) { bytes += scanner.feed($0)?.count ?? 0 }
                    bytes += scanner.finish().elements?.count ?? 0
                    handedOut = scanner.elementCount
                }
            }
            var quotes = 0
            let sought = Int32(shape == "ndjson" ? 0x0A : UInt8(ascii: "\""))
            let reference = {
                var found = 0
                pieces(body) { raw in
                    var at = raw.baseAddress!
                    let end = at + raw.count
                    while let quote = memchr(at, sought, end - at) {
                        found += 1
                        at = UnsafeRawPointer(quote) + 1
                    }
                }
                quotes = found
            }
            let (mine, floor) = Bench.compare(reps: reps, inner: 1, ours: ours, reference: reference)
            precondition(handedOut == items, "\(shape): \(handedOut) elements")
            let megabytes = Double(body.count) / 1_000_000
            results.append(BenchResult(
                name: "scan-\(shape)",
                unit: "\(shape == "ndjson" ? "NDJSONLineScanner" : "JSONListScanner") over a \(Int(megabytes)) MB \(shape) body in 64 KB pieces",
                ours: mine, reference: floor, referenceName: "memchr of its \(quotes) \(shape == "ndjson" ? "newlines" : "quotes")",
                target: nil,
                note: String(format: "%.0f MB/s (memchr %.0f MB/s)", megabytes / mine, megabytes / floor)))
        }
        return results
    }
}
