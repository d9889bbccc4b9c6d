import RowboatSpec

/// How an answer lands in the list: a whole page (`apply`: rows replaced
/// or appended, the paging facts read, the selection anchored) or a
/// streamed body's part (`applyPart`), a cached page taken back when its
/// network answer replaces it (`undo`), and the flood rules (page cap, no
/// new items).
extension ListReducer {
    /// One part of a streamed body: its rows are added at once (the first
    /// part of a first page or refresh replaces the rows, as a whole page
    /// would), the request stays in flight and the paging facts wait for
    /// the last part.
    static func applyPart(_ page: PageLoad<RowTable>, request: inout ListState.InFlight, to state: inout ListState) {
        if let provisional = request.provisional {
            undo(provisional, kind: request.kind, &state)
            request.provisional = nil
        }
        if !request.streamed {
            request.streamed = true
            if request.kind != .more {
                clearPages(&state, cursor: request.cursor)
                state.cacheBadge = nil
                state.selection = 0
                state.scrollOffset = 0
            }
        }
        let before = state.rows.count
        append(page.rows, to: &state)
        resort(&state, moving: Array(before..<state.rows.count))
        state.phase = .loadingMore
        clampScroll(&state)
    }

    /// Drops every row and paging position before a first page or refresh.
    static func clearPages(_ state: inout ListState, cursor: PageCursor) {
        // Marks follow their ids across the new rows.
        state.marks.settle(state.rows)
        state.rows = []
        state.walk = PageWalk(from: cursor)
    }

    /// Adds `rows` after the list's, de-duplicated by id (the same id
    /// again updates its row in place).
    static func append(_ rows: RowTable, to state: inout ListState) {
        state.rows.append(table: rows)
    }

    /// Takes a provisional page back off before its replacement is applied.
    /// (A first page or refresh replaces all rows anyway.)
    static func undo(_ provisional: ListState.Provisional, kind: ListState.LoadKind, _ state: inout ListState) {
        state.cacheBadge = provisional.badge
        guard kind == .more, state.rows.count + state.rows.hiddenCount >= provisional.rowCount else { return }
        // By the rows' arrival: a local sort moved the page's rows among the others, a filter set some aside.
        state.rows.keepFirstArrived(provisional.rowCount)
        state.pagesLoaded = provisional.pagesLoaded
    }

    /// The rows of a refresh's page that the list has with other content,
    /// and which fields changed (a page of at most `RowChanges.mostRows`:
    /// a larger one is not compared).
    static func changedByRefresh(_ rows: RowTable, in state: ListState) -> [(String, Set<String>)] {
        guard rows.count <= RowChanges.mostRows, !state.rows.isEmpty else { return [] }
        return rows.compactMap { row in
            guard let at = state.rows.index(ofID: row.id) else { return nil }
            let fields = RowChanges.fields(from: state.rows[at], to: row)
            return fields.isEmpty ? nil : (row.id, fields)
        }
    }

    /// The selected row and its screen row, taken before a page is applied.
    struct Anchor {
        var id: String?
        var screenRow: Int
    }

    static func apply(_ page: PageLoad<RowTable>, request: ListState.InFlight, anchor: Anchor, paging: Paging,
                      to state: inout ListState) {
        let kind = request.kind
        let selectedID = anchor.id
        let screenRow = anchor.screenRow
        let replacing = request.provisional != nil
        let kept = rowsToKeep(page, request: request, anchor: anchor, &state)
        switch page.origin {
        case .network:
            if kind != .more { state.cacheBadge = nil }
        case .cache(let fetchedAt, let offline):
            let previous = kind == .more ? state.cacheBadge : nil
            state.cacheBadge = CacheBadge(fetchedAt: min(fetchedAt, previous?.fetchedAt ?? fetchedAt),
                                          offline: offline || previous?.offline == true)
        }
        let refreshed = kind == .refresh && !request.streamed ? changedByRefresh(page.rows, in: state) : []
        if kind != .more && !request.streamed { clearPages(&state, cursor: request.cursor) }
        if kind == .first { state.changes = RowChanges() }
        for (id, fields) in refreshed { state.changes.note(id, fields: fields, at: page.fetchedAt, hold: state.changeHold) }
        let rowsBefore = state.rows.count
        // Rows a local filter sets aside are loaded all the same (paging
        // counts them, and a page of them is not "nothing new").
        let loadedBefore = rowsBefore + state.rows.hiddenCount
        append(page.rows, to: &state)
        // A local sort takes the new rows into its order, a local filter sets aside those it leaves out.
        resort(&state, moving: Array(rowsBefore..<state.rows.count))
        let loaded = state.rows.count + state.rows.hiddenCount
        applyWalkRules(&state, page: page.facts, request: request, added: loaded - loadedBefore, final: page.final,
                       paging: paging)
        state.totalCount = page.facts.totalCount ?? state.totalCount
        state.totalPages = page.facts.totalPages ?? state.totalPages
        state.lastUpdated = page.fetchedAt
        if let kept { follow(keeping: kept, anchor: anchor, &state) }
        if kind == .more, kept != nil, state.refreshFollow == nil { state.marks.keepOnly(state.rows) }
        if kind != .more { state.pagingNotice = PagingNotice.text(page.facts.absentPaths) }
        // A refresh keeps the marks of the rows it brought back; a first
        // page (of another query) keeps them all, by id.
        if kind != .more, page.final {
            if kind == .refresh { state.marks.keepOnly(state.rows) }
            liveRestarted(&state)
        }
        state.phase = state.nextCursor == nil ? .exhausted : .idle
        if kind == .refresh || replacing || kept != nil, let selectedID, let at = state.rows.index(ofID: selectedID) {
            state.selection = at
            state.scrollOffset = max(0, at - screenRow)
        } else if kind == .first && rowsBefore == 0 && !replacing && kept == nil {
            // A new list starts at its first row, in a local sort's order too.
            state.selection = 0
            state.scrollOffset = 0
        } else if kind != .more || replacing || kept != nil {
            state.selection = min(state.selection, max(0, state.rows.count - 1))
        }
        clampScroll(&state)
    }

    /// After a page, the walk's rules (`PageWalk`, as `fetch` and the
    /// probe have them): the next cursor, or the end; a cursor followed
    /// before is a loop and `maxPages` pages are the end (both stop
    /// loading, the footer says which); a later page that added nothing
    /// new stops automatic loads. Rows from automatic loads count toward
    /// `autoLoadRowLimit`.
    static func applyWalkRules(_ state: inout ListState, page: PageFacts, request: ListState.InFlight, added: Int,
                               final: Bool, paging: Paging) {
        state.halt = nil
        if request.automatic, final { state.autoLoadedRows += added }
        let step = state.walk.land(page, from: request.cursor, paging: paging,
                                   loaded: state.rows.count + state.rows.hiddenCount, fresh: added)
        state.nextCursor = step.cursor
        switch step {
        case .stop(.loop(let next)):
            state.halt = .loop(noun: CursorTrail.noun(for: next))
        case .stop(.pageCap(let pages)):
            state.halt = .pageCap(pages)
        case .next where request.kind == .more && state.walk.broughtNothingNew(fresh: added):
            state.halt = .noNewItems
        case .next, .end:
            break
        }
    }
}
