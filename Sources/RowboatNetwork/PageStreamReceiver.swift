import Foundation
import NIOCore
import RowboatSpec
import RowboatParsing
import RowboatProcess

/// A page body decoded while it arrives, for endpoints whose list can
/// stream (`StreamingPageDecoder`: a JSON list at a path, a keyed object,
/// or NDJSON lines). Up to `threshold` bytes are only kept
/// (a page that small is decoded whole and stored, as always); past it, or
/// at once when Content-Length says the body is larger, the items go to
/// `onPart` in batches: the first as soon as there is one (the first
/// screen), then one at least every `interval` or `batchSize` items. With
/// a `TapeRowWriter` the items are written straight into rows instead
/// (`PageResult.rows`, the bytes the list keeps), on a task of their own
/// (`StreamRowWriter`) while this one goes on reading and scanning the
/// body. A compressed body (which Rowboat never asks for) ends the request at its
/// first piece with `DataError.compressedBody`.
final class PageStreamReceiver: BodyReceiver, @unchecked Sendable {
    // The transport calls `accepts` and `receive` from one task, in order,
    // and `finish` runs after the last `receive`: no two calls overlap.
    static let threshold = 1 << 20
    /// Rows a delivery brings at most: 5,000 are applied on the UI thread
    /// in about 5 ms on an idle core (a key pressed meanwhile waits no
    /// longer); 20,000 held it 25–90 ms on two busy cores (load-keys-tui).
    static let batchSize = 5_000
    static let interval: Duration = .milliseconds(100)

    private var decoder: StreamingPageDecoder
    private let writer: TapeRowWriter?
    private let onPart: @Sendable (PageResult) async -> Void
    /// The body so far, while it is below the threshold.
    private(set) var buffered: [UInt8] = []
    /// True once the body is decoded as it arrives.
    private(set) var streaming = false
    /// The body's compression, which ends it (see `receive`).
    private var compression: String?
    /// A piece has come.
    private var started = false
    /// Items decoded and not yet handed out.
    private var pending: [Item] = []
    private var lastDelivery: ContinuousClock.Instant?
    /// With a writer: where the rows are written, once the body streams.
    private var rowWriter: StreamRowWriter?

    init(decoder: StreamingPageDecoder, writer: TapeRowWriter? = nil,
         onPart: @escaping @Sendable (PageResult) async -> Void) {
        self.decoder = decoder
        self.writer = writer
        if writer != nil { self.decoder.holdBack = TapeRowWriter.chunkBytes }
        self.onPart = onPart
    }

    func accepts(status: Int, headers: [(String, String)]) -> Bool {
        guard (200..<300).contains(status), status != 204 else { return false }
        let type = headers.header("content-type")
        compression = PageDecoder.compression(body: [], headers: headers)
        if compression == nil, !decoder.frame(contentType: type) { return false }
        let length = headers.header("content-length").flatMap { Int($0) }
        streaming = (length ?? 0) > Self.threshold
        return true
    }

    func receive(_ piece: ByteBuffer) async throws {
        if let compression { throw DataError.compressedBody(compression) }
        BackgroundPriority.lowerCurrentThread()
        if !started {
            started = true
            if piece.readableBytesView.starts(with: [0x1F, 0x8B]) { throw DataError.compressedBody("gzip") }
        }
        var bytes = piece
        if !streaming {
            buffered.append(contentsOf: piece.readableBytesView)
            guard buffered.count > Self.threshold else { return }
            streaming = true
            bytes = ByteBuffer(bytes: buffered)
            buffered = []
        }
        if let writer {
            let scanned = try bytes.withUnsafeReadableBytes { raw throws(DataError) in try decoder.scan(raw) }
            guard let scanned else { return }
            if rowWriter == nil {
                rowWriter = StreamRowWriter(feed: decoder.elements, writer: writer, batchSize: Self.batchSize,
                                            interval: Self.interval, onPart: onPart)
            }
            return try await rowWriter!.submit(scanned)
        }
        pending += try bytes.withUnsafeReadableBytes { raw throws(DataError) in try decoder.feed(raw) }
        let now = ContinuousClock.now
        let due = lastDelivery.map { now - $0 >= Self.interval } ?? true
        if !pending.isEmpty, due || pending.count >= Self.batchSize {
            var batch = PageResult(items: pending)
            batch.facts.continues = true
            pending = []
            lastDelivery = now
            await onPart(batch)
        }
    }

    /// The page's last items or rows (those not yet handed out) and its
    /// paging facts, once the body has ended.
    func finish(contentType: String?, headers: [(String, String)]) async throws(DataError) -> PageResult {
        guard let writer else {
            var page = try decoder.finish(contentType: contentType, headers: headers)
            page.items = pending + page.items
            pending = []
            return page
        }
        var rows = writer.rows()
        if let rowWriter {
            self.rowWriter = nil
            let outcome = await rowWriter.finish()
            if let failure = outcome.failure { throw failure }
            decoder.elements = outcome.feed
            rows = outcome.rows
        }
        var page = try decoder.finish(contentType: contentType, headers: headers, writer: writer, into: &rows)
        page.rows = rows
        return page
    }

    /// Ends the rows' writing without a page (the request failed): once it
    /// returns, no part goes out.
    func close() async {
        guard let rowWriter else { return }
        self.rowWriter = nil
        await rowWriter.stop()
    }
}
