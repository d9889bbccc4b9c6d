import RowboatImages
import RowboatCache
import RowboatSpec
import RowboatNetwork
import RowboatCells
import RowboatProcess

/// The blocking and waiting half of an `ImageFetchQueue` job, run off the
/// actor: bytes from the disk cache or the network, decode and render,
/// store in the disk cache. Every failure becomes a short reason.
struct ImageFetchWorker: Sendable {
    /// Image bytes and where they came from.
    struct Fetched: Sendable {
        var bytes: [UInt8]
        var etag: String?
        var fromNetwork: Bool
    }

    let transport: HTTPTransport
    let store: CacheStore?
    let maker: ThumbnailMaker
    /// Decoded pixels held at once, across the queue's jobs.
    let budget: DecodeBudget
    let timeoutSeconds: Double
    let clock: @Sendable () -> Double
    /// Cache-only: the disk cache alone, never the network.
    var offline = false

    /// The bytes at `url`: the disk cache first (a cache error counts as a
    /// miss), else one GET that must answer 2xx with a non-empty body;
    /// offline, a miss fails as "not in the cache".
    /// `fresh` (a retry the user asked for): the GET goes on a new
    /// connection of a client of its own, so nothing of the failed attempt
    /// (a dead pooled connection, a connect back-off) is reused.
    func fetch(_ url: String, fresh: Bool = false) async -> Result<Fetched, ImageFetchFailure> {
        BackgroundPriority.lowerCurrentThread()
        if let store, store.isEnabled,
           let cached = try? store.image(url: url, now: clock()), !cached.bytes.isEmpty {
            return .success(Fetched(bytes: cached.bytes, etag: cached.etag, fromNetwork: false))
        }
        if offline { return .failure(.notCached) }
        let spec = RequestSpec(method: .get, url: url, headers: [("Accept", "image/png, image/jpeg, image/*")],
                               body: nil, timeoutSeconds: timeoutSeconds)
        let reply: HTTPReply
        let transport = fresh ? self.transport.fresh() : self.transport
        do {
            reply = try await transport.send(spec)
            if fresh { await transport.shutdown() }
        } catch {
            if fresh { await transport.shutdown() }
            return .failure(ImageFetchFailure(error))
        }
        guard (200...299).contains(reply.status) else { return .failure(.status(reply.status)) }
        guard !reply.body.isEmpty else { return .failure(.empty) }
        return .success(Fetched(bytes: reply.body, etag: reply.header("etag"), fromNetwork: true))
    }

    /// Decodes and renders one size within the memory budget: waits until
    /// the decode's peak bytes fit, then blocks the calling thread for the
    /// decode. A decode larger than the whole budget fails at once.
    /// Decoding is background work: its thread yields the cores to the UI
    /// thread's (`BackgroundPriority`).
    func render(_ bytes: [UInt8], for key: ImageRequest) async -> Result<Thumbnail, ImageFetchFailure> {
        BackgroundPriority.lowerCurrentThread()
        let cost: Int
        do {
            cost = try maker.peakBytes(bytes, columns: key.columns, rows: key.rows)
        } catch {
            return .failure(.decode(error))
        }
        guard cost <= budget.capacity else {
            return .failure(.decode(.overMemoryBudget(bytes: cost, budget: budget.capacity)))
        }
        await budget.acquire(cost)
        let result: Result<Thumbnail, ImageFetchFailure>
        do {
            result = .success(try maker.thumbnail(from: bytes, columns: key.columns, rows: key.rows))
        } catch {
            result = .failure(.decode(error))
        }
        await budget.release(cost)
        return result
    }

    /// Keeps bytes that decoded in the disk cache; a cache error is ignored
    /// (the image is simply fetched again next time).
    func keep(_ fetched: Fetched, url: String) {
        guard fetched.fromNetwork, let store, store.isEnabled else { return }
        try? store.storeImage(url: url, bytes: fetched.bytes, etag: fetched.etag, now: clock())
    }
}

