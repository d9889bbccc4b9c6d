/// A deterministic catalog of demo items (ids 1...count, default 1,000).
///
/// Every field is derived from the item id with a seeded PRNG, so two
/// catalogs built with the same base URL are always equal. Items 1, 2 and 3
/// have fixed titles ("Brass Lantern", "青花瓷茶杯 Teacup",
/// "Rocket 🚀 Launcher") so tests can look for plain, CJK and emoji text.
public struct DemoCatalog: Sendable, Equatable {
    /// Default number of items.
    public static let defaultCount = 1000
    /// Default page size for `page(_:limit:)` callers.
    public static let defaultLimit = 20
    /// Largest accepted page size; smaller/larger limits are clamped.
    public static let limitRange = 1...100

    /// Server root used to build absolute image URLs, without a trailing slash.
    public let baseURL: String
    /// All items, ordered by id (index = id - 1), newest first.
    public internal(set) var items: [DemoItem]

    /// Item 1's time in a catalog made for tests (2026-08-29).
    public static let fixedNewest = 1_788_000_000
    /// Epoch seconds of item 1's `created_at`; older items step back from it.
    public let newest: Int

    /// Builds the catalog; `baseURL` is e.g. "http://127.0.0.1:8080";
    /// `newest` is item 1's time (fixed by default, so tests see the same
    /// catalog; servers pass `newest(startedAt:)` so the demo's dates are
    /// recent).
    public init(baseURL: String = "http://127.0.0.1:8080", count: Int = DemoCatalog.defaultCount,
                newest: Int = DemoCatalog.fixedNewest) {
        let root = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.baseURL = root
        self.newest = newest
        items = (0..<max(0, count)).map { DemoItemFactory.make(id: $0 + 1, baseURL: root, newest: newest) }
    }

    /// Item 1's time for a server started at `now`: an hour and a half
    /// earlier, so the demo list reads "1 h ago", "23 h ago", "2 d ago"…
    public static func newest(startedAt now: Double) -> Int {
        Int(now) - 5_400
    }

    /// Number of items.
    public var count: Int {
        items.count
    }

    /// The item with this id, or nil if there is none.
    public func item(id: Int) -> DemoItem? {
        guard id >= 1, id <= items.count else { return nil }
        return items[id - 1]
    }

    /// Sets item `id`'s status; the item as it is now, nil when there is none.
    mutating func setStatus(_ status: String, of id: Int) -> DemoItem? {
        guard id >= 1, id <= items.count else { return nil }
        items[id - 1].status = status
        return items[id - 1]
    }

    /// The 1-based `page` at page size `limit` (clamped to `limitRange`).
    /// Pages beyond the end are empty but still report `totalPage`/`total`.
    public func page(_ page: Int, limit: Int = DemoCatalog.defaultLimit, query: DemoQuery = DemoQuery()) -> DemoPage {
        let items = query.isDefault ? self.items : query.apply(to: self.items)
        let size = min(max(limit, Self.limitRange.lowerBound), Self.limitRange.upperBound)
        let totalPage = (items.count + size - 1) / size
        let start = (max(page, 1) - 1).multipliedReportingOverflow(by: size)
        let slice: [DemoItem]
        if page < 1 || start.overflow || start.partialValue >= items.count {
            slice = []
        } else {
            slice = Array(items[start.partialValue..<min(start.partialValue + size, items.count)])
        }
        return DemoPage(list: slice, page: page, totalPage: totalPage, total: items.count)
    }
}
