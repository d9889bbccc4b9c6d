/// What a reload or load-more hands back: the rows of one page, and
/// whether they were the last (then the list shows "no more items" and
/// asks for nothing more).
///
/// A page may say how many rows there are in all (`total`): the status bar
/// then shows `50/133` instead of `50/?`. The latest page that says so wins.
public struct ListPage: Sendable, Equatable {
    public var rows: [ListRow]
    public var isLast: Bool
    /// How many rows the whole list has (nil: unknown).
    public var total: Int?

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
    public var page: Int
    public var loadedCount: Int
    public var lastRow: ListRow?

    public init(page: Int, loadedCount: Int, lastRow: ListRow?) {
        self.page = page
        self.loadedCount = loadedCount
        self.lastRow = lastRow
    }
}

/// A table column: the field it shows, its title, and its width — a fixed
/// number of cells, or a share of what is left (with a minimum).
public struct ListColumn: Sendable, Equatable {
    public var field: String
    public var title: String
    public var width: Int?
    public var weight: Int
    public var minimum: Int
    public var alignRight: Bool

    public init(_ field: String, title: String, width: Int? = nil, weight: Int = 1, minimum: Int = 6,
                alignRight: Bool = false) {
        self.field = field
        self.title = title
        self.width = width
        self.weight = weight
        self.minimum = minimum
        self.alignRight = alignRight
    }
}

/// How the list is shown at first (`v` switches while running).
public enum ListPresentation: Sendable {
    case table, grid
}

/// The colour theme; `NO_COLOR` and terminals without colour still give
/// monochrome.
public enum ListTheme: String, Sendable {
    case `default`, light, monochrome
}

/// How `run()` ended: the user quit, or a signal (SIGINT, SIGTERM, SIGHUP)
/// asked it to; `status` is the exit status a command line tool would use
/// (0, or 128 + the signal).
public struct ListExit: Sendable, Equatable {
    public var signal: Int32?
    public var status: Int32 { signal.map { 128 + $0 } ?? 0 }
}
