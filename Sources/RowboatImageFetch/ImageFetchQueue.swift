import RowboatImages
import RowboatCache
import RowboatSpec
import RowboatNetwork
import RowboatCells

/// Fetches and renders thumbnails for the cells on screen, in the
/// background, from three levels: decoded thumbnails in `memory`, image
/// bytes in the disk cache (`store`), then the network. In memory a
/// thumbnail is kept by URL and cell box with what its renderer made of it
/// — the symbol cells and, in a pixel mode, the encoded picture — and only
/// a queue whose renderer draws in the same mode takes it from there.
///
/// The caller says which keys it wants with `want(_:)`, most important
/// first (visible cells, then the next screen). At most `limit` jobs run at
/// once; a job downloads one URL once, however many keys (cell sizes) ask
/// for it, then renders each size off the actor. Every event goes to
/// `post`; for a key: `.downloading` when its job starts, then exactly one
/// `.loaded` or `.failed(reason)`.
///
/// Decoded pixels are bounded by a `DecodeBudget` shared by the jobs: a
/// decode waits until its peak bytes fit, so many large images are decoded
/// a few at a time, not six at once.
///
/// A queued key that is no longer wanted is dropped without a request; a
/// running job is left to finish (its bytes land in the disk cache and its
/// results are still posted). A failed key stays failed until
/// `retry(url:)`. Bytes are stored in the disk cache only once they
/// decoded, so a broken image is fetched again on retry.
public actor ImageFetchQueue {
    /// One running job: the download of one URL, then a render per key.
    struct Job {
        let id: Int
        let task: Task<Void, Never>
        /// Keys given to the job and not yet handed out for rendering.
        var waiting: [ImageRequest]
        /// Keys given to the job whose final event is not posted yet.
        var active: Set<ImageRequest>
    }

    let limit: Int
    let memory: MemoryCache<ImageRequest, Thumbnail>
    let worker: ImageFetchWorker
    let post: @Sendable (ImageEvent) -> Void

    /// The wanted keys, most important first, without duplicates.
    var wanted: [ImageRequest] = []
    var wantedSet: Set<ImageRequest> = []
    /// Wanted keys whose final event was posted while they were wanted:
    /// nothing more to do for them until they leave the wanted set.
    var settled: Set<ImageRequest> = []
    /// Keys that failed, with their reason, until `retry(url:)`.
    var failures: [ImageRequest: String] = [:]
    /// URLs retried by the user: their next download starts fresh.
    var retried: Set<String> = []
    /// Running jobs by URL.
    var jobs: [String: Job] = [:]
    var nextJobID = 0

    /// - Parameters:
    ///   - limit: most jobs running at once (at least 1).
    ///   - transport: sends the GETs; its body cap applies.
    ///   - store: the disk cache for image bytes, if any.
    ///   - memory: decoded thumbnails, shared by whoever draws them.
    ///   - maker: decodes and renders.
    ///   - budget: the memory decoded images may take at once.
    ///   - timeoutSeconds: deadline for one download.
    ///   - clock: seconds since the epoch, for the disk cache.
    ///   - offline: cache-only browsing: images come from the disk cache
    ///     alone (one not there fails as "not in the cache"), no GET is sent.
    ///   - post: receives every event, called on the actor: keep it quick.
    public init(limit: Int = 6, transport: HTTPTransport, store: CacheStore?,
                memory: MemoryCache<ImageRequest, Thumbnail>, maker: ThumbnailMaker,
                budget: DecodeBudget = DecodeBudget(), timeoutSeconds: Double = 15,
                clock: @escaping @Sendable () -> Double, offline: Bool = false,
                post: @escaping @Sendable (ImageEvent) -> Void) {
        self.limit = max(1, limit)
        self.memory = memory
        self.post = post
        worker = ImageFetchWorker(transport: transport, store: store, maker: maker, budget: budget,
                                  timeoutSeconds: timeoutSeconds, clock: clock, offline: offline)
    }

    /// Replaces the wanted set; the order is the priority. A key newly
    /// wanted that is in memory is posted `.loaded` at once (no decoding);
    /// one that failed before is posted `.failed` again (no request).
    /// Others are queued; queued keys left out are dropped.
    public func want(_ keys: [ImageRequest]) {
        var seen = Set<ImageRequest>()
        wanted = keys.filter { seen.insert($0).inserted }
        wantedSet = seen
        settled.formIntersection(seen)
        pump()
    }

    /// Forgets the failure of every key of `url`: the next `want` fetches
    /// it again, at once if one of them is still wanted.
    public func retry(url: String) {
        let failed = failures.keys.filter { $0.url == url }
        for key in failed {
            failures[key] = nil
            settled.remove(key)
        }
        retried.insert(url)
        pump()
    }

    /// Cancels queued and running jobs and forgets the wanted set (for
    /// quitting). Keys of cancelled jobs get no final event; a later
    /// `want` starts afresh.
    public func cancelAll() {
        for job in jobs.values { job.task.cancel() }
        jobs = [:]
        wanted = []
        wantedSet = []
        settled = []
    }

    /// Jobs running now.
    public var runningCount: Int { jobs.count }
}
