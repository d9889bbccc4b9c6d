import RowboatSpec

/// The local filter of a long list, found off the UI thread (the local
/// sort's shape): the reducer asks for the rows that meet it
/// (`filterRows`) and keys are answered meanwhile, the rows shown and the
/// filter in force staying as they were; the answer (`rowsFiltered`) is
/// put in force if it is still the latest request and fits the rows (rows
/// added at the end since are tested here), else it is asked for again.
/// A newer filter, or none, replaces a pending one and stops its scan.
extension ListReducer {
    /// A filter asked for: put in force at once when it tests few rows,
    /// else its rows are found off the UI thread. No filter (every row
    /// back) tests none but puts them all back in order: off the UI
    /// thread too when they are as many.
    static func requestFilter(_ filter: RowFilter?, _ state: inout ListState) -> [ListEffect] {
        let filter = filter?.isEmpty == true ? nil : filter
        if let pending = state.filtering, pending.filter == filter { return [] }
        let stop = state.filtering.map { [ListEffect.stopFilter(requestID: $0.id)] } ?? []
        state.filtering = nil
        let narrowing = narrows(filter, from: state.filter)
        let tested = narrowing ? state.rows.count : state.rows.count + state.rows.hiddenCount
        guard filter != state.filter, tested > state.inlineFilterRows else {
            applyFilter(filter, &state)
            return stop
        }
        state.lastFilterID += 1
        state.filtering = PendingFilter(id: state.lastFilterID, filter: filter, narrowing: narrowing,
                                        stamp: state.rows.stamp, count: state.rows.count, aside: state.rows.hiddenCount)
        // (The rows set aside, if there are any, are asked about when the filter is not narrowing.)
        return stop + [.filterRows(requestID: state.lastFilterID, filter, state.rows,
                                   aside: !narrowing && state.rows.hiddenCount > 0, sort: state.sort)]
    }

    /// The rows found for a pending filter: put in force when the rows are
    /// still those they were found in — the runner's rows as the filter
    /// leaves them taken as they are (the same stamp: the same rows in the
    /// same order, so the same sort), or, when rows were added at the end
    /// since, the filter's step done here with those tested (up to
    /// `inlineFilterRows` of them); asked for again when the rows were
    /// replaced, moved, set aside or let back, or too many came.
    static func rowsFiltered(_ id: Int, _ kept: [Int], _ filtered: RowTable?, _ state: inout ListState) -> [ListEffect] {
        guard let pending = state.filtering, pending.id == id else { return [] }
        state.filtering = nil
        let added = state.rows.count - pending.count
        guard state.rows.stamp == pending.stamp, state.rows.hiddenCount == pending.aside,
              added >= 0, added <= state.inlineFilterRows else {
            return requestFilter(pending.filter, &state)
        }
        if added == 0, let filtered {
            state.filter = pending.filter
            keepingSelection(&state) { state in state.rows = filtered }
            return autoLoadMore(&state)
        }
        putInForce(pending.filter, narrowing: pending.narrowing, &state) { rows, filter in
            // The rows as the answer numbered them (shown, then set aside), the rows added
            // since between the two: those tested now.
            let shown = kept.prefix { $0 < pending.count }
            let new = rows.rows(pending.count..<(pending.count + added), matching: filter)
            return Array(shown) + new + kept[shown.count...].lazy.map { $0 + added }
        }
        return autoLoadMore(&state)
    }
}
