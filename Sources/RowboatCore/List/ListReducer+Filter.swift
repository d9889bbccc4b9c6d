import RowboatSpec

/// The local filter (`RowFilter`): the rows that meet it shown, the
/// others set aside (never copied), the selection kept on its item when it
/// is still shown, and rows that come later filtered as they come. It
/// composes with the local sort: rows let back are merged into its order.
extension ListReducer {
    /// Puts `filter` in force (nil, or no condition: every row again). A
    /// filter that only adds conditions tests only the rows shown.
    static func applyFilter(_ filter: RowFilter?, _ state: inout ListState) {
        let filter = filter?.isEmpty == true ? nil : filter
        let old = state.filter
        guard filter != old else { return }
        state.filter = filter
        let narrowing = old.map { old in filter.map { $0.conditions.starts(with: old.conditions) } ?? false } ?? false
        keepingSelection(&state) { state in
            var start = state.rows.count
            if !narrowing { start = state.rows.unhideAll().lowerBound }
            if let filter {
                let kept = state.rows.rows(Array(state.rows.indices), matching: filter)
                var before = 0
                while before < kept.count, kept[before] < start { before += 1 }
                state.rows.hide(keeping: kept)
                start = before
            }
            // Rows let back go where they belong: in the sort's order, or
            // in the order they came in.
            let back = Array(start..<state.rows.count)
            if let sort = state.sort {
                if !back.isEmpty {
                    state.rows.reorder(sort.order(of: state.rows, moving: back) ?? sort.order(of: state.rows))
                }
            } else if filter == nil {
                state.rows.restoreNaturalOrder()
            } else if !back.isEmpty {
                state.rows.showInNaturalOrder()
            }
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
