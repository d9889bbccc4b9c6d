import RowboatSpec

/// The local sort (`LocalSort`): the loaded rows put in order, the
/// selection kept on its item (and on its screen row), and rows that come
/// later merged into the order.
extension ListReducer {
    /// Sorts the rows by `sort`, or puts them back in their natural order.
    static func applySort(_ sort: LocalSort?, to state: inout ListState) {
        state.sort = sort
        keepingSelection(&state) { state in
            if let sort {
                state.rows.reorder(sort.order(of: state.rows))
            } else {
                state.rows.restoreNaturalOrder()
            }
        }
    }

    /// Takes the rows `moving` (added or changed) into the order of the
    /// local sort in force, if any.
    static func resort(_ state: inout ListState, moving: [Int]) {
        guard let sort = state.sort, !moving.isEmpty else { return }
        keepingSelection(&state) { state in
            state.rows.reorder(sort.order(of: state.rows, moving: moving) ?? sort.order(of: state.rows))
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
        }
        clampScroll(&state)
    }
}
