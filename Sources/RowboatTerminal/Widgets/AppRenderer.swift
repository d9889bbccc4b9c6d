import RowboatCore

/// Renders the whole app state into a fresh cell grid: header, rows or the
/// first-load / empty / error view, footer and status bar; or the
/// "terminal too small" notice.
public struct AppRenderer {
    public var theme: Theme

    public init(theme: Theme = .default) {
        self.theme = theme
    }

    public func render(_ state: AppState, now: Double, spinnerFrame: Int = 0, keyMap: KeyMap = .default) -> CellGrid {
        var grid = CellGrid(width: state.size.columns, height: state.size.rows)
        if state.isTooSmall {
            renderTooSmall(state.size, into: &grid)
            return grid
        }
        if let detail = state.detail {
            DetailView(theme: theme).render(state, detail: detail, into: &grid, now: now)
        } else if state.showingFavorites {
            renderFavorites(state, into: &grid, now: now, keyMap: keyMap)
        } else {
            renderList(state, into: &grid, now: now, spinnerFrame: spinnerFrame, keyMap: keyMap)
        }
        if let panel = state.filterPanel, state.detail == nil {
            FilterPanelView(theme: theme).render(panel, sections: state.query.options.sections, into: &grid)
        }
        if let sheet = state.sheet {
            ActionSheetView(theme: theme).render(sheet, into: &grid)
        }
        if let dialog = state.dialog {
            ConfirmDialogView(theme: theme).render(dialog, into: &grid)
        }
        if let toast = state.toast {
            ToastView.render(toast, into: &grid, theme: theme)
        }
        if state.showHelp {
            let bindings = keyMap.bindings(in: state)
            HelpOverlay(theme: theme).render(KeyHelp.entries(bindings), title: "Keys", into: &grid)
        }
        return grid
    }

    func renderList(_ state: AppState, into grid: inout CellGrid, now: Double, spinnerFrame: Int, keyMap: KeyMap) {
        let spinner = Spinner.frame(spinnerFrame)
        let table = TableView(columns: state.columns, width: grid.width, theme: theme, badges: state.showsImageBadges)
        let bodyHeight = max(1, grid.height - AppState.chromeRows)
        let list = state.displayedList
        switch state.viewMode {
        case .table:
            table.renderHeader(into: &grid, y: 0)
        case .grid:
            grid.fill(x: 0, y: 0, count: grid.width, style: theme.header)
            let layout = state.gridLayout
            let back = Self.key(keyMap, .toggleView).map { " · \($0) table" } ?? ""
            grid.put(" \(state.endpointKey) · grid \(layout.columns)×\(layout.visibleRows)\(back)",
                     x: 0, y: 0, style: theme.header)
        }
        if let search = state.search, list.rows.isEmpty {
            let lines = state.list.rows.isEmpty ? ["No items loaded yet"]
                : ["No loaded row matches “\(search.text)”", "Esc shows every row again"]
            for (i, line) in lines.enumerated() {
                let fitted = TextFit.truncate(line, to: grid.width - 2)
                grid.put(fitted, x: max(0, (grid.width - DisplayWidth.of(fitted)) / 2), y: 1 + bodyHeight / 2 - 1 + i,
                         style: i == 0 ? theme.accent : theme.dim)
            }
        } else if list.rows.isEmpty {
            renderPlaceholder(list, into: &grid, top: 1, height: bodyHeight, spinner: spinner, keyMap: keyMap)
        } else if state.viewMode == .grid {
            GridView(layout: state.gridLayout, theme: theme).render(list, into: &grid, y: 1, now: now,
                                                                    images: state.images, thumbnails: state.thumbnails)
        } else {
            table.renderRows(list, into: &grid, y: 1, height: bodyHeight, now: now,
                             favorites: Set(state.favorites.map(\.id)), images: state.images)
        }
        let footer = state.list.footer
        if let search = state.search {
            SearchPrompt(theme: theme).render(search, loaded: state.list.rows.count,
                                              serverSearch: state.query.options.searchParam != nil,
                                              into: &grid, y: grid.height - 2)
        } else if footer != .hidden {
            var text = footer.text
            if footer == .loadingMore { text = "\(spinner) " + text }
            let style = footer == .failed ? theme.error : footer == .pullArmed ? theme.accent : theme.footer
            grid.put(" " + text, x: 0, y: grid.height - 2, style: style)
        }
        StatusBar.render(state, into: &grid, y: grid.height - 1, now: now, spinner: spinner, theme: theme)
    }

    /// The favorites list: the stored rows as a table, read from the cache
    /// database (so it works offline).
    func renderFavorites(_ state: AppState, into grid: inout CellGrid, now: Double, keyMap: KeyMap) {
        let table = TableView(columns: state.columns, width: grid.width, theme: theme, badges: state.showsImageBadges)
        table.renderHeader(into: &grid, y: 0)
        let height = max(1, grid.height - AppState.chromeRows)
        if state.favorites.isEmpty {
            let add = Self.key(keyMap, .favorite).map { "press \($0) on an item to add it" }
            let back = Self.key(keyMap, .favoritesList).map { "\($0) to go back" }
            let lines = ["No favorites yet", [add, back].compactMap { $0 }.joined(separator: " · ")]
            for (i, line) in lines.enumerated() {
                let fitted = TextFit.truncate(line, to: grid.width - 2)
                grid.put(fitted, x: max(0, (grid.width - DisplayWidth.of(fitted)) / 2), y: 1 + height / 2 - 1 + i,
                         style: i == 0 ? theme.accent : theme.dim)
            }
        } else {
            var view = ListState()
            view.rows = state.favorites
            view.selection = state.favoritesSelection
            view.scrollOffset = max(0, state.favoritesSelection - height + 1)
            table.renderRows(view, into: &grid, y: 1, height: height, now: now,
                             favorites: Set(state.favorites.map(\.id)), images: state.images)
        }
        grid.fill(x: 0, y: grid.height - 1, count: grid.width, style: theme.status)
        let remove = Self.key(keyMap, .favorite).map { " · \($0) remove" } ?? ""
        let back = Self.key(keyMap, .favoritesList).map { " · \($0) back" } ?? ""
        grid.put(" \(state.endpointKey) · ★ favorites \(state.favorites.count)\(remove)\(back)",
                 x: 0, y: grid.height - 1, style: theme.status)
    }

    /// The first-load spinner, the empty view or the error view.
    func renderPlaceholder(_ list: ListState, into grid: inout CellGrid, top: Int, height: Int, spinner: Character,
                           keyMap: KeyMap) {
        let refresh = Self.key(keyMap, .refresh)
        var lines: [(String, Style)] = []
        switch list.phase {
        case .firstLoad, .refreshing:
            lines = [("\(spinner) Loading…", theme.accent)]
        case .failed(let message):
            lines = [("✗ Could not load the list", theme.error), (message, theme.normal), ("", theme.normal),
                     (refresh.map { "press \($0) to retry" } ?? "", theme.dim)]
        case .exhausted, .idle, .loadingMore, .pulling:
            lines = [("No items", theme.accent), (refresh.map { "press \($0) to refresh" } ?? "", theme.dim)]
        }
        let start = top + max(0, (height - lines.count) / 2)
        for (i, (text, style)) in lines.enumerated() {
            let fitted = TextFit.truncate(text, to: grid.width - 2)
            let x = max(0, (grid.width - DisplayWidth.of(fitted)) / 2)
            grid.put(fitted, x: x, y: start + i, style: style)
        }
    }

    func renderTooSmall(_ size: TerminalSize, into grid: inout CellGrid) {
        let min = AppState.minimumSize
        let lines = ["terminal too small", "\(size.columns)x\(size.rows), need \(min.columns)x\(min.rows)"]
        let start = max(0, (grid.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let fitted = TextFit.truncate(line, to: grid.width)
            grid.put(fitted, x: max(0, (grid.width - DisplayWidth.of(fitted)) / 2), y: start + i, style: theme.normal)
        }
    }

    /// The first key bound to `action` on the list, named as help names it,
    /// so hints follow a rebound key; nil when the action has no key.
    static func key(_ keyMap: KeyMap, _ action: KeyAction) -> String? {
        keyMap.keyNames(for: action).first
    }
}
