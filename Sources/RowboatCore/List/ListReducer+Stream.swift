import RowboatSpec

/// A stream's events (`stream:`), delivered a batch at a time as parts of
/// its one long request (`facts.continues`): the last event of an id wins;
/// `upsert` changes a known id's row in place and puts new ids on top,
/// newest first; `append` puts every event on top (an id already there
/// moves up with its new content). Past `keep` the oldest rows go (a ring),
/// and their marks with them. On the top row the selection stays there
/// (following the newest, as `tail -f`); anywhere else it stays on its
/// row, and scrolled down the same rows stay on screen. The request's end (the response ended) leaves
/// nothing in flight: the live rules then reconnect it (`LiveRefresh`),
/// after SSE's `retry:` when the server sent one — or, when it ended
/// before a single event, after a back-off that doubles as a failure's
/// does, with a line saying so. An event that could not
/// be read is one line in the status bar until rows come again.
extension ListReducer {
    static func streamLoaded(_ page: PageLoad, spec: StreamSpec, request: inout ListState.InFlight,
                             into state: inout ListState) -> [ListEffect] {
        let selectedID = state.selectedRow?.id
        let screenRow = state.selection - state.scrollOffset
        let atTop = state.scrollOffset == 0
        if state.marks.bulk > 0 { state.marks.settle(state.rows) }
        // The part's ids are unique (a table's are): its rows already in the
        // list are read and merged one by one, its new rows taken in whole —
        // their bytes as written off the UI thread, newest first.
        let part = page.rows
        var known: [Int] = [], new: [Int] = []
        for at in part.indices.reversed() {
            if state.rows.holds(idOf: at, in: part) { known.append(at) } else { new.append(at) }
        }
        if spec.mode == .append, !known.isEmpty {
            state.rows.remove(ids: Set(known.map { part.id(at: $0) }))
            new = Array(part.indices.reversed())
            known = []
        }
        let before = state.rows.count
        var changes = state.changes
        let hold = state.changeHold
        changes.prune(now: page.fetchedAt, hold: hold)
        var added: [String] = [], changedFields: [(String, Set<String>)] = []
        for at in known {
            let row = part[at]
            let (update, fields) = state.rows.updateNotingFields(row)
            changes.note(row.id, fields: fields, at: page.fetchedAt, hold: hold)
            guard state.notifies else { continue }
            if case .added = update { added.append(row.id) } else if !fields.isEmpty { changedFields.append((row.id, fields)) }
        }
        if state.notifies { added += new.map { part.id(at: $0) } }
        // New rows past `keep` would go at once: only the newest are taken.
        state.rows.append(table: part, rows: new.prefix(spec.keep))
        state.changes = changes
        state.rows.moveToTop(from: before)
        if state.rows.count > spec.keep {
            state.rows.truncate(to: spec.keep)
            state.marks.keepOnly(state.rows)
        }
        if state.selection == 0, atTop {
            // On the top row the list follows the newest (as `tail -f`).
        } else if let selectedID, let at = state.rows.index(ofID: selectedID) {
            state.selection = at
            state.scrollOffset = atTop ? 0 : max(0, at - screenRow)
        } else {
            state.selection = min(state.selection, max(0, state.rows.count - 1))
        }
        clampScroll(&state)
        state.phase = .idle
        state.lastError = page.stream?.line ?? (page.rows.isEmpty ? state.lastError : nil)
        if let retry = page.stream?.retrySeconds {
            // SSE's retry: is the reconnection time (never under a second: a stream must not hammer).
            state.live?.backOff.every = min(max(retry, StreamSpec.shortestRetry), LiveBackOff.limit)
        }
        if page.stream?.closedEmpty == true {
            // Closed before one event: backed off as a failure is (twice the wait each time).
            state.live?.backOff.failed()
            state.lastError = StreamNews.closedEmptyLine
        } else if !page.rows.isEmpty || page.stream?.problem != nil {
            // (Not merely opened: a server that answers and closes at once is not a success.)
            state.live?.backOff.succeeded()
        }
        state.live?.due = nil
        if !page.rows.isEmpty { state.lastUpdated = page.fetchedAt }
        state.inFlight = page.facts.continues ? request : nil
        return notices(state, new: added, changed: changedFields, at: page.fetchedAt)
    }
}
