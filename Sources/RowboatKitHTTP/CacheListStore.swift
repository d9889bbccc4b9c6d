import Foundation
import RowboatCache
import RowboatCore
import RowboatKit
import RowboatSpec

/// The cache database as the runtime's store: favorites kept as JSON rows
/// (so the favorites list works offline), and the cache measured and
/// cleared for the TUI. Without a usable database the favorites live for
/// the session only. Blocking: runs on the effect runner's store queue.
package struct CacheListStore: ListStore {
    package let store: CacheStore

    package init(_ store: CacheStore) {
        self.store = store
    }

    package var favoritesProblem: String? {
        store.keepsFavorites ? nil : (store.disabledReason ?? "the file cannot be used")
    }

    package func favorites(endpoint: String) -> [RowModel] {
        let decoder = JSONDecoder()
        let stored = (try? store.favorites(endpoint: endpoint)) ?? []
        return stored.compactMap { try? decoder.decode(RowModel.self, from: Data($0.rowJSON.utf8)) }
    }

    package func saveFavorite(_ row: RowModel, endpoint: String, now: Double) throws {
        let data: Data
        do { data = try JSONEncoder().encode(row) } catch { throw CacheError.from(error) }
        try store.addFavorite(Favorite(endpoint: endpoint, itemID: row.id,
                                       rowJSON: String(decoding: data, as: UTF8.self), addedAt: now))
    }

    package func removeFavorite(id: String, endpoint: String) throws {
        _ = try store.removeFavorite(endpoint: endpoint, itemID: id)
    }

    package func measureCache() -> AppAction {
        guard store.isEnabled else {
            return .cacheMeasured(nil, reason: store.disabledReason ?? "caching is off in the config")
        }
        do {
            let sizes = try store.sizes()
            return .cacheMeasured(CacheUsage(responseBytes: sizes.responses.bytes, responseCount: sizes.responses.entries,
                                             imageBytes: sizes.images.bytes, imageCount: sizes.images.entries),
                                  reason: nil)
        } catch {
            return .cacheMeasured(nil, reason: error.description)
        }
    }

    package func clearCache() -> AppAction {
        do {
            let before = try store.sizes()
            try store.clear()
            return .cacheCleared(freedBytes: before.responses.bytes + before.images.bytes)
        } catch {
            return .notify("cannot clear the cache: \(error.description)", isError: true)
        }
    }
}
