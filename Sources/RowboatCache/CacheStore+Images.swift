import Foundation
import GRDB

/// Stored images, keyed by a hash of the URL (never a path built from it).
extension CacheStore {
    /// How stale a recorded access time may be before a hit writes it anew:
    /// hits are reads, and at most one write per image per minute keeps LRU
    /// eviction honest without a write transaction on every hit.
    public static let accessGranularity: Double = 60

    /// The stored image for `url`; marks it used at `now` (for LRU eviction).
    public func image(url: String, now: Double) throws(CacheError) -> CachedImage? {
        let hash = StableHash.hex(url)
        guard let pool, cachesContent else { return nil }
        var found: CachedImage?
        switch try hits?.image(hash: hash, url: url) ?? .unavailable {
        case .found(let image): found = image
        case .missing: found = nil
        case .unavailable:
            do {
                found = try pool.unsafeRead { db in
                    let row = try Row.fetchOne(db, sql: CacheHitReader.sql, arguments: [hash])
                    guard let row, row[0] as String? == url else { return nil }
                    return CachedImage(url: url, bytes: [UInt8](row[1] as Data), etag: row[2], fetchedAt: row[3],
                                       lastAccess: row[4])
                }
            } catch { throw CacheError.from(error) }
        }
        guard var image = found else { return nil }
        if now - image.lastAccess >= Self.accessGranularity {
            try write(()) { db in
                try db.execute(sql: "UPDATE image SET lastAccess = ? WHERE hash = ?", arguments: [now, hash])
            }
            image.lastAccess = now
        }
        return image
    }

    /// Stores image bytes; the size cap is enforced afterwards.
    public func storeImage(url: String, bytes: [UInt8], etag: String?, now: Double) throws(CacheError) {
        try write(()) { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO image (hash, url, bytes, size, etag, fetchedAt, lastAccess)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [StableHash.hex(url), url, Data(bytes), bytes.count, etag, now, now])
            _ = try Self.enforce(maxBytes, db)
        }
    }

    /// A 304 for an image: it counts as fetched and used `now`.
    @discardableResult
    public func touchImage(url: String, now: Double) throws(CacheError) -> Bool {
        try write(false) { db in
            try db.execute(sql: "UPDATE image SET fetchedAt = ?, lastAccess = ? WHERE hash = ? AND url = ?",
                           arguments: [now, now, StableHash.hex(url), url])
            return db.changesCount > 0
        }
    }
}
