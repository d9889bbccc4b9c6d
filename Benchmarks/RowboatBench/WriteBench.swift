import Foundation
import RowboatApp
import RowboatParsing
import RowboatSpec

/// The rows the writer sustains on its own (issue #48.1): the bulk body of
/// each shape built in memory (as `ScanBench` builds it) and fed in 64 KB
/// pieces through what a streamed response goes through off the UI thread —
/// `StreamingPageDecoder` holding elements back to chunks
/// (`TapeRowWriter.chunkBytes`), each chunk parsed and its rows written,
/// in parts on the cores (`TapeRowWriter+Parts`) — with no network and no
/// list. The reference is simdjson's own parse of the same chunks (the
/// shim's `rb_json_parse`, as `JSONTape` reads one; the last chunk is
/// left to `finish` and not in it), warmed like ours, on one core: what
/// no writer of rows from this parser can beat on one.
enum WriteBench {
    static func run(reps: Int) throws -> [BenchResult] {
        let config = try ConfigFile.load(FileManager.default.currentDirectoryPath + "/Config/bulk.yaml")
        guard let bulk = config.endpoints.first else { throw POSIXError(.ENOENT) }
        var results: [BenchResult] = []
        for shape in ["envelope", "ndjson", "keyed"] {
            var endpoint = bulk
            if shape != "envelope" {
                endpoint.response = ResponseShape()
                endpoint.paging.totalCountPath = nil
            }
            if shape == "ndjson" { endpoint.response.format = ResponseFormat.ndjson }
            if shape == "keyed" { endpoint.response.keyed = true }
            let body = ScanBench.body(shape)
            let decoder = PageDecoder(endpoint: endpoint)
            let writer = TapeRowWriter(mapper: decoder.tapeMapper, builder: RowModelBuilder(mapping: endpoint.item))
            var written = 0
            let ours: () -> Void = {
                var stream = StreamingPageDecoder(decoder: decoder)!
                stream.holdBack = TapeRowWriter.chunkBytes
                _ = stream.frame(contentType: shape == "ndjson" ? "application/x-ndjson" : "application/json")
                var rows = writer.rows(), count = 0
                ScanBench.pieces(body) { piece in
                    try! stream.feed(piece, writer: writer, into: &rows)
                    // The rows go on to the list as they are written: none are held here.
                    count += rows.count
                    rows = writer.rows()
                }
                _ = try! stream.finish(contentType: nil, headers: [], writer: writer, into: &rows)
                written = count + rows.count
            }
            // simdjson's parse of the very texts the writer parses (the
            // chunks the decoder hands out, cut once beforehand), one
            // parser reused, on one core.
            var chunks: [[UInt8]] = []
            do {
                var stream = StreamingPageDecoder(decoder: decoder)!
                stream.holdBack = TapeRowWriter.chunkBytes
                _ = stream.frame(contentType: shape == "ndjson" ? "application/x-ndjson" : "application/json")
                ScanBench.pieces(body) { piece in
                    switch try! stream.scan(piece) {
                    case .elements(let text, _): chunks.append(text)
                    case .lines(let batch): chunks.append(batch.text)
                    case nil: break
                    }
                }
            }
            var parsedCount = 0
            let reference: () -> Void = {
                var count = 0
                for chunk in chunks {
                    count += try! JSONTape.withDocument(chunk[...]) { (root: JSONTapeNode) throws(Never) in root.count }
                }
                parsedCount = count
            }
            let (mine, floor) = Bench.compare(reps: reps, inner: 1, ours: ours, reference: reference)
            precondition(written == ScanBench.items, "\(shape): \(written) rows")
            let megabytes = Double(body.count) / 1_000_000
            results.append(BenchResult(
                name: "write-\(shape)",
                unit: "\(ScanBench.items) rows written from a \(Int(megabytes)) MB \(shape) body in memory, 64 KB pieces, \(TapeRowWriter.cores) cores",
                ours: mine, reference: floor, referenceName: "simdjson's parse of the same chunks, one core",
                target: nil,
                note: String(format: "%.2f M rows/s, %.0f MB/s (simdjson alone %.0f MB/s on one core, %d elements in its chunks)",
                             Double(ScanBench.items) / mine / 1e6, megabytes / mine, megabytes / floor, parsedCount)))
        }
        return results
    }
}
