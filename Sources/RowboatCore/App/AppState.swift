/// The whole TUI state: which endpoint is browsed, its list, the terminal
/// size and whether the user asked to quit.
public struct AppState: Sendable, Equatable {
    /// Rows taken by chrome: header, footer and status bar.
    public static let chromeRows = 3
    /// Below this size the UI shows a "terminal too small" notice.
    public static let minimumSize = TerminalSize(columns: 30, rows: 6)

    public var endpointKey: String
    public var columns: [ColumnSpec]
    public var list: ListState
    public var size: TerminalSize
    /// Table or grid of cards.
    public var viewMode: ViewMode = .table
    /// The detail screen over the list, when open.
    public var detail: DetailState?
    /// Favorited rows of this endpoint, newest first (kept in the cache
    /// database, so they work offline).
    public var favorites: [RowModel] = []
    /// The favorites list is shown instead of the endpoint's list.
    public var showingFavorites = false
    /// Selection in the favorites list.
    public var favoritesSelection = 0
    /// The help overlay is shown.
    public var showHelp = false
    /// Filters, sort and server search in force.
    public var query = QueryState()
    /// The filter and sort panel, when open.
    public var filterPanel: FilterPanel?
    /// The `/` search over loaded rows, when active.
    public var search: SearchState?
    /// The app's idea of now, from `.clock` actions (toasts expire by it).
    public var clock: Double = 0
    /// A message that goes away by itself.
    public var toast: Toast?
    /// A question waiting for yes or no.
    public var dialog: ConfirmDialog?
    /// The current item's action sheet.
    public var sheet: ActionSheet?
    /// The endpoint maps an image: the table shows a badge column.
    public var showsImageBadges = false
    /// Where each image URL is (badges and card placeholders).
    public var images: [String: ImagePhase] = [:]
    /// Thumbnails that arrived for the requests still wanted.
    public var thumbnails: [ImageRequest: Thumbnail] = [:]
    /// The image URL the user asked to fetch again: its outcome is toasted.
    public var retryingImage: String?
    /// The thumbnails last asked of the image queue, visible ones first.
    public var wantedImages: [ImageRequest] = []
    public var shouldQuit = false

    public init(endpointKey: String, columns: [ColumnSpec], list: ListState = ListState(),
                size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        self.endpointKey = endpointKey
        self.columns = columns
        self.list = list
        self.size = size
        self.list.viewportRows = Self.viewportRows(for: size)
    }

    /// True when the terminal is below the minimum size.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    /// True when the row with `id` is a favorite.
    public func isFavorite(_ id: String) -> Bool {
        favorites.contains { $0.id == id }
    }

    /// The row the user is on: in the favorites list or the endpoint's list.
    public var currentRow: RowModel? {
        if showingFavorites {
            return favorites.indices.contains(favoritesSelection) ? favorites[favoritesSelection] : nil
        }
        if let search {
            guard search.matches.indices.contains(search.selection) else { return nil }
            let index = search.matches[search.selection]
            return list.rows.indices.contains(index) ? list.rows[index] : nil
        }
        return list.selectedRow
    }

    /// The grid geometry for the current size.
    public var gridLayout: GridLayout {
        GridLayout(width: size.columns, height: max(1, size.rows - Self.chromeRows))
    }

    /// How matches are laid out while searching: items per line and lines
    /// visible (table: one per row; grid: a row of cards per line).
    public var searchGeometry: (perLine: Int, lines: Int) {
        switch viewMode {
        case .table: (1, max(1, size.rows - Self.chromeRows))
        case .grid: (gridLayout.columns, gridLayout.visibleRows)
        }
    }

    /// The list the screen draws: the visible matches while searching,
    /// else the endpoint's list.
    public var displayedList: ListState {
        guard let search else { return list }
        let geometry = searchGeometry
        return search.window(of: list.rows, perLine: geometry.perLine, lines: geometry.lines)
    }

    /// The phase of `row`'s image (nil when it has none).
    public func imagePhase(of row: RowModel) -> ImagePhase? {
        row.imageURL.map { images[$0] ?? .new }
    }

    /// The box a grid card's thumbnail fills.
    public var cardImageSize: (columns: Int, rows: Int) {
        (gridLayout.cardWidth, GridLayout.thumbnailRows)
    }

    /// The box of the detail view's picture: most of the width, up to half
    /// the height.
    public var detailImageSize: (columns: Int, rows: Int) {
        (max(1, min(size.columns - 2, 64)), max(3, min(16, (size.rows - 2) / 2)))
    }

    /// Items the list area shows at once in the current view mode.
    var viewportItems: Int {
        switch viewMode {
        case .table: max(1, size.rows - Self.chromeRows)
        case .grid: gridLayout.visibleItems
        }
    }

    static func viewportRows(for size: TerminalSize) -> Int {
        max(1, size.rows - chromeRows)
    }
}

/// How the list is shown.
public enum ViewMode: Sendable, Equatable {
    case table, grid
}

/// A terminal size in character cells.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
