import RowboatSpec

/// The local filter (`RowFilter`): the rows that meet it shown, the
/// others set aside (never copied), the selection kept on its item when it
/// is still shown, and rows that come later filtered as they come. It
/// composes with the local sort: rows let back are merged into its order.
/// A long list's rows are found off the UI thread (`ListReducer+FilterRequest`).
extension ListReducer {
    /// Puts `filter` in force (nil, or no condition: every row again) at
    /// once, in the reducer. A filter that only adds conditions tests only
    /// the rows shown.
    static func applyFilter(_ filter: RowFilter?, _ state: inout ListState) {
        let filter = filter?.isEmpty == true ? nil : filter
        guard filter != state.filter else { return }
        putInForce(filter, narrowing: narrows(filter, from: state.filter), &state) { rows, filter in
            rows.rows(rows.indices, matching: filter)
        }
    }

    /// True when `filter` only adds conditions to `old` (both in force):
    /// only the rows `old` shows can meet it.
    static func narrows(_ filter: RowFilter?, from old: RowFilter?) -> Bool {
        guard let old, let filter else { return false }
        return filter.conditions.starts(with: old.conditions)
    }

    /// Puts `filter` in force: the rows `kept` picks stay shown — of the
    /// rows shown when `narrowing`, else of every row, those set aside put
    /// back at the end first — and the others are set aside; the selection
    /// stays on its item.
    static func putInForce(_ filter: RowFilter?, narrowing: Bool, _ state: inout ListState,
                           kept: (RowTable, RowFilter) -> [Int]) {
        state.filter = filter
        let sort = state.sort
        keepingSelection(&state) { state in
            state.rows.showOnly({ rows in filter.map { kept(rows, $0) } }, narrowing: narrowing, sort: sort)
        }
    }

    /// Puts rows a filter had set aside that came back (at the end) in
    /// their natural places, when they are not already.
    static func placeNaturally(_ state: inout ListState, _ moving: [Int]) {
        let arrival = state.rows.arrival
        guard !arrival.isEmpty, moving.contains(where: { $0 > 0 && arrival[$0] < arrival[$0 - 1] }) else { return }
        keepingSelection(&state) { state in state.rows.showInNaturalOrder() }
    }

    /// Sets aside the rows of `moving` (added or changed; ascending) that
    /// the filter in force leaves out; returns the places of the others
    /// after that.
    static func filterMoving(_ state: inout ListState, _ moving: [Int]) -> [Int] {
        guard let filter = state.filter, !moving.isEmpty else { return moving }
        let kept = state.rows.rows(moving, matching: filter)
        guard kept.count != moving.count else { return moving }
        let keptSet = Set(kept)
        let out = moving.filter { !keptSet.contains($0) }
        keepingSelection(&state) { state in state.rows.hide(rows: out) }
        // A kept row moves up by the rows set aside before it.
        var places: [Int] = []
        places.reserveCapacity(kept.count)
        var passed = 0
        for row in kept {
            while passed < out.count, out[passed] < row { passed += 1 }
            places.append(row - passed)
        }
        return places
    }
}
