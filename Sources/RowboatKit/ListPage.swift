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

/// A table column: the field it shows, its title, and its width — a fixed
/// number of cells, or a share of what is left (with a minimum).
public struct ListColumn: Sendable, Equatable {
    /// The field it shows (`title`, `subtitle` or a field's name).
    public var field: String
    /// Its header.
    public var title: String
    /// A fixed width in cells (nil: a share of what is left).
    public var width: Int?
    /// Its share of the room left by fixed columns.
    public var weight: Int
    /// The fewest cells a shared column gets.
    public var minimum: Int
    /// Right-aligned (numbers, sizes).
    public var alignRight: Bool

    /// A column of `field` under `title`: `width` cells, else a `weight` share of at least `minimum`.
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
    /// A table of rows, or a grid of cards.
    case table, grid
}

/// The colour theme; `NO_COLOR` and terminals without colour still give
/// monochrome.
public enum ListTheme: String, Sendable {
    /// For dark terminals, for light ones, or attributes only.
    case `default`, light, monochrome
}

/// How `run()` ended: the user quit, or a signal (SIGINT, SIGTERM, SIGHUP)
/// asked it to; `status` is the exit status a command line tool would use
/// (0, or 128 + the signal).
public struct ListExit: Sendable, Equatable {
    /// The signal that ended the run (nil: the user quit).
    public var signal: Int32?
    /// The exit status a command line tool would use: 0, or 128 + the signal.
    public var status: Int32 { signal.map { 128 + $0 } ?? 0 }
}
