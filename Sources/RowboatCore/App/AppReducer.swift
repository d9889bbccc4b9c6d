/// The app reducer: routes actions to the list and handles app-wide ones.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        var effects = reduceAction(&state, action)
        let wanted = wantedImages(state)
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
        case .list(.move(let movement)) where state.showingFavorites:
            moveFavorites(&state, movement)
            return []
        case .list(.move(let movement)) where state.search != nil:
            moveInSearch(&state, movement)
            return []
        case .list(let a):
            let effects = list(&state, a)
            if state.search != nil { refreshMatches(&state) }
            return a == .appeared ? [.loadFavorites] + effects : effects
        case .filters(let a):
            return reduceFilters(&state, a)
        case .search(let a):
            return reduceSearch(&state, a)
        case .toggleFavorite:
            guard let row = state.currentRow else { return [] }
            if state.isFavorite(row.id) {
                state.favorites.removeAll { $0.id == row.id }
                state.favoritesSelection = min(state.favoritesSelection, max(0, state.favorites.count - 1))
                toast(&state, "removed from favorites")
                return [.removeFavorite(id: row.id)]
            }
            state.favorites.insert(row, at: 0)
            toast(&state, "★ added to favorites")
            return [.saveFavorite(row)]
        case .toggleFavoritesList:
            state.showingFavorites.toggle()
            state.favoritesSelection = 0
            return []
        case .favoritesLoaded(let rows):
            state.favorites = rows
            state.favoritesSelection = min(state.favoritesSelection, max(0, rows.count - 1))
            return []
        case .favoriteWriteFailed(let reason):
            toast(&state, "favorites not saved: \(reason)", isError: true)
            return [.loadFavorites]
        case .resized(let size):
            state.size = size
            return list(&state, .viewportChanged(rows: state.viewportItems))
        case .toggleView:
            state.viewMode = state.viewMode == .table ? .grid : .table
            return list(&state, .viewportChanged(rows: state.viewportItems))
        case .gridMove(let direction) where state.search != nil:
            let count = state.search?.matches.count ?? 0
            let from = state.search?.selection ?? 0
            moveInSearch(&state, .to(state.gridLayout.step(from: from, direction, count: count)))
            return []
        case .gridMove(let direction):
            let target = state.gridLayout.step(from: state.list.selection, direction, count: state.list.rows.count)
            if direction == .up, state.list.selection < state.gridLayout.columns {
                // At the top row, up is the pull gesture, as in the table.
                return list(&state, .move(.up))
            }
            return list(&state, .move(.to(target)))
        case .openDetail:
            guard let row = state.currentRow else { return [] }
            state.detail = DetailState(rowID: row.id)
            return []
        case .closeDetail:
            state.detail = nil
            return []
        case .scrollDetail(let delta):
            if var detail = state.detail {
                detail.scroll = max(0, detail.scroll + delta)
                state.detail = detail
            }
            return []
        case .toggleHelp:
            state.showHelp.toggle()
            return []
        case .quit:
            state.shouldQuit = true
            return []
        case .mouse(let event):
            return reduceMouse(&state, event)
        case .image, .retryImage:
            return reduceImages(&state, action)
        case .clock, .notify, .openLink, .copyLink, .sheet, .askClearCache, .cacheMeasured, .cacheCleared, .dialog:
            return reduceFeedback(&state, action)
        }
    }

    static func moveFavorites(_ state: inout AppState, _ movement: Movement) {
        state.favoritesSelection = movement.target(from: state.favoritesSelection, last: state.favorites.count - 1,
                                                   page: max(1, state.list.viewportRows - 1))
    }

    /// Runs a list action; page requests carry the query's params.
    static func list(_ state: inout AppState, _ action: ListAction) -> [AppEffect] {
        let params = state.query.params
        return ListReducer.reduce(&state.list, action).map { e in
            switch e {
            case .fetchPage(let id, let cursor): .fetchPage(requestID: id, cursor: cursor, params: params)
            case .cancelFetch(let id): .cancelFetch(requestID: id)
            }
        }
    }
}
