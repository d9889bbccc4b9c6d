/// Things that happen in the app: list actions, screens, resizes, quit.
public enum AppAction: Sendable, Equatable {
    case list(ListAction)
    case openDetail
    case closeDetail
    case scrollDetail(Int)
    /// Mark or unmark the current row as a favorite.
    case toggleFavorite
    /// Show or leave the favorites list.
    case toggleFavoritesList
    case favoritesLoaded([RowModel])
    case toggleHelp
    /// The filter and sort panel.
    case filters(FilterPanelAction)
    /// The `/` search prompt.
    case search(SearchAction)
    /// Switch table ↔ grid, keeping the selected item.
    case toggleView
    case gridMove(GridDirection)
    case resized(TerminalSize)
    case quit
}

/// IO the app asks for, as plain data.
public enum AppEffect: Sendable, Equatable {
    /// Get a page; `params` are the filters, sort and search in force.
    case fetchPage(requestID: Int, cursor: PageCursor, params: [String: String] = [:])
    /// Read this endpoint's favorites from the store.
    case loadFavorites
    case saveFavorite(RowModel)
    case removeFavorite(id: String)
}

/// The detail screen: which row it shows and how far it is scrolled.
public struct DetailState: Sendable, Equatable {
    public var rowID: String
    public var scroll: Int

    public init(rowID: String, scroll: Int = 0) {
        self.rowID = rowID
        self.scroll = scroll
    }
}
