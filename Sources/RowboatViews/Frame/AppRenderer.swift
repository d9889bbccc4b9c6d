import RowboatCore
import RowboatSpec
import RowboatCells

/// Renders the whole app state into a fresh cell grid, every position taken
/// from `ScreenLayout`: the tabs line (with more than one tab), then the top
/// screen of the current tab (its list, favorites, search results or an
/// item's detail), then the overlay, the toast; or the "terminal too
/// small" notice.
public struct AppRenderer {
    public var theme: Theme

    public init(theme: Theme = .default) {
        self.theme = theme
    }

    public func render(_ state: AppState, now: Double, spinnerFrame: Int = 0, keyMap: KeyMap = .default) -> CellGrid {
        var grid = CellGrid(width: state.size.columns, height: state.size.rows)
        if state.isTooSmall {
            renderTooSmall(state, into: &grid)
            return grid
        }
        let layout = ScreenLayout.of(state)
        let spinner = Spinner.frame(spinnerFrame)
        if let row = layout.tabsRow {
            TabsLine(theme: theme, layout: layout, spinner: spinner).render(state, in: layout.line(row), into: &grid)
        }
        if let row = layout.viewsRow {
            SubTabsLine(theme: theme, layout: layout, keyMap: keyMap).render(state, in: layout.line(row), into: &grid)
        }
        if let detail = state.detail {
            let geometry = layout.detail(detail)
            let area = Rect(x: 0, y: geometry.titleRow, width: grid.width,
                            height: max(0, geometry.statusRow - geometry.titleRow + 1))
            DetailView(theme: theme, state: state, geometry: geometry, now: now, keyMap: keyMap)
                .render(detail, in: area, into: &grid)
        } else if state.showingFavorites {
            renderFavorites(state, layout: layout, into: &grid, now: now, keyMap: keyMap)
        } else {
            renderList(state, layout: layout, into: &grid, now: now, spinner: spinner, keyMap: keyMap)
        }
        // What overlays draw over a picture in pixels takes it off (symbols instead).
        let beforeOverlays = grid.pictures.isEmpty ? nil : grid
        var under = state.overlay
        if case .help(let over) = state.overlay { under = over }
        renderOverlay(under, state: state, layout: layout, keyMap: keyMap, into: &grid)
        if let toast = state.toast {
            let view = ToastView(theme: theme, room: layout.toastRoom)
            if let size = view.size(of: toast), let place = layout.toast(width: size.width) {
                view.render(toast, in: place, into: &grid)
            }
        }
        if state.showHelp {
            // Help lists the keys of what it was opened over (and what a guessed config guessed).
            let help = HelpScreen(state, keyMap: keyMap)
            let view = HelpOverlay(theme: theme, screenWidth: layout.size.columns)
            if let size = view.size(of: help) {
                view.render(help, in: layout.centered(width: size.width, height: size.height), into: &grid)
            }
        }
        if let beforeOverlays { grid.uncoverPictures(before: beforeOverlays) }
        return grid
    }

    func renderOverlay(_ overlay: Overlay?, state: AppState, layout: ScreenLayout, keyMap: KeyMap,
                       into grid: inout CellGrid) {
        switch overlay {
        case .filterPanel(let panel):
            boxed(FilterPanelView(theme: theme, sections: state.query.options.sections, keyMap: keyMap), panel,
                  layout: layout, into: &grid)
        case .sheet(let sheet):
            boxed(ActionSheetView(theme: theme, keyMap: keyMap), sheet, layout: layout, into: &grid)
        case .dialog(let dialog):
            boxed(ConfirmDialogView(theme: theme, keyMap: keyMap), dialog, layout: layout, into: &grid)
        case .output(let pager):
            guard let box = layout.pagerBox else { return }
            if let selection = pager.selection {
                ActionConsoleView(theme: theme, now: state.clock, keyMap: keyMap)
                    .render(.init(runs: state.actionRuns, selection: selection), in: box, into: &grid)
            } else {
                OutputPagerView(theme: theme, keyMap: keyMap).render(pager, in: box, into: &grid)
            }
        case .columns(let panel):
            boxed(ColumnsPanelView(theme: theme, state: state, keyMap: keyMap), panel, layout: layout, into: &grid)
        case .views(let panel):
            boxed(ViewsPanelView(theme: theme, state: state, keyMap: keyMap), panel, layout: layout, into: &grid)
        case .help, nil:
            break
        }
    }

    /// An overlay in the box the layout gives the room it wants (none when the screen has too little).
    func boxed<View: SizedCellView>(_ view: View, _ model: View.Model, layout: ScreenLayout, into grid: inout CellGrid) {
        guard let size = view.size(of: model), let box = layout.overlayBox(width: size.width, height: size.height)
        else { return }
        view.render(model, in: box, into: &grid)
    }

    func renderList(_ state: AppState, layout: ScreenLayout, into grid: inout CellGrid, now: Double,
                    spinner: Character, keyMap: KeyMap) {
        let table = TableView(columns: state.columns, width: grid.width, theme: theme, badges: state.showsImageBadges,
                              now: now, images: state.images)
        let window = layout.items(in: state)
        switch state.viewMode {
        case .table:
            TableHeader(table: table).render(state.list.sort, in: layout.line(layout.headerRow), into: &grid)
        case .grid:
            grid.fill(x: 0, y: layout.headerRow, count: grid.width, style: theme.header)
            let g = layout.grid
            let back = Self.key(keyMap, .toggleView).map { " · \($0) table" } ?? ""
            grid.put(" \(state.endpointKey) · grid \(g.columns)×\(g.visibleRows)\(back)",
                     x: 0, y: layout.headerRow, style: theme.header)
        }
        let list = state.list
        if let search = state.search, search.matches.isEmpty {
            // While typing, Esc is the prompt's own key; afterwards, the back keys.
            let again = search.editing ? "Esc shows every row again"
                : Hint([Hint.key(.back, "%k shows every row again", on: .back)]).text(in: keyMap)
            let lines = list.rows.isEmpty ? ["No items loaded yet"] : ["No loaded row matches “\(search.text)”", again]
            centered(lines, in: &grid, layout: layout)
        } else if list.rows.isEmpty {
            renderPlaceholder(list, layout: layout, into: &grid, spinner: spinner, keyMap: keyMap)
        } else if let window {
            renderItems(state, window: window, table: table, into: &grid, now: now)
        }
        if let search = state.search {
            SearchPrompt(theme: theme, keyMap: keyMap, loaded: list.rows.count,
                         serverSearch: state.query.options.searchParam != nil, textRoom: layout.searchTextRoom)
                .render(search, in: layout.searchPrompt, into: &grid)
        } else if list.footer != .hidden {
            let footer = list.footer
            var text = footer.hint.text(in: keyMap)
            if footer == .loadingMore { text = "\(spinner) " + text }
            let style = footer == .failed ? theme.error : footer == .pullArmed ? theme.accent : theme.footer
            grid.put(" " + text, x: 0, y: layout.footerRow, style: style)
        }
        StatusBar(theme: theme, keyMap: keyMap, now: now, spinner: spinner)
            .render(state, in: layout.line(layout.statusRow), into: &grid)
    }

    /// The drawn items of the list, search matches or favorites, each at its
    /// rectangle from the layout.
    func renderItems(_ state: AppState, window: ItemWindow, table: TableView, into grid: inout CellGrid, now: Double) {
        let favorites = Set(state.favorites.map(\.id))
        let fresh = state.showingFavorites ? [] : state.list.live?.newIDs ?? []
        let changes = state.showingFavorites ? nil : state.list.changes
        let list = state.list
        let highlight = state.search.map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        let card = CardView(theme: theme, now: now, thumbnails: state.thumbnails, fields: state.cardFields)
        for index in window.visible {
            guard let row = state.shownItem(index), let rect = window.rect(of: index) else { continue }
            let selected = index == window.selection
            switch window.kind {
            case .table:
                table.render(.init(row, selected: selected, favorite: favorites.contains(row.id),
                                   marked: state.isMarked(shown: index), new: fresh.contains(row.id),
                                   changed: changes == nil ? [] : list.changedFields(of: row.id, now: now),
                                   gone: changes?.gone.contains(row.id) ?? false, highlight: highlight),
                             in: rect, into: &grid)
            case .grid:
                card.render(.init(row, selected: selected, marked: state.isMarked(shown: index),
                                  favorite: favorites.contains(row.id), new: fresh.contains(row.id),
                                  phase: state.imagePhase(of: row)),
                            in: rect, into: &grid)
            }
        }
    }

    /// The favorites list: the stored rows as a table, read from the cache
    /// database (so it works offline).
    func renderFavorites(_ state: AppState, layout: ScreenLayout, into grid: inout CellGrid, now: Double, keyMap: KeyMap) {
        let table = TableView(columns: state.columns, width: grid.width, theme: theme, badges: state.showsImageBadges,
                              now: now, images: state.images)
        TableHeader(table: table).render(nil, in: layout.line(layout.headerRow), into: &grid)
        if state.favorites.isEmpty {
            let add = Self.key(keyMap, .favorite).map { "press \($0) on an item to add it" }
            let back = Self.key(keyMap, .favoritesList).map { "\($0) to go back" }
            centered(["No favorites yet", [add, back].compactMap { $0 }.joined(separator: " · ")], in: &grid,
                     layout: layout)
        } else if let window = layout.items(in: state) {
            renderItems(state, window: window, table: table, into: &grid, now: now)
        }
        grid.fill(x: 0, y: layout.statusRow, count: grid.width, style: theme.status)
        let remove = Self.key(keyMap, .favorite).map { " · \($0) remove" } ?? ""
        let back = Self.key(keyMap, .favoritesList).map { " · \($0) back" } ?? ""
        grid.put(" \(state.endpointKey) · ★ favorites \(state.favorites.count)\(remove)\(back)",
                 x: 0, y: layout.statusRow, style: theme.status)
    }

    /// Two lines in the middle of the body: a headline and a hint.
    func centered(_ lines: [String], in grid: inout CellGrid, layout: ScreenLayout) {
        message(lines.enumerated().map { ($1, $0 == 0 ? theme.accent : theme.dim) }, in: layout.body, layout: layout,
                into: &grid)
    }

    /// `lines` each cut to the message room and put where the layout
    /// centres them in `area`.
    func message(_ lines: [(String, Style)], in area: Rect, layout: ScreenLayout, room: Int? = nil,
                 into grid: inout CellGrid) {
        let fitted = lines.map { (TextFit.truncate($0.0, to: room ?? layout.messageRoom), $0.1) }
        for (rect, (text, style)) in zip(layout.message(fitted.map { DisplayWidth.of($0.0) }, in: area), fitted) {
            grid.put(text, x: rect.x, y: rect.y, style: style)
        }
    }

    /// The first-load spinner, the empty view or the error view.
    func renderPlaceholder(_ list: ListState, layout: ScreenLayout, into grid: inout CellGrid, spinner: Character,
                           keyMap: KeyMap) {
        let refresh = Self.key(keyMap, .refresh)
        var lines: [(String, Style)] = []
        if let live = list.live, list.stream != nil {
            // A stream: connecting, open but quiet, or between connections (it reconnects by itself).
            let status = live.streamStatus(connected: list.inFlight != nil)
            switch list.phase {
            case .firstLoad, .refreshing: lines = [("\(spinner) Connecting…", theme.accent)]
            case .failed(let message):
                lines = [("✗ Could not connect", theme.error), (message, theme.normal), ("", theme.normal), (status, theme.dim)]
            default: lines = [("Waiting for events", theme.accent), (status, theme.dim)]
            }
            return message(lines, in: layout.body, layout: layout, into: &grid)
        }
        switch list.phase {
        case .firstLoad, .refreshing:
            lines = [("\(spinner) Loading…", theme.accent)]
        case .failed(let message):
            lines = [("✗ Could not load the list", theme.error), (message, theme.normal), ("", theme.normal),
                     (refresh.map { "press \($0) to retry" } ?? "", theme.dim)]
        case .exhausted, .idle, .loadingMore, .pulling:
            lines = [("No items", theme.accent), (refresh.map { "press \($0) to refresh" } ?? "", theme.dim)]
        }
        message(lines, in: layout.body, layout: layout, into: &grid)
    }

    func renderTooSmall(_ state: AppState, into grid: inout CellGrid) {
        let min = AppState.minimumSize, size = state.size
        let lines = ["terminal too small", "\(size.columns)x\(size.rows), need \(min.columns)x\(min.rows)"]
        let layout = ScreenLayout.of(state)
        message(lines.map { ($0, theme.normal) }, in: layout.screen, layout: layout, room: size.columns, into: &grid)
    }

    /// The first key bound to `action` on the list, named as help names it,
    /// so hints follow a rebound key; nil when the action has no key.
    static func key(_ keyMap: KeyMap, _ action: KeyAction) -> String? {
        keyMap.hintName(for: action)
    }
}
