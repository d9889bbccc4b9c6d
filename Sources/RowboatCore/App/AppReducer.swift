/// The app reducer: routes actions to the list and handles app-wide ones.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .list(.move(let movement)) where state.showingFavorites:
            moveFavorites(&state, movement)
            return []
        case .list(let a):
            let effects = ListReducer.reduce(&state.list, a).map(effect)
            return a == .appeared ? [.loadFavorites] + effects : effects
        case .toggleFavorite:
            guard let row = state.currentRow else { return [] }
            if state.isFavorite(row.id) {
                state.favorites.removeAll { $0.id == row.id }
                state.favoritesSelection = min(state.favoritesSelection, max(0, state.favorites.count - 1))
                return [.removeFavorite(id: row.id)]
            }
            state.favorites.insert(row, at: 0)
            return [.saveFavorite(row)]
        case .toggleFavoritesList:
            state.showingFavorites.toggle()
            state.favoritesSelection = 0
            return []
        case .favoritesLoaded(let rows):
            state.favorites = rows
            return []
        case .resized(let size):
            state.size = size
            return ListReducer.reduce(&state.list, .viewportChanged(rows: state.viewportItems)).map(effect)
        case .toggleView:
            state.viewMode = state.viewMode == .table ? .grid : .table
            return ListReducer.reduce(&state.list, .viewportChanged(rows: state.viewportItems)).map(effect)
        case .gridMove(let direction):
            let target = state.gridLayout.step(from: state.list.selection, direction, count: state.list.rows.count)
            if direction == .up, state.list.selection < state.gridLayout.columns {
                // At the top row, up is the pull gesture, as in the table.
                return ListReducer.reduce(&state.list, .move(.up)).map(effect)
            }
            return ListReducer.reduce(&state.list, .move(.to(target))).map(effect)
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
        }
    }

    static func moveFavorites(_ state: inout AppState, _ movement: Movement) {
        let last = max(0, state.favorites.count - 1)
        let page = max(1, state.list.viewportRows - 1)
        let s = state.favoritesSelection
        let target: Int
        switch movement {
        case .up: target = s - 1
        case .down: target = s + 1
        case .pageUp: target = s - page
        case .pageDown: target = s + page
        case .home: target = 0
        case .end: target = last
        case .to(let i): target = i
        }
        state.favoritesSelection = min(max(0, target), last)
    }

    static func effect(_ e: ListEffect) -> AppEffect {
        switch e {
        case .fetchPage(let id, let cursor): .fetchPage(requestID: id, cursor: cursor)
        }
    }
}
