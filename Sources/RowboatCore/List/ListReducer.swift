import RowboatSpec

/// The pure list state machine: (state, action) → new state and effects.
///
/// Every request gets a fresh id and is the only one the list waits for, so
/// an answer to a superseded request (a load-more overtaken by a refresh) is
/// dropped. At most one request is in flight; rows are de-duplicated by id.
/// How the endpoint pages is not the list's: the caller passes its
/// endpoint's `paging` (held once, in `EndpointInfo`).
public enum ListReducer {
    public static func reduce(_ state: inout ListState, _ action: ListAction, paging: Paging) -> [ListEffect] {
        let first = PagingPlan(paging: paging).first
        switch action {
        case .refresh, .restart, .loadMore, .retry, .move:
            // A key press: automatic loading may go on again (flood rules).
            state.notice = nil
            state.autoLoadedRows = 0
            if state.halt == .autoLimit || (action == .loadMore && (state.halt == .noNewItems || state.halt == .offlineEnd)) {
                state.halt = nil
            }
        default: break
        }
        switch action {
        case .appeared:
            guard state.inFlight == nil, state.rows.isEmpty else { return [] }
            state.phase = .firstLoad
            return [start(&state, .first, first)]

        case .refresh:
            // After a failure the same key retries what failed ("r to retry").
            if case .failed = state.phase, state.failedLoad != nil, state.inFlight == nil {
                return reduce(&state, .retry, paging: paging)
            }
            if state.inFlight?.kind == .refresh || state.inFlight?.kind == .first { return [] }
            // A live list backing off asks again now, and at its pace after.
            state.live?.backOff.succeeded()
            state.phase = state.rows.isEmpty ? .firstLoad : .refreshing
            return superseded(state) + [start(&state, state.rows.isEmpty ? .first : .refresh, first)]

        case .restart:
            let cancel = superseded(state) + (state.filtering.map { [.stopFilter(requestID: $0.id)] } ?? [])
            var fresh = ListState(paging: paging)
            // Another query (a server search, a filter): the marks go along by id.
            state.marks.settle(state.rows)
            fresh.marks = state.marks
            fresh.viewportItems = state.viewportItems
            fresh.loadMoreThreshold = state.loadMoreThreshold
            fresh.lastRequestID = state.lastRequestID
            fresh.lastFilterID = state.lastFilterID
            fresh.sort = state.sort
            fresh.live = state.live.map(LiveRefresh.restarted)
            fresh.stream = state.stream
            state = fresh
            return cancel + [start(&state, .first, first)]

        case .removeRows(let ids):
            // The selection stays on its row, or the row after it.
            let selectedID = state.selectedRow?.id
            let before = state.selection
            state.marks.settle(state.rows)
            if var follow = state.refreshFollow {
                // Fewer fresh rows before the old ones.
                follow.freshCount -= ids.filter { (state.rows.index(ofID: $0) ?? .max) < follow.freshCount }.count
                state.refreshFollow = follow
            }
            state.rows.remove(ids: Set(ids))
            state.marks.keepOnly(state.rows)
            if let selectedID, let at = state.rows.index(ofID: selectedID) {
                state.selection = at
            } else {
                state.selection = min(before, max(0, state.rows.count - 1))
            }
            clampScroll(&state)
            return []

        case .replaceRows(let rows):
            var changed: [Int] = []
            for row in rows where state.rows.index(ofID: row.id) != nil {
                if case .changed(let at) = state.rows.update(row) { changed.append(at) }
            }
            resort(&state, moving: changed.sorted())
            return []

        case .select(let id):
            guard let at = state.rows.index(ofID: id) else { return [] }
            disarmPull(&state)
            move(&state, .to(at))
            seeNewRow(&state)
            return autoLoadMore(&state)

        case .pageDeferred(let id, let message, let retryAfter):
            guard let request = state.inFlight, request.id == id else { return [] }
            if request.kind == .live { return liveFailed(&state, message: message, retryAfter: retryAfter) }
            return failed(&state, request, message: message, retryAfter: retryAfter)

        case .liveTick:
            return liveTick(&state, paging: paging)

        case .toggleLive:
            return toggleLive(&state)

        case .sort(let sort):
            endFollow(&state)
            return requestSort(sort, &state)

        case .filter(let filter):
            endFollow(&state)
            return requestFilter(filter, &state) + autoLoadMore(&state)

        case .rowsSorted(let id, let order, let rows):
            return rowsSorted(id, order, rows, &state)

        case .rowsFiltered(let id, let kept, let rows):
            return rowsFiltered(id, kept, rows, &state)

        case .loadMore:
            disarmPull(&state)
            return loadMore(&state)

        case .retry:
            let yielded = yieldLive(&state)
            guard state.inFlight == nil, let failed = state.failedLoad else { return yielded }
            state.phase = phase(for: failed.kind, hasRows: !state.rows.isEmpty)
            return yielded + [start(&state, failed.kind, failed.cursor)]

        case .move(let movement):
            if movement == .up, state.selection == 0, state.inFlight == nil || state.inFlight?.kind == .live,
               !state.rows.isEmpty {
                // Pull-to-refresh: up at the top arms the pull, up again refreshes.
                if state.phase == .pulling { return reduce(&state, .refresh, paging: paging) }
                if state.phase == .idle || state.phase == .exhausted {
                    state.phase = .pulling
                    return []
                }
            }
            disarmPull(&state)
            move(&state, movement)
            seeNewRow(&state)
            return autoLoadMore(&state)

        case .viewportChanged(let items):
            state.viewportItems = max(1, items)
            clampScroll(&state)
            return autoLoadMore(&state)

        case .pageLoaded(let id, let page):
            guard var request = state.inFlight, request.id == id else { return [] }
            if let spec = state.stream { return streamLoaded(page, spec: spec, request: &request, into: &state) }
            if request.kind == .live { return liveLoaded(page, request: &request, into: &state) }
            if state.refreshFollow != nil, request.kind == .more {
                // A cached copy first: the old rows stay until the final page.
                if !page.final && !page.facts.continues { return [] }
                if page.facts.continues { endFollow(&state) }
            }
            if page.facts.continues {
                applyPart(page, request: &request, to: &state)
                state.inFlight = request
                return []
            }
            let anchor = Anchor(id: state.selectedRow?.id, screenRow: state.selection - state.scrollOffset)
            if let provisional = request.provisional { undo(provisional, kind: request.kind, &state) }
            if !page.final {
                // A cached page shown at once; the request stays in flight
                // and its final answer replaces these rows in place.
                request.provisional = .init(rowCount: state.rows.count + state.rows.hiddenCount, pagesLoaded: state.pagesLoaded,
                                            badge: state.cacheBadge)
                apply(page, request: request, anchor: anchor, paging: paging, to: &state)
                state.inFlight = request
                state.phase = request.kind == .more ? .loadingMore : .refreshing
                return []
            }
            state.inFlight = nil
            state.failedLoad = nil
            state.lastError = nil
            apply(page, request: request, anchor: anchor, paging: paging, to: &state)
            if state.refreshFollow != nil { return followOn(&state) }
            return autoLoadMore(&state)

        case .pageFailed(let id, let message):
            guard let request = state.inFlight, request.id == id else { return [] }
            if request.kind == .live { return liveFailed(&state, message: message, retryAfter: nil) }
            return failed(&state, request, message: message, retryAfter: nil)

        case .pageNotCached(let id, let message):
            guard let request = state.inFlight, request.id == id else { return [] }
            if request.kind == .live { return liveFailed(&state, message: message, retryAfter: nil) }
            guard request.kind == .more, request.provisional == nil else {
                return reduce(&state, .pageFailed(requestID: id, message: message), paging: paging)
            }
            endFollow(&state)
            // The rows stay and nothing failed: the cache holds no more.
            // Space asks it again (another run may have filled it).
            state.inFlight = nil
            state.halt = .endOfCache
            state.phase = .idle
            return []
        }
    }

    /// A page request failed (a live tick's aside): cached rows shown
    /// first stay and the list works offline; else the phase says so and
    /// `r` retries. A live list's first page is retried as it backs off.
    static func failed(_ state: inout ListState, _ request: ListState.InFlight, message: String,
                       retryAfter: Double?) -> [ListEffect] {
        endFollow(&state)
        state.inFlight = nil
        state.lastError = message
        if request.provisional != nil {
            // The cached rows stay: the list works offline.
            state.cacheBadge?.offline = true
            state.failedLoad = nil
            state.phase = state.nextCursor == nil ? .exhausted : .idle
            return []
        }
        if request.kind == .more, state.isOffline {
            // Offline on cached pages, and the next is in neither place: the
            // list has not failed; space asks the server again.
            state.failedLoad = nil
            state.halt = .offlineEnd
            state.phase = .idle
            return []
        }
        state.failedLoad = .init(kind: request.kind, cursor: request.cursor)
        state.phase = .failed(message)
        firstPageFailed(&state, retryAfter: retryAfter)
        return []
    }

    /// Any other action lets go of an armed pull.
    static func disarmPull(_ state: inout ListState) {
        if state.phase == .pulling { state.phase = state.nextCursor == nil ? .exhausted : .idle }
    }

    static func phase(for kind: ListState.LoadKind, hasRows: Bool) -> ListState.Phase {
        switch kind {
        case .first: .firstLoad
        case .refresh: hasRows ? .refreshing : .firstLoad
        case .more: .loadingMore
        case .live: hasRows ? .idle : .firstLoad
        }
    }

    /// Cancels the request in flight, which a new one is about to replace.
    static func superseded(_ state: ListState) -> [ListEffect] {
        state.inFlight.map { [.cancelFetch(requestID: $0.id)] } ?? []
    }

    static func start(_ state: inout ListState, _ kind: ListState.LoadKind, _ cursor: PageCursor,
                      automatic: Bool = false) -> ListEffect {
        state.lastRequestID += 1
        state.inFlight = .init(id: state.lastRequestID, kind: kind, cursor: cursor, automatic: automatic)
        state.trail.insert(cursor)
        return .fetchPage(requestID: state.lastRequestID, cursor: cursor)
    }

    static func loadMore(_ state: inout ListState, automatic: Bool = false) -> [ListEffect] {
        guard state.inFlight == nil || state.inFlight?.kind == .live, let next = state.nextCursor,
              state.pagesLoaded > 0 else { return [] }
        if case .failed = state.phase { return [] }
        // A live tick gives way to the pages the user asks for.
        let yielded = yieldLive(&state)
        state.phase = .loadingMore
        return yielded + [start(&state, .more, next, automatic: automatic)]
    }

    /// Rows that automatic loads may add without a key press: three screens.
    static func autoLoadRowLimit(_ state: ListState) -> Int { 3 * max(1, state.viewportItems) }

    /// Starts load-more when the selection is within the threshold of the
    /// end, unless loading is halted or automatic loads have brought three
    /// screens of rows since the last key press.
    static func autoLoadMore(_ state: inout ListState) -> [ListEffect] {
        // (An empty page can still have a next cursor: keep going.)
        guard state.phase == .idle, state.pagesLoaded > 0, state.halt == nil else { return [] }
        let threshold = state.loadMoreThreshold > 0 ? state.loadMoreThreshold : state.viewportItems
        guard state.rows.count - 1 - state.selection < threshold, state.nextCursor != nil else { return [] }
        // Under a local sort the end of the list is not where new rows go:
        // reaching it asks for one page per key press, not one after another.
        if state.sort != nil, state.autoLoadedRows > 0 { return [] }
        guard state.autoLoadedRows < autoLoadRowLimit(state) else {
            state.halt = .autoLimit
            return []
        }
        return loadMore(&state, automatic: true)
    }

    static func move(_ state: inout ListState, _ movement: Movement) {
        guard !state.rows.isEmpty else { return }
        let old = state.selection
        state.selection = movement.target(from: old, last: state.rows.count - 1, page: max(1, state.viewportItems - 1))
        switch movement {
        case .pageUp, .pageDown:
            // Keep the selection on the same screen row, like a pager.
            state.scrollOffset += state.selection - old
        default:
            break
        }
        clampScroll(&state)
    }

    /// Selects the row at `index` (clamped) and scrolls it into view.
    public static func select(_ state: inout ListState, _ index: Int) {
        state.selection = min(max(0, index), max(0, state.rows.count - 1))
        clampScroll(&state)
    }

    /// Keeps the selection visible and the scroll offset within the list.
    static func clampScroll(_ state: inout ListState) {
        let rows = max(1, state.viewportItems)
        let maxOffset = max(0, state.rows.count - rows)
        if state.selection < state.scrollOffset { state.scrollOffset = state.selection }
        if state.selection >= state.scrollOffset + rows { state.scrollOffset = state.selection - rows + 1 }
        state.scrollOffset = min(max(0, state.scrollOffset), maxOffset)
    }
}
