import RowboatSpec

/// Why a list stopped loading before the end of data, or stopped loading
/// *by itself*; the footer says which. (Cache-only browsing also stops
/// where the cached pages end.) The flood rules of the list:
/// a paging loop and `paging.maxPages` end loading, a page that added no
/// new item and three screens of automatic loads without a key press only
/// stop automatic loading (space still loads, and any key lifts the last).
public enum ListHalt: Sendable, Equatable {
    /// The server sent a cursor or next-page URL the list had followed
    /// (`noun` says which kind).
    case loop(noun: String)
    /// `paging.maxPages` pages are loaded.
    case pageCap(Int)
    /// The last page held only items already in the list.
    case noNewItems
    /// Automatic loads brought `ListReducer.autoLoadRowLimit` rows since the
    /// last key press.
    case autoLimit
    /// Cache-only: the next page is not in the cache.
    case endOfCache
    /// Offline (the rows are cached pages: the server could not be
    /// reached): the next page is not cached either.
    case offlineEnd

    /// True when loading has ended (space does nothing until a refresh).
    public var isFinal: Bool {
        switch self {
        case .loop, .pageCap: true
        case .noNewItems, .autoLimit, .endOfCache, .offlineEnd: false
        }
    }
}
