import Foundation
import RowboatCache
import RowboatCore

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

    func save(_ row: RowModel, now: Double) {
        guard let data = try? JSONEncoder().encode(row) else { return }
        try? store?.addFavorite(Favorite(endpoint: endpointKey, itemID: row.id,
                                         rowJSON: String(decoding: data, as: UTF8.self), addedAt: now))
    }

    func remove(id: String) {
        _ = try? store?.removeFavorite(endpoint: endpointKey, itemID: id)
    }
}
