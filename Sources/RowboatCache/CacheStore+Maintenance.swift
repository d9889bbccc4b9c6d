import GRDB

/// Sizes, clearing, pruning and the size cap.
extension CacheStore {
    /// Content bytes and entries per kind.
    public func sizes() throws(CacheError) -> CacheSizes {
        let empty = CacheSizes.Kind(bytes: 0, entries: 0)
        return try read(CacheSizes(responses: empty, images: empty, favorites: empty)) { db in
            func kind(_ sql: String) throws -> CacheSizes.Kind {
                let row = try Row.fetchOne(db, sql: sql)!
                return CacheSizes.Kind(bytes: row[0] ?? 0, entries: row[1] ?? 0)
            }
            return CacheSizes(
                responses: try kind("SELECT SUM(size), COUNT(*) FROM response"),
                images: try kind("SELECT SUM(size), COUNT(*) FROM image"),
                favorites: try kind("SELECT SUM(length(CAST(row AS BLOB))), COUNT(*) FROM favorite"))
        }
    }

    /// Removes every entry of `kinds` (favorites are kept); returns how many.
    @discardableResult
    public func clear(_ kinds: Set<CacheKind> = Set(CacheKind.allCases)) throws(CacheError) -> Int {
        let removed = try write(0) { db in
            var removed = 0
            for kind in kinds.sorted(by: { $0.rawValue < $1.rawValue }) {
                try db.execute(sql: "DELETE FROM \(kind == .images ? "image" : "response")")
                removed += db.changesCount
            }
            return removed
        }
        // Give the space back to the file system; another process using the
        // file may make this wait or fail, which is harmless.
        if let pool { try? pool.vacuum() }
        return removed
    }

    /// Removes responses that expired before `now`; returns how many.
    @discardableResult
    public func pruneExpiredResponses(now: Double) throws(CacheError) -> Int {
        try write(0) { db in
            try db.execute(sql: "DELETE FROM response WHERE expiresAt <= ?", arguments: [now])
            return db.changesCount
        }
    }

    static func enforce(_ maxBytes: Int, _ db: Database) throws -> Int {
        func total() throws -> Int {
            try Int.fetchOne(db, sql: """
                SELECT (SELECT IFNULL(SUM(size), 0) FROM response) + (SELECT IFNULL(SUM(size), 0) FROM image)
                """) ?? 0
        }
        var excess = try total() - maxBytes
        guard excess > 0 else { return 0 }
        var evicted = 0
        let plans = [("image", "hash", "lastAccess"), ("response", "key", "fetchedAt")]
        for (table, key, age) in plans where excess > 0 {
            let rows = try Row.fetchCursor(db, sql: "SELECT \(key), size FROM \(table) ORDER BY \(age), \(key)")
            var victims: [String] = []
            while excess > 0, let row = try rows.next() {
                victims.append(row[0])
                excess -= row[1] as Int
            }
            for victim in victims {
                try db.execute(sql: "DELETE FROM \(table) WHERE \(key) = ?", arguments: [victim])
            }
            evicted += victims.count
        }
        return evicted
    }
}
