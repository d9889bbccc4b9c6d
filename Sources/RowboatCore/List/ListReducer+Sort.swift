import RowboatSpec

/// The local sort (`LocalSort`): the loaded rows put in order, the
/// selection kept on its item (and on its screen row), and rows that come
/// later merged into the order.
extension ListReducer {
    /// A sort asked for, or the server's order again: done at once on a
    /// short list, else worked out off the UI thread while keys are
    /// answered (the way back too: at ten million rows it is 0.2–0.5 s).
    static func requestSort(_ sort: LocalSort?, _ state: inout ListState) -> [ListEffect] {
        state.sorting = nil
        // (Back to the server's order from it: nothing to move.)
        guard state.rows.count > state.inlineSortRows, sort != nil || !state.rows.isInNaturalOrder else {
            applySort(sort, to: &state)
            return []
        }
        state.lastSortID += 1
        state.sorting = PendingSort(id: state.lastSortID, sort: sort, stamp: state.rows.stamp, count: state.rows.count)
        return [.sortRows(requestID: state.lastSortID, sort, state.rows)]
    }

    /// The order worked out for a pending sort: put in force when the rows
    /// are still those it was worked out for (rows added since are merged
    /// into it); asked for again when they were replaced or moved. The
    /// rows in that order (`sorted`, made off the UI thread too) are taken
    /// as they are when no row came meanwhile.
    static func rowsSorted(_ id: Int, _ order: [Int32], _ sorted: RowTable?, _ state: inout ListState) -> [ListEffect] {
        guard let pending = state.sorting, pending.id == id else { return [] }
        state.sorting = nil
        let added = state.rows.count - pending.count
        guard let sort = pending.sort else {
            // The server's order again: the rows given when they are still the list's, else made here.
            if state.rows.stamp == pending.stamp, added == 0, let sorted {
                state.sort = nil
                keepingSelection(&state) { state in state.rows = sorted }
            } else {
                applySort(nil, to: &state)
            }
            return []
        }
        guard state.rows.stamp == pending.stamp, order.count == pending.count, added >= 0,
              added * LocalSort.mergeLimitShare <= pending.count else {
            // Other rows now, or so many more (a list still streaming in)
            // that merging them would take longer than sorting all again.
            return requestSort(sort, &state)
        }
        state.sort = sort
        if added == 0, let sorted {
            showingTop(&state) { state in state.rows = sorted }
            return []
        }
        let new = pending.count..<state.rows.count
        showingTop(&state) { state in
            state.rows.reorder(new.isEmpty ? order : order + new.lazy.map { Int32($0) })
        }
        resort(&state, moving: Array(new))
        return []
    }

    /// Sorts the rows by `sort` and shows its first rows, or puts them
    /// back in their natural order keeping the selected item.
    static func applySort(_ sort: LocalSort?, to state: inout ListState) {
        state.sort = sort
        if let sort {
            showingTop(&state) { state in state.rows.reorder(sort.order(of: state.rows), by: sort) }
        } else {
            keepingSelection(&state) { state in state.rows.restoreNaturalOrder() }
        }
    }

    /// Runs `body`, which puts the rows in a new order the user asked for,
    /// and shows that order from its first row (marks kept on their rows).
    static func showingTop(_ state: inout ListState, _ body: (inout ListState) -> Void) {
        if state.marks.bulk > 0, state.marks.bulk < state.rows.count { state.marks.settle(state.rows) }
        body(&state)
        state.selection = 0
        state.scrollOffset = 0
        clampScroll(&state)
    }

    /// Takes the rows `moving` (added or changed) into the order of the
    /// local sort in force, if any.
    /// Rows the local filter leaves out are set aside first.
    static func resort(_ state: inout ListState, moving: [Int]) {
        let moving = filterMoving(&state, moving)
        if state.sort == nil, state.filter != nil { placeNaturally(&state, moving) }
        guard let sort = state.sort, !moving.isEmpty else { return }
        keepingSelection(&state) { state in
            state.rows.reorder(by: sort, moving: moving)
        }
    }

    /// Runs `body`, which moves rows, keeping the selected item selected on
    /// the same screen row (when the list lets it) and marks on their rows.
    static func keepingSelection(_ state: inout ListState, _ body: (inout ListState) -> Void) {
        let id = state.rows.indices.contains(state.selection) ? state.rows.id(at: state.selection) : nil
        let screenRow = state.selection - state.scrollOffset
        // Marks of "the first n rows" become ids, unless n is every row.
        if state.marks.bulk > 0, state.marks.bulk < state.rows.count {
            state.marks.settle(state.rows)
        }
        body(&state)
        if let id, let at = state.rows.index(ofID: id) {
            state.selection = at
            state.scrollOffset = max(0, at - screenRow)
        } else {
            // Its row gone (a filter left it out): the selection stays within the rows.
            state.selection = min(state.selection, max(0, state.rows.count - 1))
        }
        clampScroll(&state)
    }
}
