import GRDB
import RowboatSpec

/// Favorites: items the user marked, kept with their row as JSON. They are
/// kept while caching is off as well (`localCache.enabled: false`); a store
/// whose file could not be opened throws on a change, so the UI says the
/// favorite was not kept instead of pretending it was.
extension CacheStore {
    /// Adds (or replaces) a favorite; its row is stored without secrets.
    public func addFavorite(_ favorite: Favorite) throws(CacheError) {
        let pool = try favoritesPool()
        do {
            try pool.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO favorite (endpoint, itemID, row, addedAt) VALUES (?, ?, ?, ?)",
                               arguments: [favorite.endpoint, favorite.itemID, Secrets.redact(favorite.rowJSON),
                                           favorite.addedAt])
            }
        } catch {
            throw CacheError.from(error)
        }
    }

    /// Removes a favorite; false when it was not there.
    @discardableResult
    public func removeFavorite(endpoint: String, itemID: String) throws(CacheError) -> Bool {
        let pool = try favoritesPool()
        do {
            return try pool.write { db in
                try db.execute(sql: "DELETE FROM favorite WHERE endpoint = ? AND itemID = ?",
                               arguments: [endpoint, itemID])
                return db.changesCount > 0
            }
        } catch {
            throw CacheError.from(error)
        }
    }

    /// An endpoint's favorites, newest first (none from a store that could
    /// not be opened).
    public func favorites(endpoint: String) throws(CacheError) -> [Favorite] {
        guard keepsFavorites else { return [] }
        do {
            return try favoritesPool().read { db in
                try Row.fetchAll(db, sql: """
                    SELECT itemID, row, addedAt FROM favorite WHERE endpoint = ? ORDER BY addedAt DESC, itemID
                    """, arguments: [endpoint]).map { row in
                    Favorite(endpoint: endpoint, itemID: row["itemID"], rowJSON: row["row"], addedAt: row["addedAt"])
                }
            }
        } catch {
            throw CacheError.from(error)
        }
    }
}
