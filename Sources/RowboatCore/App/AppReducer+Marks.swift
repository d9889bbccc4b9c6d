import RowboatSpec

/// Marks: the rows of the current tab's list that actions run on together
/// (`Marks`, kept in the list by id).
extension AppReducer {
    static func reduceMark(_ state: inout AppState, _ action: MarkAction) -> [AppEffect] {
        // Marks belong to a tab's list: not the favorites, not a detail.
        guard !state.showingFavorites, state.detail == nil else { return [] }
        switch action {
        case .toggle:
            guard let index = state.currentListIndex else { return [] }
            state.list.marks.toggle(index, in: state.list.rows)
            return reduceAction(&state, .list(.move(.down)))
        case .toggleAll:
            if state.list.marks.isEmpty {
                guard !state.list.rows.isEmpty else { return [] }
                state.list.marks.markAll(state.list.rows)
                toast(&state, "marked all \(state.list.marks.count) loaded rows")
            } else {
                let count = state.list.marks.count
                state.list.marks.clear()
                toast(&state, count == 1 ? "1 mark cleared" : "\(count) marks cleared")
            }
            return []
        }
    }
}
