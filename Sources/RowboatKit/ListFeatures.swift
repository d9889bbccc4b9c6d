import RowboatSpec

/// The built-in features of a `ListController` (all of them by default).
/// One left out is gone, not hidden: its keys are taken out of the key
/// map, so help (`?`), the hints and the action sheet do not offer it.
///
/// ```swift
/// controller.features = ListFeatures.all.subtracting([.favorites, .clearCache, .links])
/// ```
public struct ListFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Open a row's link (`o`) and copy it (`y`).
    public static let links = ListFeatures(rawValue: 1 << 0)
    /// Favorites: star a row (`*`, `s`) and the favorites list (`F`).
    public static let favorites = ListFeatures(rawValue: 1 << 1)
    /// The filter and sort panel (`f`).
    public static let filters = ListFeatures(rawValue: 1 << 2)
    /// Search the loaded rows (`/`).
    public static let search = ListFeatures(rawValue: 1 << 3)
    /// The columns panel (`c`).
    public static let columns = ListFeatures(rawValue: 1 << 4)
    /// Switching between the table and the grid (`v`).
    public static let grid = ListFeatures(rawValue: 1 << 5)
    /// Marks (`m`, `M`).
    public static let marks = ListFeatures(rawValue: 1 << 6)
    /// Clearing the cache (`C`).
    public static let clearCache = ListFeatures(rawValue: 1 << 7)
    /// Retrying a failed image (`R`).
    public static let imageRetry = ListFeatures(rawValue: 1 << 8)
    /// The action sheet (`a`); your actions' own keys still work.
    public static let actionSheet = ListFeatures(rawValue: 1 << 9)

    /// Every built-in (the default).
    public static let all: ListFeatures = [.links, .favorites, .filters, .search, .columns, .grid, .marks, .clearCache,
                                           .imageRetry, .actionSheet]

    /// The key map's actions of each feature.
    static let keyActions: [(ListFeatures, [KeyAction])] = [
        (.links, [.openLink, .copyLink]), (.favorites, [.favorite, .favoritesList]), (.filters, [.filters]),
        (.search, [.search]), (.columns, [.columns]), (.grid, [.toggleView]), (.marks, [.mark, .markAll]),
        (.clearCache, [.clearCache]), (.imageRetry, [.retryImage]), (.actionSheet, [.actions]),
    ]

    /// The key actions of the features left out.
    var withheld: Set<KeyAction> {
        Set(Self.keyActions.filter { !contains($0.0) }.flatMap(\.1))
    }
}
