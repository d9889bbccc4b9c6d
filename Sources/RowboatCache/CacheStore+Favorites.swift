import GRDB
import RowboatCore

/// Favorites: items the user marked, kept with their row as JSON.
extension CacheStore {
    /// Adds (or replaces) a favorite; its row is stored without secrets.
    public func addFavorite(_ favorite: Favorite) throws(CacheError) {
        try write(()) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO favorite (endpoint, itemID, row, addedAt) VALUES (?, ?, ?, ?)",
                           arguments: [favorite.endpoint, favorite.itemID, Secrets.redact(favorite.rowJSON),
                                       favorite.addedAt])
        }
    }

    /// Removes a favorite; false when it was not there.
    @discardableResult
    public func removeFavorite(endpoint: String, itemID: String) throws(CacheError) -> Bool {
        try write(false) { db in
            try db.execute(sql: "DELETE FROM favorite WHERE endpoint = ? AND itemID = ?",
                           arguments: [endpoint, itemID])
            return db.changesCount > 0
        }
    }

    /// An endpoint's favorites, newest first.
    public func favorites(endpoint: String) throws(CacheError) -> [Favorite] {
        try read([]) { db in
            try Row.fetchAll(db, sql: """
                SELECT itemID, row, addedAt FROM favorite WHERE endpoint = ? ORDER BY addedAt DESC, itemID
                """, arguments: [endpoint]).map { row in
                Favorite(endpoint: endpoint, itemID: row["itemID"], rowJSON: row["row"], addedAt: row["addedAt"])
            }
        }
    }
}
