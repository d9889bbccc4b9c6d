import RowboatCore
import RowboatSpec

/// Where the runtime keeps favorites, and what it can say of a cache:
/// the cache database in the `rowboat` app (`CacheListStore`, in
/// RowboatKitHTTP), a small JSON file in a kit program (`FavoritesFile`).
/// Blocking: the effect runner calls it on its store queue, in order.
package protocol ListStore: Sendable {
    /// Why favorites are not kept between runs (nil: they are).
    var favoritesProblem: String? { get }
    /// `endpoint`'s favorites, newest first.
    func favorites(endpoint: String) -> [RowModel]
    /// Keeps `row` as a favorite of `endpoint`; the error says why it could not.
    func saveFavorite(_ row: RowModel, endpoint: String, now: Double) throws
    /// Forgets the favorite `id` of `endpoint`; the error says why it could not.
    func removeFavorite(id: String, endpoint: String) throws
    /// How much the cache holds, as the reducer's action.
    func measureCache() -> AppAction
    /// Empties the cache, answering with the reducer's action.
    func clearCache() -> AppAction
}

extension ListStore {
    /// A store without a cache says so.
    package func measureCache() -> AppAction { .cacheMeasured(nil, reason: "this list keeps no cache") }

    package func clearCache() -> AppAction { .notify("no cache to clear", isError: true) }
}
