import RowboatSpec

/// The `/` search: typing filters the loaded rows at once; Enter sends the
/// text to the server when the endpoint declares a search param.
extension AppReducer {
    static func reduceSearch(_ state: inout AppState, _ action: SearchAction) -> [AppEffect] {
        switch action {
        case .begin:
            switch state.screen {
            case .search(var search):
                search.editing = true
                state.replaceTop(.search(search))
            case nil:
                // What is shown is what is searched: the columns in force (with the title and subtitle).
                // Every row matches the empty text, the selected one selected.
                let fields = Set(state.columns.map(\.field))
                let rows = state.list.rows, selection = state.list.selection
                state.tab.stack.append(.search(SearchState(text: "", editing: true, selection: selection,
                                                           fields: fields)))
                return refreshMatches(&state, selecting: rows.indices.contains(selection) ? rows.id(at: selection) : nil)
            case .favorites?, .detail?:
                break
            }
            return []
        case .insert(let text):
            guard case .search(var search)? = state.screen, search.editing else { return [] }
            search.text += text
            state.replaceTop(.search(search))
            return refreshMatches(&state, keepSelection: false)
        case .deleteBackward:
            guard case .search(var search)? = state.screen, search.editing else { return [] }
            if search.text.isEmpty { return reduceSearch(&state, .cancel) }
            search.text.removeLast()
            state.replaceTop(.search(search))
            return refreshMatches(&state, keepSelection: true)
        case .cancel:
            leaveSearch(&state)
            return []
        case .found(let tab, let id, let matches):
            return searchFound(&state, tab: tab, requestID: id, matches: matches)
        case .foundFirst(let tab, let id, let matches):
            return searchFoundFirst(&state, tab: tab, requestID: id, matches: matches)
        case .nextMatch, .previousMatch:
            let movement: Movement = action == .nextMatch ? .down : .up
            if case .search? = state.screen {
                moveInSearch(&state, movement)
                return []
            }
            // A server search's results are the list itself.
            guard state.query.serverSearch != nil, state.screen == nil else { return [] }
            return listOnScreen(&state, .move(movement))
        case .clearServer:
            guard state.query.serverSearch != nil, state.screen == nil else { return [] }
            state.query.serverSearch = nil
            return requery(&state)
        case .submit:
            guard let search = state.search else { return [] }
            let text = String(search.text.trimmingWhitespace())
            if state.query.options.searchParam != nil {
                leaveSearch(&state)
                let wanted = text.isEmpty ? nil : text
                guard wanted != state.query.serverSearch else { return [] }
                state.query.serverSearch = wanted
                return requery(&state)
            }
            if text.isEmpty {
                leaveSearch(&state)
            } else if case .search(var top)? = state.screen {
                top.editing = false
                state.replaceTop(.search(top))
            }
            return []
        }
    }

    /// Closes the search, putting the list's selection on the row that was
    /// selected among the matches.
    static func leaveSearch(_ state: inout AppState) {
        guard case .search(let search)? = state.screen else { return }
        if search.matches.indices.contains(search.selection) {
            ListReducer.select(&state.list, search.matches[search.selection])
        }
        state.tab.stack.removeLast()
    }

    static func moveInSearch(_ state: inout AppState, _ movement: Movement) {
        guard case .search(var search)? = state.screen else { return }
        let geometry = ScreenLayout.of(state).searchGeometry(viewMode: state.viewMode)
        search.selection = movement.target(from: search.selection, last: search.matches.count - 1,
                                           page: max(1, (geometry.lines - 1) * geometry.perLine))
        search.scrollLine = search.clampedScrollLine(perLine: geometry.perLine, lines: geometry.lines)
        state.replaceTop(.search(search))
    }
}
