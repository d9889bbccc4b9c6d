/// The screens keys are looked up on, each a stack of `KeyLayer`s (a later
/// layer wins): the one table that key lookup (`KeyMap.bindings(in:)`),
/// conflict checks (`KeyBindings`) and help all read.
public enum KeyScreen: String, Sendable, CaseIterable {
    case list, grid, detail, filterPanel, searchResults, searchResultsGrid, favorites, favoritesGrid

    /// Its layers, bottom first.
    public var layers: [KeyLayer] {
        switch self {
        case .list: [.list]
        case .grid: [.list, .grid]
        case .detail: [.detail]
        case .filterPanel: [.filterPanel]
        case .searchResults: [.list, .back, .matches]
        case .searchResultsGrid: [.list, .grid, .back, .matches]
        case .favorites: [.list, .back]
        case .favoritesGrid: [.list, .grid, .back]
        }
    }

    /// How a conflict message names it.
    public var name: String {
        switch self {
        case .list: "list"
        case .grid: "grid"
        case .detail: "detail"
        case .filterPanel: "filter panel"
        case .searchResults, .favorites: "favorites and search results"
        case .searchResultsGrid: "search results in grid"
        case .favoritesGrid: "favorites in grid"
        }
    }

    /// The screen where `state`'s keys go; nil for the overlays with keys
    /// of their own (dialog, sheet, help) and the search prompt.
    public static func of(_ state: AppState) -> KeyScreen? {
        let grid = state.viewMode == .grid
        switch state.focus {
        case .list where state.query.serverSearch != nil:
            // A server search's results: back leaves them, as it leaves local ones.
            return grid ? .searchResultsGrid : .searchResults
        case .list: return grid ? .grid : .list
        case .detail: return .detail
        case .filterPanel: return .filterPanel
        case .searchResults: return grid ? .searchResultsGrid : .searchResults
        case .favorites: return grid ? .favoritesGrid : .favorites
        case .help, .dialog, .sheet, .searchPrompt, .output, .columnsPanel: return nil
        case .viewsPanel: return nil
        }
    }
}
