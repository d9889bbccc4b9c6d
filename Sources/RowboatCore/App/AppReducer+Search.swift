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
                let fields = Set(state.columns.map(\.field))
                var search = SearchState(text: "", editing: true,
                                         matches: SearchState.matches("", in: state.list.rows, fields: fields),
                                         selection: state.list.selection, fields: fields)
                let geometry = ScreenLayout.of(state).searchGeometry(viewMode: state.viewMode)
                search.scrollLine = search.clampedScrollLine(perLine: geometry.perLine, lines: geometry.lines)
                state.tab.stack.append(.search(search))
            case .favorites?, .detail?:
                break
            }
            return []
        case .insert(let text):
            guard case .search(var search)? = state.screen, search.editing else { return [] }
            search.text += text
            state.replaceTop(.search(search))
            refreshMatches(&state, keepSelection: false, narrowing: true)
            return []
        case .deleteBackward:
            guard case .search(var search)? = state.screen, search.editing else { return [] }
            if search.text.isEmpty { return reduceSearch(&state, .cancel) }
            search.text.removeLast()
            state.replaceTop(.search(search))
            refreshMatches(&state, keepSelection: true)
            return []
        case .cancel:
            leaveSearch(&state)
            return []
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

    /// Recomputes the matches after the text or the rows changed. With
    /// `keepSelection` the same row stays selected where it still matches;
    /// otherwise the first match is.
    /// `narrowing`: the text only grew since the matches were found (and
    /// the rows are the same), so only they are looked at again.
    /// `growth`: the action only added rows after the ones matched (and
    /// updated some in place), so only those are looked at.
    static func refreshMatches(_ state: inout AppState, keepSelection: Bool = true, narrowing: Bool = false,
                               growth: SearchGrowth? = nil) {
        guard let depth = state.tab.stack.lastIndex(where: { if case .search = $0 { true } else { false } }),
              case .search(var search) = state.tab.stack[depth] else { return }
        let rows = state.list.rows
        let selectedID = search.matches.indices.contains(search.selection) && rows.indices.contains(search.matches[search.selection])
            ? rows.id(at: search.matches[search.selection]) : nil
        if let growth, growth.from <= rows.count {
            search.matches = growth.matches(search.text, in: rows, before: search.matches, fields: search.fields)
        } else {
            search.matches = SearchState.matches(search.text, in: rows, among: narrowing ? search.matches : nil,
                                                 fields: search.fields)
        }
        if keepSelection, let selectedID, let row = rows.index(ofID: selectedID),
           let at = search.matches.sortedIndex(of: row) {
            search.selection = at
        } else {
            search.selection = keepSelection ? min(search.selection, max(0, search.matches.count - 1)) : 0
        }
        let geometry = ScreenLayout.of(state).searchGeometry(viewMode: state.viewMode)
        search.scrollLine = search.clampedScrollLine(perLine: geometry.perLine, lines: geometry.lines)
        state.tab.stack[depth] = .search(search)
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
