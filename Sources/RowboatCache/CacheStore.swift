import Foundation
import GRDB
import RowboatSpec

/// The on-disk cache for one config: responses, images and favorites in one
/// SQLite file (WAL, so several processes can share it). It owns its schema
/// and exposes only safe operations. A store that could not be opened is
/// *disabled*: reads miss, writes do nothing, and `disabledReason` says why.
/// With caching turned off in the config (`localCache.enabled: false`) the
/// file is still opened for favorites — they are the user's, not a cache —
/// while responses and images are neither read nor written.
public final class CacheStore: Sendable {
    /// Seconds a stored response stays fresh.
    public let expireSeconds: Double
    /// Content size cap enforced after each write.
    public let maxBytes: Int
    /// False with `localCache.enabled: false`: the open file keeps favorites only.
    let cachesContent: Bool
    /// The file's open, done or under way (`inBackground`).
    private let opening: CacheOpening

    /// The database file, when the store is enabled.
    public var path: String? { opening.value.path }
    /// One line the UI shows once: the database was damaged and was moved
    /// aside and rebuilt.
    public var notice: String? { opening.value.notice }
    /// "cache disabled: …" when the store is not usable.
    public var disabledReason: String? { opening.value.disabledReason }
    var pool: DatabasePool? { opening.value.pool }
    /// The connection single-statement reads (hits) go through.
    var hits: CacheHitReader? { opening.value.hits }
    /// The full check of a large file, running since it was opened (nil:
    /// the file was checked before it was used).
    var check: CacheCheck? { opening.value.check }

    /// Responses and images are cached.
    public var isEnabled: Bool { pool != nil && cachesContent }
    /// Favorites are kept on disk (the database is open, caching or not).
    public var keepsFavorites: Bool { pool != nil }

    /// The store for `config`, at its configured or default location.
    /// `now` (seconds since the epoch) decides which stale responses go.
    /// `inBackground`: the file is opened (and its stale responses pruned)
    /// on a thread of its own; the store's first use waits for it. A file
    /// whose open `openAhead` began is taken as it is, once.
    public static func open(for config: RowboatConfig,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            now: Double = Date().timeIntervalSince1970, inBackground: Bool = false) -> CacheStore {
        let settings = config.localCache
        let path = CacheLocation.file(for: config, environment: environment)
        // Responses expired longer ago than keepStale are of no use even offline.
        let pruneBefore = settings.enabled ? now - settings.keepStaleSeconds : nil
        return CacheStore(path: path, expireSeconds: settings.expireSeconds, maxBytes: settings.maxBytes,
                          cachesContent: settings.enabled, pruneBefore: pruneBefore, inBackground: inBackground)
    }

    /// Opens (or creates) the database at `path`. A damaged file is moved
    /// aside and a fresh one created (`notice` says so); an unusable
    /// directory gives a disabled store. `cachesContent` false: the file
    /// keeps favorites only (`localCache.enabled: false`), and
    /// `disabledReason` says caching is off. `pruneBefore`: responses
    /// that expired before then (seconds since the epoch) are dropped once
    /// it is open. `inBackground`: all that on a thread of its own. The
    /// file's open begun by `openAhead`, if it was, is this store's.
    public init(path: String, expireSeconds: Double = 600, maxBytes: Int = LocalCacheSettings.defaultMaxBytes,
                now: Date = Date(), cachesContent: Bool = true, pruneBefore: Double? = nil, inBackground: Bool = false) {
        self.expireSeconds = expireSeconds
        self.maxBytes = maxBytes
        self.cachesContent = cachesContent
        let off = cachesContent ? nil : "cache disabled: localCache.enabled is false"
        // The file's own open, begun ahead of this store (`openAhead`), if it was.
        let file = CacheOpenedAhead.take(path: path)
        opening = CacheOpening(inBackground: inBackground) {
            var opened = file?.value ?? CacheStore.openFile(path: path, now: now)
            opened.disabledReason = off ?? opened.disabledReason
            if let pruneBefore, cachesContent, let pool = opened.pool {
                _ = try? CacheStore.pruneExpiredResponses(in: pool, now: pruneBefore)
            }
            return opened
        }
    }

    /// The file's open, what any store of it does first: the pool and the
    /// hits' connection, or why there is none.
    static func openFile(path: String, now: Date) -> CacheOpening.Opened {
        switch CacheOpener.open(path: path, now: now) {
        case .opened(let pool, let notice, let check):
            CacheOpening.Opened(pool: pool, hits: CacheHitReader(path: path), path: path, notice: notice, check: check)
        case .disabled(let reason):
            CacheOpening.Opened(disabledReason: reason)
        }
    }

    /// Runs a read of cached content, or returns `fallback` when the store
    /// is disabled or caching is off.
    func read<T>(_ fallback: T, _ body: (Database) throws -> T) throws(CacheError) -> T {
        guard let pool, cachesContent else { return fallback }
        do { return try pool.read(body) } catch { throw CacheError.from(error) }
    }

    /// Runs a write transaction of cached content; nothing when the store
    /// is disabled or caching is off.
    func write<T>(_ fallback: T, _ body: (Database) throws -> T) throws(CacheError) -> T {
        guard let pool, cachesContent else { return fallback }
        do { return try pool.write(body) } catch { throw CacheError.from(error) }
    }

    /// The database for favorites, which are kept with caching off too; a
    /// store that could not be opened cannot keep them, and says why.
    func favoritesPool() throws(CacheError) -> DatabasePool {
        guard let pool else {
            throw CacheError(disabledReason ?? "cache disabled")
        }
        return pool
    }

    /// Waits up to `timeout` seconds for the full check of a large file
    /// begun when it was opened: true when sound (or checked before use),
    /// false when damaged (the next open moves it aside), nil while it runs.
    public func waitForCheck(timeout: Double) -> Bool? {
        check?.wait(timeout: timeout) ?? true
    }

    /// `PRAGMA integrity_check`'s answer ("ok" when sound).
    public func integrityCheck() throws(CacheError) -> String {
        try read("disabled") { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
        }
    }
}
