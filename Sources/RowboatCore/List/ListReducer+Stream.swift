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
    static func streamLoaded(_ page: PageLoad<RowTable>, spec: StreamSpec, request: inout ListState.InFlight,
                             into state: inout ListState) -> [ListEffect] {
        let selectedID = state.selectedRow?.id
        let screenRow = state.selection - state.scrollOffset
        let atTop = state.scrollOffset == 0
        if state.marks.bulk > 0 { state.marks.settle(state.rows) }
        // The part's ids are unique (a table's are), newest first: its rows
        // taken in whole — their bytes as written off the UI thread — new ones
        // on top, listed ones changed in place (read back only when their
        // bytes differ, for what changed); a row a filter set aside is
        // merged by itself. New rows past `keep` would go at once: not taken.
        let part = page.rows
        var taken: [Int] = [], setAside: [Int] = [], new: [Int] = [], listed: [Int] = []
        for at in part.indices.reversed() {
            switch state.rows.holding(idOf: at, in: part) {
            case .shown?: taken.append(at); listed.append(at)
            case .setAside?: setAside.append(at); listed.append(at)
            case nil:
                if new.count < spec.keep { taken.append(at) }
                new.append(at)
            }
        }
        if spec.mode == .append, !listed.isEmpty {
            // Appended, a listed id goes on top with its new content: taken out, then new like the rest.
            state.rows.remove(ids: Set(listed.map { part.id(at: $0) }))
            new = Array(part.indices.reversed())
            taken = Array(new.prefix(spec.keep))
            setAside = []
        }
        let before = state.rows.count
        var changes = state.changes
        let hold = state.changeHold
        changes.prune(now: page.fetchedAt, hold: hold)
        var added: [String] = [], changedFields: [(String, Set<String>)] = []
        let notifies = state.notifies
        let at = page.fetchedAt
        state.rows.append(table: part, rows: taken) { id, fields in
            changes.note(id, fields: fields, at: at, hold: hold)
            if notifies, !fields.isEmpty { changedFields.append((id, fields)) }
        }
        for at in setAside {
            let row = part[at]
            let (update, fields) = state.rows.updateNotingFields(row)
            changes.note(row.id, fields: fields, at: page.fetchedAt, hold: hold)
            guard notifies else { continue }
            if case .added = update { added.append(row.id) } else if !fields.isEmpty { changedFields.append((row.id, fields)) }
        }
        if notifies { added = new.map { part.id(at: $0) } + added }
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
