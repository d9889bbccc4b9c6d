/// Mouse: a click selects the row or card under it (a click on the selected
/// one opens it); the wheel moves the selection, and wheel-up at the top row
/// is the pull gesture, like ↑.
extension AppReducer {
    static func reduceMouse(_ state: inout AppState, _ event: MouseEvent) -> [AppEffect] {
        if state.detail != nil {
            switch event.kind {
            case .wheelUp: return reduce(&state, .scrollDetail(-3))
            case .wheelDown: return reduce(&state, .scrollDetail(3))
            case .click: return []
            }
        }
        guard state.dialog == nil, state.sheet == nil, state.filterPanel == nil, !state.showHelp else { return [] }
        switch event.kind {
        case .wheelUp: return reduce(&state, .list(.move(.up)))
        case .wheelDown: return reduce(&state, .list(.move(.down)))
        case .click:
            guard let index = itemIndex(at: event, in: state) else { return [] }
            let current: Int
            if state.showingFavorites {
                current = state.favoritesSelection
            } else if let search = state.search {
                current = search.selection
            } else {
                current = state.list.selection
            }
            if index == current { return reduce(&state, .openDetail) }
            if state.showingFavorites {
                moveFavorites(&state, .to(index))
                return []
            }
            if state.search != nil {
                moveInSearch(&state, .to(index))
                return []
            }
            return list(&state, .move(.to(index)))
        }
    }

    /// The index (in the shown list: favorites, search matches or rows) of
    /// the row or card at the event's cell, if one is there.
    static func itemIndex(at event: MouseEvent, in state: AppState) -> Int? {
        let bodyTop = 1
        let bodyHeight = max(1, state.size.rows - AppState.chromeRows)
        guard event.y >= bodyTop, event.y < bodyTop + bodyHeight, event.x >= 0, event.x < state.size.columns else {
            return nil
        }
        let count: Int
        let offset: Int      // index of the first item drawn
        if state.showingFavorites {
            count = state.favorites.count
            offset = max(0, state.favoritesSelection - bodyHeight + 1)
            let index = offset + event.y - bodyTop
            return index < count ? index : nil
        }
        if let search = state.search {
            let geometry = state.searchGeometry
            count = search.matches.count
            offset = search.clampedScrollLine(perLine: geometry.perLine, lines: geometry.lines) * geometry.perLine
        } else {
            count = state.list.rows.count
            offset = state.viewMode == .table ? state.list.scrollOffset
                : state.gridLayout.topRow(selection: state.list.selection, scrollOffset: state.list.scrollOffset)
                    * state.gridLayout.columns
        }
        let index: Int
        switch state.viewMode {
        case .table:
            index = offset + event.y - bodyTop
        case .grid:
            let layout = state.gridLayout
            let column = event.x / (layout.cardWidth + GridLayout.gap)
            let cardRow = (event.y - bodyTop) / GridLayout.cardHeight
            guard column < layout.columns, cardRow < layout.visibleRows,
                  event.x % (layout.cardWidth + GridLayout.gap) < layout.cardWidth else { return nil }
            index = offset + cardRow * layout.columns + column
        }
        return index < count ? index : nil
    }
}
