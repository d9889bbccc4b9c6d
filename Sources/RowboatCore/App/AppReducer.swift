/// The app reducer: routes actions to the list and handles app-wide ones.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .list(let a):
            return ListReducer.reduce(&state.list, a).map(effect)
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
            guard let row = state.list.selectedRow else { return [] }
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

    static func effect(_ e: ListEffect) -> AppEffect {
        switch e {
        case .fetchPage(let id, let cursor): .fetchPage(requestID: id, cursor: cursor)
        }
    }
}
