import GRDB

/// Sizes, clearing, pruning, the size cap and the log folded in at the end.
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
                responses: try kind(CacheStatements.responseSizes),
                images: try kind(CacheStatements.imageSizes),
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
        guard let pool, cachesContent else { return 0 }
        return try Self.pruneExpiredResponses(in: pool, now: now)
    }

    /// The same in `pool` (as a store's open does it, before the store is used).
    static func pruneExpiredResponses(in pool: DatabasePool, now: Double) throws(CacheError) -> Int {
        do {
            return try pool.write { db in
                try db.execute(sql: CacheStatements.deleteExpired, arguments: [now])
                return db.changesCount
            }
        } catch { throw CacheError.from(error) }
    }

    /// Folds the write-ahead log into the database file
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`), for when a run ends, and seals
    /// the file and its log as they are left (`CacheSeal`): the next open
    /// reads no log back (SQLite rebuilds its index from every frame of
    /// one left behind: 1.8 MB in 440 reads) and does not check the file
    /// whole. One small transaction is left in the emptied log: GRDB writes
    /// one at every open of an empty log, and the first frame of a fresh
    /// log is synced to disk — here, at the end, not at the next start.
    /// Waits at most `patience` seconds for another process's readers,
    /// then leaves the log as it is, unsealed (that process folds it when
    /// it ends); any failure leaves it too, and the next open reads and
    /// checks as before.
    public func checkpoint(patience: Double = 0.2) {
        guard let pool, let path else { return }
        let folded = (try? pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA busy_timeout = \(Int(patience * 1000))")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(CacheOpener.busyTimeout * 1000))") }
            try db.checkpoint(.truncate)
            try db.inSavepoint {
                try db.execute(sql: "CREATE TABLE rowboat_log_kept (id INTEGER PRIMARY KEY); DROP TABLE rowboat_log_kept")
                return .commit
            }
            return true
        }) ?? false
        if folded { CacheSeal.keep(for: path) } else { CacheSeal.forget(for: path) }
    }

    static func enforce(_ maxBytes: Int, _ db: Database) throws -> Int {
        func total() throws -> Int {
            try Int.fetchOne(db, sql: CacheStatements.totalBytes) ?? 0
        }
        var excess = try total() - maxBytes
        guard excess > 0 else { return 0 }
        var evicted = 0
        for (table, key, age) in CacheStatements.evictionPlans where excess > 0 {
            let rows = try Row.fetchCursor(db, sql: CacheStatements.evictionOrder(table, key: key, age: age))
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
