/// What a reload or load-more hands back: the rows of one page, and
/// whether they were the last (then the list shows "no more items" and
/// asks for nothing more).
///
/// A page may say how many rows there are in all (`total`): the status bar
/// then shows `50/133` instead of `50/?`. The latest page that says so wins.
public struct ListPage: Sendable, Equatable {
    /// The page's rows, in order.
    public var rows: [ListRow]
    /// True for the last page: nothing more is asked for.
    public var isLast: Bool
    /// How many rows the whole list has (nil: unknown).
    public var total: Int?

    /// A page of `rows` (`ListRow`s or values that say how they look).
    public init(_ rows: [some ListRowConvertible], isLast: Bool, total: Int? = nil) {
        self.rows = rows.map(\.listRow)
        self.isLast = isLast
        self.total = total
    }
}

/// What a load-more is asked for: the page's number (the first page, from
/// reload, is 0), how many rows are loaded so far, and the last of them —
/// enough for page-number, offset and cursor-after-last-item APIs alike.
public struct ListLoadMore: Sendable, Equatable {
    /// The page's number: 1 for the first load-more (the reload's page is 0).
    public var page: Int
    /// How many rows are loaded so far.
    public var loadedCount: Int
    /// The last row loaded (nil: none).
    public var lastRow: ListRow?

    /// What a load-more is asked for.
    public init(page: Int, loadedCount: Int, lastRow: ListRow?) {
        self.page = page
        self.loadedCount = loadedCount
        self.lastRow = lastRow
    }
}
