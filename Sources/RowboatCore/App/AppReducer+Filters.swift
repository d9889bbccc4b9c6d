import RowboatSpec

/// The filter and sort panel: choices are edited in a draft and applied on
/// Enter, which re-queries from the first page.
extension AppReducer {
    static func reduceFilters(_ state: inout AppState, _ action: FilterPanelAction) -> [AppEffect] {
        let sections = state.query.options.sections
        let lines = FilterPanel.lines(sections)
        if action == .open {
            guard !sections.isEmpty else {
                state.list.notice = "no filters or sort in the config for \(state.endpointKey)"
                return []
            }
            let cursor = lines.firstIndex { $0.section == 0 && $0.option == state.query.chosen.first } ?? 0
            state.overlay = .filterPanel(FilterPanel(draft: state.query.chosen, cursor: cursor))
            return []
        }
        guard var panel = state.filterPanel, !lines.isEmpty else { return [] }
        if action != .cancel { panel.closing = false }
        switch action {
        case .open:
            return []
        case .move(let delta):
            panel.cursor = min(max(0, panel.cursor + delta), lines.count - 1)
        case .choose:
            let line = lines[min(panel.cursor, lines.count - 1)]
            panel.draft[line.section] = line.option
        case .reset:
            // Every section's default, and the cursor on the first, so Enter applies them.
            panel.draft = Array(repeating: 0, count: sections.count)
            panel.cursor = lines.firstIndex { $0.section == 0 && $0.option == 0 } ?? 0
        case .cancel:
            // Choices not applied are not thrown away unseen: the first Esc says so.
            if panel.draft != state.query.chosen, !panel.closing {
                panel.closing = true
                state.overlay = .filterPanel(panel)
                return []
            }
            state.overlay = nil
            return []
        case .apply:
            let line = lines[min(panel.cursor, lines.count - 1)]
            panel.draft[line.section] = line.option
            state.overlay = nil
            guard panel.draft != state.query.chosen else { return [] }
            state.query.chosen = panel.draft
            return requery(&state)
        }
        state.overlay = .filterPanel(panel)
        return []
    }

    /// The query changed: drop the rows (and any search over them) and load
    /// the first page with the new params.
    static func requery(_ state: inout AppState) -> [AppEffect] {
        state.tab.stack.removeAll()
        return listOnScreen(&state, .restart)
    }
}
