import Foundation
import RowboatCache
import RowboatCore
import RowboatSpec

/// Keeps an endpoint's favorites in the cache database: rows are stored as
/// JSON so the favorites list works offline. Without a usable store the
/// favorites live for the session only.
struct FavoritesKeeper: Sendable {
    let store: CacheStore?
    let endpointKey: String

    func load() -> [RowModel] {
        let decoder = JSONDecoder()
        let stored = (try? store?.favorites(endpoint: endpointKey)) ?? []
        return stored.compactMap { try? decoder.decode(RowModel.self, from: Data($0.rowJSON.utf8)) }
    }

    /// Stores `row`; the error says why it could not be.
    func save(_ row: RowModel, now: Double) throws(CacheError) {
        guard let store else { return }
        let data: Data
        do { data = try JSONEncoder().encode(row) } catch { throw CacheError.from(error) }
        try store.addFavorite(Favorite(endpoint: endpointKey, itemID: row.id,
                                       rowJSON: String(decoding: data, as: UTF8.self), addedAt: now))
    }

    /// Removes the favorite `id`; the error says why it could not be.
    func remove(id: String) throws(CacheError) {
        _ = try store?.removeFavorite(endpoint: endpointKey, itemID: id)
    }
}
