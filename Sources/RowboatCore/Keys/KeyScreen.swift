/// The screens keys are looked up on, each a stack of `KeyLayer`s (a later
/// layer wins): the one table that key lookup (`KeyMap.bindings(in:)`),
/// conflict checks (`KeyBindings`) and help all read. An overlay is a
/// screen of its one layer.
public enum KeyScreen: String, Sendable, CaseIterable {
    case list, grid, detail, filterPanel, searchResults, searchResultsGrid, favorites, favoritesGrid
    case sheet, pager, dialog, searchPrompt, columnsPanel, columnsPrompt, viewsPanel, viewsPrompt

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
        case .sheet: [.sheet]
        case .pager: [.pager]
        case .dialog: [.dialog]
        case .searchPrompt: [.searchPrompt]
        case .columnsPanel: [.columnsPanel]
        case .columnsPrompt: [.columnsPrompt]
        case .viewsPanel: [.viewsPanel]
        case .viewsPrompt: [.viewsPrompt]
        }
    }

    /// The screen a layer is named by in a message: its own, or the first
    /// that shows it.
    public init(naming layer: KeyLayer) {
        switch layer {
        case .list: self = .list
        case .grid: self = .grid
        case .detail: self = .detail
        case .filterPanel: self = .filterPanel
        case .back: self = .favorites
        case .matches: self = .searchResults
        case .sheet: self = .sheet
        case .pager: self = .pager
        case .dialog: self = .dialog
        case .searchPrompt: self = .searchPrompt
        case .columnsPanel: self = .columnsPanel
        case .columnsPrompt: self = .columnsPrompt
        case .viewsPanel: self = .viewsPanel
        case .viewsPrompt: self = .viewsPrompt
        }
    }

    /// The one name of a screen (conflict messages, `config check`).
    public var name: String {
        switch self {
        case .list: "list"
        case .grid: "grid"
        case .detail: "detail"
        case .filterPanel: "filter panel"
        case .searchResults, .favorites: "favorites and search results"
        case .searchResultsGrid: "search results in grid"
        case .favoritesGrid: "favorites in grid"
        case .sheet: "action sheet"
        case .pager: "output pager"
        case .dialog: "confirm dialog"
        case .searchPrompt: "search prompt"
        case .columnsPanel: "columns panel"
        case .columnsPrompt: "columns panel's prompt"
        case .viewsPanel: "views panel"
        case .viewsPrompt: "views panel's prompt"
        }
    }

    /// True for a prompt, whose unbound characters are the text typed.
    var typesText: Bool {
        self == .searchPrompt || self == .columnsPrompt || self == .viewsPrompt
    }

    /// The screen where `state`'s keys go; nil under help (any key closes it).
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
        case .help: return nil
        case .dialog: return .dialog
        case .sheet: return .sheet
        case .searchPrompt: return .searchPrompt
        case .output: return .pager
        case .columnsPanel:
            if case .columns(let panel) = state.overlay, panel.typed != nil { return .columnsPrompt }
            return .columnsPanel
        case .viewsPanel:
            if case .views(let panel) = state.overlay, panel.typed != nil { return .viewsPrompt }
            return .viewsPanel
        }
    }
}
