import RowboatSpec

/// Live lists (`LiveRefresh`): a tick fetches the first page again and
/// merges it by id — changed rows in place, new ids at the top in the
/// server's order (or into a local sort's order), every other row where it
/// is — keeping the selection on its item and the scroll; failures back
/// off and say so. A tick never overlaps another load: it starts only when
/// nothing is in flight, and gives way to a load the user asks for.
extension ListReducer {
    static func liveTick(_ state: inout ListState, paging: Paging) -> [ListEffect] {
        guard state.liveTickPossible else { return [] }
        if state.retriesFirstPage {
            state.live?.due = nil
            return ListReducer.reduce(&state, .retry, paging: paging)
        }
        let first = PagingPlan(paging: paging).first
        state.lastRequestID += 1
        state.inFlight = .init(id: state.lastRequestID, kind: .live, cursor: first)
        state.live?.due = nil
        return [.fetchLive(requestID: state.lastRequestID, cursor: first)]
    }

    static func toggleLive(_ state: inout ListState) -> [ListEffect] {
        guard var live = state.live, live.blocked == nil else { return [] }
        live.paused.toggle()
        var effects: [ListEffect] = []
        if live.paused {
            // A stream's connection is cancelled whatever opened it.
            if let request = state.inFlight, request.kind == .live || state.stream != nil {
                effects.append(.cancelFetch(requestID: request.id))
                state.inFlight = nil
            }
            live.due = nil
        } else {
            live.due = 0   // at once
        }
        state.live = live
        return effects
    }

    /// Cancels a live tick in flight so another load can start.
    static func yieldLive(_ state: inout ListState) -> [ListEffect] {
        guard let request = state.inFlight, request.kind == .live else { return [] }
        state.inFlight = nil
        state.live?.due = nil
        return [.cancelFetch(requestID: request.id)]
    }

    /// A first page or refresh arrived: ticks start over from now, at
    /// their pace; new marks of rows no longer there go.
    static func liveRestarted(_ state: inout ListState) {
        guard var live = state.live else { return }
        live.due = nil
        live.backOff.succeeded()
        if !live.newIDs.isEmpty { live.newIDs = live.newIDs.filter { state.rows.index(ofID: $0) != nil } }
        state.live = live
    }

    /// A live list's first page failed: the ticks that ask for it again
    /// back off from this failure (at least what Retry-After asks).
    static func firstPageFailed(_ state: inout ListState, retryAfter: Double?) {
        guard state.retriesFirstPage else { return }
        state.live?.backOff.failed(retryAfter: retryAfter)
        state.live?.due = nil
    }

    static func liveFailed(_ state: inout ListState, message: String, retryAfter: Double?) -> [ListEffect] {
        state.inFlight = nil
        state.live?.backOff.failed(retryAfter: retryAfter)
        state.live?.due = nil
        state.lastError = "live: \(message)"
        return []
    }

    /// A live tick's page (or a part of its streamed body): merged by id.
    static func liveLoaded(_ page: PageLoad<RowTable>, request: inout ListState.InFlight,
                           into state: inout ListState) -> [ListEffect] {
        // A cached copy shown first would be followed by the network's.
        guard page.final || page.facts.continues else { return [] }
        if case .cache(let fetchedAt, true) = page.origin {
            // The server could not be reached and the cached copy came
            // instead: the rows stay, and the ticks wait for a refresh (r)
            // that reaches the server.
            state.inFlight = nil
            state.cacheBadge = CacheBadge(fetchedAt: min(fetchedAt, state.cacheBadge?.fetchedAt ?? fetchedAt), offline: true)
            state.live?.due = nil
            return []
        }
        let selectedID = state.rows.indices.contains(state.selection) ? state.rows.id(at: state.selection) : nil
        let screenRow = state.selection - state.scrollOffset
        let atTop = state.scrollOffset == 0
        if state.marks.bulk > 0 { state.marks.settle(state.rows) }   // places are about to move
        let before = state.rows.count
        var changed: [Int] = []
        var fresh: [String] = []
        var changedFields: [(String, Set<String>)] = []
        var changes = state.changes
        let hold = state.changeHold
        changes.prune(now: page.fetchedAt, hold: hold)
        for row in page.rows {
            let (update, fields) = state.rows.updateNotingFields(row)
            switch update {
            case .added: fresh.append(row.id)
            case .changed(let at):
                changed.append(at)
                changes.note(row.id, fields: fields, at: page.fetchedAt, hold: hold)
                if state.notifies { changedFields.append((row.id, fields)) }
            case .same, .setAside: break
            }
        }
        state.changes = changes
        if state.sort != nil || state.filter != nil {
            // The new rows' natural places at the top; the filter and the
            // sort then place them (or leave them out).
            // (Rows a filter had set aside that came back keep their natural places.)
            let back = changed.filter { $0 >= before }.map { ($0, state.rows.arrival[$0]) }
            state.rows.moveToTop(from: before)
            for (at, place) in back { state.rows.arrival[at] = place }
            let moving = filterMoving(&state, Array(Set(changed).union(before..<state.rows.count)).sorted())
            if let sort = state.sort {
                if !moving.isEmpty {
                    state.rows.reorder(by: sort, moving: moving)
                }
            } else {
                state.rows.showInNaturalOrder()
            }
        } else {
            state.rows.moveToTop(from: before, at: request.liveAdded)
        }
        request.liveAdded += fresh.count
        // (The first page's ids, for what is gone: up to a bound, past which nothing is called gone.)
        if state.live?.wholeList == true || request.liveSeen.count <= RowChanges.mostRows {
            request.liveSeen += page.rows.map(\.id)
        }
        if state.live?.wholeList == true {
            if !page.facts.continues { applyWholeList(request.liveSeen, &state) }
        } else if !page.facts.continues {
            noteGone(request.liveSeen, &state)
        }
        markNew(fresh, request: &request, &state)
        if let selectedID, let at = state.rows.index(ofID: selectedID) {
            state.selection = at
            // At the top the new rows show; scrolled down, the same rows stay on screen.
            state.scrollOffset = atTop && state.sort == nil ? 0 : max(0, at - screenRow)
        } else {
            // Its row went (a whole-list tick): the selection stays at its place.
            state.selection = min(state.selection, max(0, state.rows.count - 1))
        }
        clampScroll(&state)
        let notices = notices(state, new: fresh, changed: changedFields, at: page.fetchedAt)
        if page.facts.continues {
            state.inFlight = request
            return notices
        }
        state.inFlight = nil
        state.lastError = nil
        state.live?.backOff.succeeded()
        state.live?.due = nil
        state.lastUpdated = page.fetchedAt
        state.totalCount = page.facts.totalCount ?? state.totalCount
        state.totalPages = page.facts.totalPages ?? state.totalPages
        return notices
    }

    /// The `notify:` rules' notices for an update's new and changed rows
    /// (read back from the table by id); none without rules.
    static func notices(_ state: ListState, new: [String], changed: [(String, Set<String>)], at time: Double) -> [ListEffect] {
        guard state.notifies, !new.isEmpty || !changed.isEmpty else { return [] }
        func row(_ id: String) -> RowModel? { state.rows.index(ofID: id).map { state.rows[$0] } }
        let changedRows = changed.compactMap { id, fields in row(id).map { ($0, fields) } }
        var notices = Notice.of(state.notifyRules, new: new.compactMap(row), changed: changedRows, now: time)
        notices += Notice.watched(changedRows.filter { state.watched.contains($0.0.id) })
        return notices.isEmpty ? [] : [.notify(notices)]
    }

    /// A tick's first page is whole: the rows of the last tick's first page
    /// it no longer has (not merely pushed down by new rows) are gone —
    /// dimmed until the next tick; rows gone at the last tick and still
    /// not back then stay as any row (or go, with `dropsGone`).
    static func noteGone(_ firstPage: [String], _ state: inout ListState) {
        var changes = state.changes
        guard firstPage.count <= RowChanges.mostRows else {
            (changes.gone, changes.firstPage) = ([], [])
            state.changes = changes
            return
        }
        let back = Set(firstPage)
        let stale = changes.gone.filter { !back.contains($0) && state.rows.index(ofID: $0) != nil }
        changes.gone = changes.firstPage.isEmpty
            ? [] : Set(GoneRows.ids(from: changes.firstPage, to: firstPage)).subtracting(stale)
        changes.firstPage = firstPage
        state.changes = changes
        if state.live?.dropsGone == true, !stale.isEmpty {
            state.marks.settle(state.rows)
            state.rows.remove(ids: stale)
            state.marks.keepOnly(state.rows)
            state.live?.newIDs.subtract(stale)
        }
    }

    /// A whole-list tick has been merged: the rows it left out go, and
    /// (with no local sort or filter placing them) the rows take its order.
    static func applyWholeList(_ ids: [String], _ state: inout ListState) {
        let seen = Set(ids)
        var gone: Set<String> = []
        for at in state.rows.indices where !seen.contains(state.rows.id(at: at)) { gone.insert(state.rows.id(at: at)) }
        if !gone.isEmpty {
            state.marks.settle(state.rows)
            state.rows.remove(ids: gone)
            state.marks.keepOnly(state.rows)
            if var live = state.live { live.newIDs.subtract(gone); state.live = live }
        }
        guard state.sort == nil, state.filter == nil, state.rows.isInNaturalOrder else { return }
        var order: [Int32] = []
        order.reserveCapacity(state.rows.count)
        var placed = Set<Int>()
        for id in ids {
            if let at = state.rows.index(ofID: id), placed.insert(at).inserted { order.append(Int32(at)) }
        }
        guard order.count == state.rows.count, order != (0..<Int32(order.count)).map({ $0 }) else { return }
        state.rows.permute(order)
    }

    /// Marks the first new rows of a tick (at most `newMarkCap` in all);
    /// older marks make room for them, those lowest in the list first.
    static func markNew(_ fresh: [String], request: inout ListState.InFlight, _ state: inout ListState) {
        guard var live = state.live, !fresh.isEmpty else { return }
        let cap = LiveRefresh.newMarkCap
        let marking = fresh.prefix(max(0, cap - request.liveMarked.count))
        request.liveMarked += marking
        let tick = Set(request.liveMarked)
        var older = live.newIDs.subtracting(tick).compactMap { id in state.rows.index(ofID: id).map { (id, $0) } }
        older.sort { $0.1 < $1.1 }
        live.newIDs = tick.union(older.prefix(max(0, cap - tick.count)).map(\.0))
        live.lastNew = request.liveAdded
        live.lastMarked = request.liveMarked.count
        state.live = live
    }

    /// The selection reached a new row: it is new no more.
    static func seeNewRow(_ state: inout ListState) {
        guard let live = state.live, !live.newIDs.isEmpty, state.rows.indices.contains(state.selection) else { return }
        let id = state.rows.id(at: state.selection)
        if live.newIDs.contains(id) { state.live?.newIDs.remove(id) }
    }
}

extension LiveRefresh {
    /// The same live settings for a list that starts over (a new query):
    /// no tick due or new rows, the user's pause kept.
    static func restarted(_ live: LiveRefresh) -> LiveRefresh {
        var fresh = LiveRefresh(every: live.every)
        fresh.paused = live.paused
        fresh.blocked = live.blocked
        fresh.dropsGone = live.dropsGone
        return fresh
    }
}
