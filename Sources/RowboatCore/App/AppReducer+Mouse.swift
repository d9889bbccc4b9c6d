import RowboatSpec

/// Mouse: a click on a tab shows it; a click selects the row or card under
/// it (a click on the selected one opens it); the wheel moves the
/// selection, and wheel-up at the top row is the pull gesture, like ↑. In
/// the detail the wheel scrolls the text, or moves along the related strip
/// when over it. What is under the pointer comes from `ScreenLayout.hit`.
extension AppReducer {
    static func reduceMouse(_ state: inout AppState, _ event: MouseEvent) -> [AppEffect] {
        guard state.overlay == nil else { return [] }
        let hit = ScreenLayout.of(state).hit(x: event.x, y: event.y, in: state)
        if case .tab(let index)? = hit, event.kind == .click { return reduce(&state, .selectTab(index)) }
        if case .viewTab(let index)? = hit, event.kind == .click { return reduce(&state, .views(.select(index == 0 ? nil : index - 1))) }
        if let detail = state.detail {
            switch (event.kind, hit) {
            case (.wheelUp, .stripCard?), (.wheelUp, .strip?): return reduce(&state, .stripMove(-1))
            case (.wheelDown, .stripCard?), (.wheelDown, .strip?): return reduce(&state, .stripMove(1))
            case (.wheelUp, _): return reduce(&state, .scrollDetail(-3))
            case (.wheelDown, _): return reduce(&state, .scrollDetail(3))
            case (.click, .stripCard(let index)?):
                guard let strip = detail.strip else { return [] }
                if index == strip.list.selection { return reduce(&state, .openRelated) }
                return stripList(&state, .move(.to(index)))
            case (.click, _): return []
            }
        }
        switch event.kind {
        case .wheelUp: return reduce(&state, .list(.move(.up)))
        case .wheelDown: return reduce(&state, .list(.move(.down)))
        case .click:
            guard case .item(let index)? = hit else { return [] }
            let current = ScreenLayout.of(state).items(in: state)?.selection
            if index == current { return reduce(&state, .openDetail) }
            if state.showingFavorites {
                moveFavorites(&state, .to(index))
                return []
            }
            if state.search != nil {
                moveInSearch(&state, .to(index))
                return []
            }
            return listOnScreen(&state, .move(.to(index)))
        }
    }
}
