import RowboatSpec

/// A `/` search's matches kept up to date with its text and its list's
/// rows: found at once when few rows are looked at, else off the UI
/// thread (`AppEffect.searchRows`, answered by `SearchAction.found`) while
/// keys are answered, the prompt saying so. Stale answers are dropped; a
/// streamed list's parts that come meanwhile are added to the answer.
extension AppReducer {
    /// Where in tab `index`'s stack its search is, if it has one.
    static func searchDepth(_ state: AppState, tab index: Int) -> Int? {
        state.tabs[index].stack.lastIndex(where: { if case .search = $0 { true } else { false } })
    }

    /// Brings tab `index`'s search (the current tab's by default) up to
    /// date after its text or its rows changed. With `keepSelection` the
    /// same row stays selected where it still matches (`selecting`: that
    /// row, when the matches shown have none: the list's row at `/`);
    /// otherwise the first match is. `growth`: the action only added rows
    /// after those matched (and updated some in place), so only those are
    /// looked at.
    @discardableResult
    static func refreshMatches(_ state: inout AppState, tab index: Int? = nil, keepSelection: Bool = true,
                               selecting: String? = nil, growth: SearchGrowth? = nil) -> [AppEffect] {
        let index = index ?? state.currentTab
        guard let depth = searchDepth(state, tab: index), case .search(var search) = state.tabs[index].stack[depth]
        else { return [] }
        defer { state.tabs[index].stack[depth] = .search(search) }
        let rows = state.tabs[index].list.rows
        let now = SearchedRows(rows)
        if let growth, growth.from <= rows.count {
            if var pending = search.searching, pending.rows.stamp == growth.before.stamp {
                // Added to the answer when it comes.
                let earlier = growth.updated.filter { $0 < pending.rows.count }
                pending.updated = Array(Set(pending.updated).union(earlier)).sorted()
                pending.rows.stamp = now.stamp
                // A start shown stays where it is: rows were only added after it.
                if pending.shown?.stamp == growth.before.stamp { pending.shown?.stamp = now.stamp }
                search.searching = pending
                return []
            }
            if search.searching == nil, let basis = search.basis, basis.text == search.text, basis.rows == growth.before {
                let selectedID = selecting ?? selectedMatchID(search, in: rows)
                search.matches = growth.matches(search.text, in: rows, before: search.matches, fields: search.fields)
                search.basis = SearchBasis(text: search.text, rows: now)
                settle(&search, in: rows, keepSelection: keepSelection, selectedID: selectedID, state: state)
                return []
            }
        }
        if search.searching == nil, search.basis == SearchBasis(text: search.text, rows: now) { return [] }
        // Matches of a text the new one contains, in these same rows: only they can match
        // (those of no text are every row: looked at in place, not through a list of them).
        let among = wholeAnswer(search).flatMap { answer in
            answer.basis.rows == now && !answer.basis.text.isEmpty
                && SearchState.narrows(search.text, from: answer.basis.text) ? answer.matches : nil
        }
        let selectedID = selecting ?? selectedMatchID(search, in: rows)
        if (among?.count ?? rows.count) <= state.tabs[index].list.inlineSearchRows {
            search.matches = SearchState.matches(search.text, in: rows, among: among, fields: search.fields)
            search.basis = SearchBasis(text: search.text, rows: now)
            search.searching = nil
            settle(&search, in: rows, keepSelection: keepSelection, selectedID: selectedID, state: state)
            return []
        }
        state.tabs[index].lastSearchID += 1
        let id = state.tabs[index].lastSearchID
        let keep = keepSelection && search.searching?.keepSelection ?? true
        // A start of an answer shown stays shown (with the whole answer before it) while its rows stand.
        let shown = search.basis == nil ? search.searching?.shown.flatMap { $0.stamp == now.stamp ? $0 : nil } : nil
        search.searching = PendingSearch(id: id, text: search.text, rows: now, keepSelection: keep,
                                         selectedID: keep ? selectedID ?? search.searching?.selectedID : nil,
                                         shown: shown)
        if (search.basis?.rows.stamp ?? shown?.stamp) != now.stamp {
            // The matches shown were rows since replaced or moved: none until the answer.
            search.matches = []
            search.selection = 0
            search.scrollLine = 0
        }
        return [.searchRows(tab: state.tabs[index].endpointKey, requestID: id, text: search.text, rows: rows.forScanning,
                            among: among, fields: search.fields)]
    }

    /// The answer to `searchRows` request `id` of tab `key`: put in force
    /// when it is the search's latest request (with the rows a streamed
    /// list added meanwhile looked at), else dropped; asked for again when
    /// the rows changed in a way it cannot follow.
    static func searchFound(_ state: inout AppState, tab key: String, requestID id: Int, matches: [Int]) -> [AppEffect] {
        guard let index = state.tabs.firstIndex(where: { $0.endpointKey == key }),
              let depth = searchDepth(state, tab: index), case .search(var search) = state.tabs[index].stack[depth],
              let pending = search.searching, pending.id == id else { return [] }
        let rows = state.tabs[index].list.rows
        guard rows.stamp == pending.rows.stamp, rows.count >= pending.rows.count, search.text == pending.text else {
            let selectedID = selectedMatchID(search, in: rows) ?? pending.selectedID
            search.searching = nil
            search.basis = nil
            state.tabs[index].stack[depth] = .search(search)
            return refreshMatches(&state, tab: index, keepSelection: pending.keepSelection, selecting: selectedID)
        }
        let selectedID = selectedMatchID(search, in: rows) ?? pending.selectedID
        if pending.updated.isEmpty, rows.count == pending.rows.count {
            search.matches = matches
        } else {
            let growth = SearchGrowth(from: pending.rows.count, updated: pending.updated, before: pending.rows)
            search.matches = growth.matches(pending.text, in: rows, before: matches, fields: search.fields)
        }
        search.basis = SearchBasis(text: pending.text, rows: SearchedRows(rows))
        search.searching = nil
        settle(&search, in: rows, keepSelection: pending.keepSelection, selectedID: selectedID, state: state)
        state.tabs[index].stack[depth] = .search(search)
        return []
    }

    /// The start of the answer to `searchRows` request `id` of tab `key`
    /// (`SearchAction.foundFirst`), shown while the rest is scanned when it
    /// is the search's latest request and its rows stand, unless a row kept
    /// selected lies past it (where it may match: the whole answer is
    /// awaited, so the selection does not jump when it comes).
    static func searchFoundFirst(_ state: inout AppState, tab key: String, requestID id: Int,
                                 matches first: [Int]) -> [AppEffect] {
        guard let index = state.tabs.firstIndex(where: { $0.endpointKey == key }),
              let depth = searchDepth(state, tab: index), case .search(var search) = state.tabs[index].stack[depth],
              var pending = search.searching, pending.id == id, let last = first.last else { return [] }
        let rows = state.tabs[index].list.rows
        guard rows.stamp == pending.rows.stamp, pending.updated.isEmpty, search.text == pending.text else { return [] }
        let selectedID = selectedMatchID(search, in: rows) ?? pending.selectedID
        if pending.keepSelection, let selectedID, let row = rows.index(ofID: selectedID), row > last { return [] }
        pending.shown = ShownStart(text: pending.text, stamp: rows.stamp, earlier: wholeAnswer(search))
        search.matches = first
        search.basis = nil
        search.searching = pending
        settle(&search, in: rows, keepSelection: pending.keepSelection, selectedID: selectedID, state: state)
        state.tabs[index].stack[depth] = .search(search)
        return []
    }

    /// The last whole answer of `search`: its matches when they are one,
    /// else the one a start of an answer shown replaced.
    static func wholeAnswer(_ search: SearchState) -> SearchAnswer? {
        if let basis = search.basis { return SearchAnswer(basis: basis, matches: search.matches) }
        return search.searching?.shown?.earlier
    }

    /// The id of the row selected among `search`'s matches, if any.
    static func selectedMatchID(_ search: SearchState, in rows: RowTable) -> String? {
        guard search.matches.indices.contains(search.selection) else { return nil }
        let row = search.matches[search.selection]
        return rows.indices.contains(row) ? rows.id(at: row) : nil
    }

    /// The selection after new matches: on the row `selectedID` where
    /// `keepSelection` and it still matches, else the first match (or,
    /// keeping, the same place), and the matches scrolled to show it.
    static func settle(_ search: inout SearchState, in rows: RowTable, keepSelection: Bool, selectedID: String?,
                       state: AppState) {
        if keepSelection, let selectedID, let row = rows.index(ofID: selectedID),
           let at = search.matches.sortedIndex(of: row) {
            search.selection = at
        } else {
            search.selection = keepSelection ? min(search.selection, max(0, search.matches.count - 1)) : 0
        }
        let geometry = ScreenLayout.of(state).searchGeometry(viewMode: state.viewMode)
        search.scrollLine = search.clampedScrollLine(perLine: geometry.perLine, lines: geometry.lines)
    }
}
