import RowboatSpec

/// A refresh keeps the selected row beyond its first page (`RefreshFollow`):
/// when the refresh's first page does not hold the selected id, the old
/// rows stay after the fresh ones and the next pages are loaded, each
/// merged in by id ahead of the old rows, until the id is among the fresh
/// rows (bounded by `RefreshFollow.pageCap`).
extension ListReducer {
    /// Before a page is applied: the old rows a refresh keeps while it
    /// follows the selected row (nil: it does not follow). A refresh's
    /// final page whose rows lack the selected id starts following; a
    /// following page takes the old rows off the end, to be put back
    /// after its own.
    static func rowsToKeep(_ page: PageLoad<RowTable>, request: ListState.InFlight, anchor: Anchor,
                           _ state: inout ListState) -> (rows: [RowModel], follow: RefreshFollow)? {
        switch request.kind {
        case .refresh:
            state.refreshFollow = nil
            guard page.final, !request.streamed, request.provisional == nil, state.sort == nil, let id = anchor.id,
                  !page.rows.contains(where: { $0.id == id }) else { return nil }
            state.marks.settle(state.rows)
            return (Array(state.rows), RefreshFollow(selectedID: id, freshCount: 0,
                                                     pagesLeft: min(RefreshFollow.pageCap, max(1, state.pagesLoaded)),
                                                     place: state.selection))
        case .more:
            guard var follow = state.refreshFollow else { return nil }
            state.marks.settle(state.rows)
            let kept = Array(state.rows[min(follow.freshCount, state.rows.count)...])
            state.rows.truncate(to: min(follow.freshCount, state.rows.count))
            follow.pagesLeft -= 1
            return (kept, follow)
        case .first, .live:
            return nil
        }
    }

    /// After the page's rows are in: found, out of pages or at the end of
    /// the data, the search ends (the old rows dropped); otherwise the old
    /// rows not yet seen again go back after the fresh ones.
    static func follow(keeping kept: (rows: [RowModel], follow: RefreshFollow), anchor: Anchor,
                       _ state: inout ListState) {
        guard let id = anchor.id else { return }
        state.refreshFollow = nil
        if state.rows.index(ofID: id) != nil { return }
        guard state.nextCursor != nil, kept.follow.pagesLeft > 0 else {
            // Not found: the selection stays where it was.
            state.selection = kept.follow.place
            return
        }
        var old = kept.rows
        old.removeAll { state.rows.index(ofID: $0.id) != nil }
        var follow = kept.follow
        follow.selectedID = id
        follow.freshCount = state.rows.count
        state.rows.append(contentsOf: old)
        state.refreshFollow = follow
    }

    /// The next page of a refresh that follows the selected row.
    static func followOn(_ state: inout ListState) -> [ListEffect] {
        guard let next = state.nextCursor else { return [] }
        state.phase = .refreshing
        return [start(&state, .more, next)]
    }

    /// Stops following: the old rows go, the selection stays at its place
    /// in the fresh rows (a failure, a local sort, streamed parts).
    static func endFollow(_ state: inout ListState) {
        guard let follow = state.refreshFollow else { return }
        state.refreshFollow = nil
        state.marks.settle(state.rows)
        state.rows.truncate(to: min(follow.freshCount, state.rows.count))
        state.marks.keepOnly(state.rows)
        state.selection = min(follow.place, max(0, state.rows.count - 1))
        clampScroll(&state)
    }
}
