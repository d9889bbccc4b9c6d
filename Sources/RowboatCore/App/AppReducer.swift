import RowboatSpec

/// The app reducer: routes actions to the list on screen (or the list an
/// answer is for) and handles the app-wide ones: screens, tabs, overlays.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        var effects = reduceAction(&state, action)
        effects += closeStreamsOffScreen(&state)
        scheduleLive(&state)
        // The memo's list when its basis holds: the same array as the
        // state's, so equal at once (unless one was taken out to be retried).
        let wanted = wantedImages(keepingIn: &state)
        if wanted != state.wantedImages {
            state.wantedImages = wanted
            let keep = Set(wanted)
            state.thumbnails = state.thumbnails.filter { keep.contains($0.key) }
            effects.append(.wantImages(wanted))
        }
        return effects
    }

    static func reduceAction(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .list(.move(let movement)) where state.showingFavorites && state.detail == nil:
            moveFavorites(&state, movement)
            return []
        case .list(.move(let movement)) where state.search != nil && state.detail == nil:
            moveInSearch(&state, movement)
            return []
        case .list(let a):
            return listOnScreen(&state, a)
        case .answer(let id, let a):
            return answer(&state, id, a)
        case .filters(let a):
            return reduceFilters(&state, a)
        case .columns(let a):
            return reduceColumns(&state, a)
        case .columnsNotSaved(let reason):
            state.list.notice = "columns not kept: \(reason)"
            return []
        case .views(let a):
            return reduceViews(&state, a)
        case .viewsNotSaved(let reason):
            state.list.notice = "views not kept: \(reason)"
            return []
        case .toggleLive:
            return toggleLive(&state)
        case .toggleWatch:
            return toggleWatch(&state)
        case .search(let a):
            return reduceSearch(&state, a)
        case .mark(let a):
            return reduceMark(&state, a)
        case .runAction, .actionFinished, .actionProgress, .actionHistoryLoaded, .cancelActions, .showActionOutput, .outputPager:
            return reduceActions(&state, action)
        case .toggleFavorite:
            guard let row = state.currentRow else { return [] }
            let endpoint = state.favoritesEndpoint
            if state.isFavorite(row.id, endpoint: endpoint) {
                state.favoritesByEndpoint[endpoint, default: []].removeAll { $0.id == row.id }
                if case .favorites(let selection)? = state.screen {
                    state.replaceTop(.favorites(selection: min(selection, max(0, state.favorites.count - 1))))
                }
                toast(&state, "removed from favorites")
                return [.removeFavorite(endpoint: endpoint, id: row.id)]
            }
            state.favoritesByEndpoint[endpoint, default: []].insert(row, at: 0)
            toast(&state, "★ added to favorites")
            return [.saveFavorite(endpoint: endpoint, row)]
        case .toggleFavoritesList:
            if case .favorites? = state.screen {
                state.tab.stack.removeLast()
            } else if state.screen == nil {
                state.tab.stack.append(.favorites(selection: 0))
            }
            return []
        case .setFavorite(let endpoint, let row, let isFavorite):
            guard isFavorite != state.isFavorite(row.id, endpoint: endpoint) else { return [] }
            if isFavorite {
                state.favoritesByEndpoint[endpoint, default: []].insert(row, at: 0)
            } else {
                state.favoritesByEndpoint[endpoint, default: []].removeAll { $0.id == row.id }
                if case .favorites(let selection)? = state.screen {
                    state.replaceTop(.favorites(selection: min(selection, max(0, state.favorites.count - 1))))
                }
            }
            // Read back after the write: a first load still on its way would miss it.
            return [isFavorite ? .saveFavorite(endpoint: endpoint, row) : .removeFavorite(endpoint: endpoint, id: row.id),
                    .loadFavorites(endpoint: endpoint)]
        case .favoritesLoaded(let endpoint, let rows):
            state.favoritesByEndpoint[endpoint] = rows
            for i in state.tabs.indices where state.tabs[i].endpointKey == endpoint {
                for (depth, screen) in state.tabs[i].stack.enumerated() {
                    if case .favorites(let selection) = screen {
                        state.tabs[i].stack[depth] = .favorites(selection: min(selection, max(0, rows.count - 1)))
                    }
                }
            }
            return []
        case .favoriteWriteFailed(let endpoint, let reason):
            toast(&state, "favorites not saved: \(reason)", isError: true)
            return [.loadFavorites(endpoint: endpoint)]
        case .resized(let size):
            state.size = size
            return viewportChanged(&state)
        case .toggleView:
            state.viewMode = state.viewMode == .table ? .grid : .table
            return viewportChanged(&state)
        case .gridMove(let direction) where state.search != nil:
            let count = state.search?.matches.count ?? 0
            let from = state.search?.selection ?? 0
            moveInSearch(&state, .to(ScreenLayout.of(state).grid.step(from: from, direction, count: count)))
            return []
        case .gridMove(let direction):
            let grid = ScreenLayout.of(state).grid
            let target = grid.step(from: state.list.selection, direction, count: state.list.rows.count)
            if direction == .up, state.list.selection < grid.columns {
                // At the top row, up is the pull gesture, as in the table.
                return listOnScreen(&state, .move(.up))
            }
            return listOnScreen(&state, .move(.to(target)))
        case .openDetail:
            guard state.detail == nil, let row = state.currentRow else { return [] }
            return pushDetail(&state, row, endpoint: state.endpointKey)
        case .detail(let a):
            return reduceDetailLoad(&state, a)
        case .back:
            return state.backAction.map { reduce(&state, $0) } ?? []
        case .closeDetail:
            guard case .detail? = state.screen else { return [] }
            state.tab.stack.removeLast()
            return viewportChanged(&state)
        case .scrollDetail(let delta):
            if var detail = state.detail {
                detail.scroll = max(0, detail.scroll + delta)
                state.replaceTop(.detail(detail))
            }
            return []
        case .stripMove, .openRelated:
            return reduceStrip(&state, action)
        case .selectTab, .nextTab, .previousTab:
            return reduceTabs(&state, action)
        case .toggleHelp:
            if case .help(let over) = state.overlay {
                state.overlay = over
            } else {
                state.overlay = .help(over: state.overlay)
                state.helpPage = 0
            }
            return []
        case .redraw:
            return [.redrawScreen]
        case .setProgramStatus(let text):
            state.programStatus = text
            return []
        case .setMarkedNote(let text):
            state.markedNote = text
            return []
        case .helpPage(let page):
            state.helpPage = max(0, page)
            return []
        case .quit where !state.actionRuns.running.isEmpty:
            // Actions still run: quitting would stop them, so it asks first.
            let running = state.actionRuns.running.sorted { $0.key < $1.key }.map(\.value)
            state.overlay = .dialog(ConfirmDialog(
                title: "Quit", lines: ["\(running.count == 1 ? "an action is" : "\(running.count) actions are") running: "
                                       + ActionPlan.names(running),
                                       "quitting stops them (programs killed, requests dropped)"],
                confirmLabel: "Quit", intent: .quit))
            return []
        case .quit, .quitNow:
            state.shouldQuit = true
            // Every live tick stops at once: none starts after this, and one in flight is cancelled.
            return stopLive(&state)
        case .mouse(let event):
            return reduceMouse(&state, event)
        case .image, .retryImage:
            return reduceImages(&state, action)
        case .clock:
            return reduceFeedback(&state, action) + liveTicks(&state)
        case .notify, .openLink, .copyLink, .sheet, .askClearCache, .cacheMeasured, .cacheCleared, .dialog:
            return reduceFeedback(&state, action)
        case .copyText(let request):
            return [.copy(request)]
        }
    }

    static func moveFavorites(_ state: inout AppState, _ movement: Movement) {
        let page = max(1, ScreenLayout.of(state).tableRows - 1)
        let selection = movement.target(from: state.favoritesSelection, last: state.favorites.count - 1, page: page)
        state.replaceTop(.favorites(selection: selection))
    }

    /// Runs a list action on the current tab's list (keeping a search's
    /// matches up to date).
    static func listOnScreen(_ state: inout AppState, _ action: ListAction) -> [AppEffect] {
        // A search kept under other screens (favorites, a detail) too: its matches are this list's rows.
        let searching = searchDepth(state, tab: state.currentTab) != nil
        let growth = searching ? SearchGrowth(state.list, action) : nil
        var effects = list(&state, currentTab: state.currentTab, action)
        if searching { effects += refreshMatches(&state, growth: growth) }
        if action == .appeared { state.tab.visited = true }
        return effects
    }

    /// Runs a list action on tab `index`'s list; page requests carry the
    /// tab's query params. `.appeared` also asks for the tab's favorites.
    static func list(_ state: inout AppState, currentTab index: Int, _ action: ListAction) -> [AppEffect] {
        // (Not a copy of the tab: it would share the rows, and the reducer
        // would copy all of them to change them.)
        let key = state.tabs[index].endpointKey, params = state.tabs[index].query.params
        if action == .appeared, state.favoritesByEndpoint[key] == nil {
            state.favoritesByEndpoint[key] = []   // asked for below
        }
        let effects = gateNotices(&state, tab: index, ListReducer.reduce(&state.tabs[index].list, action, paging: state.paging(of: key))).map { e in
            effect(e, list: .tab(key), endpoint: key, params: params)
        }
        return action == .appeared ? [.loadFavorites(endpoint: key)] + effects : effects
    }

    /// A list effect as the app's, addressed to `list`.
    static func effect(_ e: ListEffect, list: ListID, endpoint: String, params: [String: String]) -> AppEffect {
        switch e {
        case .fetchPage(let id, let cursor):
            .fetchPage(list: list, endpoint: endpoint, requestID: id, cursor: cursor, params: params)
        case .cancelFetch(let id):
            .cancelFetch(list: list, requestID: id)
        case .fetchLive(let id, let cursor):
            .fetchLive(list: list, endpoint: endpoint, requestID: id, cursor: cursor, params: params)
        case .sortRows(let id, let sort, let rows):
            .sortRows(list: list, requestID: id, sort: sort, rows: rows)
        case .filterRows(let id, let filter, let rows, let aside, let sort):
            .filterRows(list: list, requestID: id, filter: filter, rows: rows, aside: aside, sort: sort)
        case .stopFilter(let id):
            .stopFilter(list: list, requestID: id)
        case .notify(let notices):
            .sendNotifications(notices)
        }
    }

    /// An answer from the runner, routed to its list wherever it is.
    static func answer(_ state: inout AppState, _ id: ListID, _ action: ListAction) -> [AppEffect] {
        switch id {
        case .tab(let key):
            guard let index = state.tabs.firstIndex(where: { $0.endpointKey == key }) else { return [] }
            // A search kept on any tab (its matches are the tab's rows).
            let searching = searchDepth(state, tab: index) != nil
            let growth = searching ? SearchGrowth(state.tabs[index].list, action) : nil
            let effects = list(&state, currentTab: index, action)
            return searching ? effects + refreshMatches(&state, tab: index, growth: growth) : effects
        case .strip(let stripID):
            return answerStrip(&state, stripID, action)
        }
    }

    /// The body's size changed, or what fills it: the list on screen pages
    /// by what the layout now shows.
    static func viewportChanged(_ state: inout AppState) -> [AppEffect] {
        let layout = ScreenLayout.of(state)
        var effects = listOnScreen(&state, .viewportChanged(items: layout.itemsPerScreen(viewMode: state.viewMode)))
        if let detail = state.detail, detail.strip != nil {
            effects += stripList(&state, .viewportChanged(items: layout.detail(detail).strip?.perScreen ?? 1))
        }
        return effects
    }
}
