import RowboatSpec

/// The columns panel: every field the endpoint maps, to show or hide, move
/// left or right, make wider or narrower, or sort the loaded rows by
/// (`LocalSort`); and the config's columns back. Each change of the
/// arrangement is kept (`saveColumns`) for the next start.
extension AppReducer {
    static func reduceColumns(_ state: inout AppState, _ action: ColumnsAction) -> [AppEffect] {
        if case .unfilter(let all) = action { return unfilter(&state, all: all) }
        if case .type(let typing) = action { return typeValue(&state, typing) }
        if action == .addExpression { return beginExpressionColumn(&state) }
        if action == .open {
            // From the list itself: a sort under search results or favorites would move what they show.
            guard state.screen == nil else {
                toast(&state, "the columns panel opens from the list")
                return []
            }
            // On the first column, whatever was done last time: a filter key lands where the eye starts.
            state.overlay = .columns(ColumnsPanel(cursor: 0))
            return []
        }
        guard case .columns(var panel) = state.overlay else { return [] }
        let lines = columnLines(state)
        guard !lines.isEmpty else {
            state.overlay = nil
            return []
        }
        panel.cursor = min(max(0, panel.cursor), lines.count - 1)
        let line = lines[panel.cursor]
        var effects: [AppEffect] = []
        var arranged = false
        switch action {
        case .open:
            break
        case .close:
            state.overlay = nil
            return []
        case .move(let delta):
            panel.cursor = min(max(0, panel.cursor + delta), lines.count - 1)
        case .toggle:
            if line.shown {
                guard state.columns.count > 1 else {
                    toast(&state, "one column stays shown")
                    return []
                }
                state.tab.columns.removeAll { $0.field == line.field }
                // An expression column hidden is gone: it is added again by its expression.
                state.tab.expressionColumns.removeAll { $0.field == line.field }
            } else {
                state.tab.columns.append(ColumnArrangement.spec(for: line.field, config: state.tab.configColumns,
                                                                fields: state.endpoints[state.endpointKey]?.fields ?? []))
            }
            arranged = true
        case .shift(let delta):
            guard let place = line.place else {
                toast(&state, "show the column first (space)")
                return []
            }
            let target = place + (delta < 0 ? -1 : 1)
            guard state.columns.indices.contains(target) else { return [] }
            state.tab.columns.swapAt(place, target)
            arranged = true
        case .resize(let delta):
            guard let place = line.place else {
                toast(&state, "show the column first (space)")
                return []
            }
            let now = ScreenLayout.table(state).columns.first { $0.spec.field == line.field }?.width
                ?? minimumWidth(state.columns[place])
            let width = min(max(now + delta * ColumnsAction.resizeStep, ColumnsAction.widths.lowerBound),
                            ColumnsAction.widths.upperBound)
            guard width != now || state.columns[place].width != .fixed(width) else { return [] }
            state.tab.columns[place].width = .fixed(width)
            arranged = true
        case .sort:
            effects = sortBy(&state, line)
            // The sort is kept with the columns for the next start.
            arranged = true
        case .filter(let relation):
            effects = filterBy(&state, line, relation)
        case .unfilter, .type, .addExpression:
            break
        case .restore:
            guard state.columns != state.tab.configColumns else { return [] }
            state.tab.columns = state.tab.configColumns
            state.tab.expressionColumns = []
            toast(&state, "the config's columns")
            arranged = true
        }
        // The cursor stays on its field wherever the field's line went.
        let after = columnLines(state)
        if arranged { panel.cursor = after.firstIndex { $0.field == line.field } ?? min(panel.cursor, after.count - 1) }
        state.overlay = .columns(panel)
        if arranged { effects.append(keptColumns(state)) }
        return effects
    }

    /// The panel's lines for the current tab.
    static func columnLines(_ state: AppState) -> [ColumnsPanel.Line] {
        ColumnsPanel.lines(columns: state.columns, fields: state.columnFields)
    }

    static func minimumWidth(_ column: ColumnSpec) -> Int {
        switch column.width {
        case .fixed(let n): n
        case .weight(_, let minimum): minimum
        }
    }

    /// A sort of the current tab's rows by `field`, compared as its type
    /// says (an expression column's values as they read: `auto`).
    static func localSort(_ state: AppState, field: String, title: String, descending: Bool = false) -> LocalSort {
        let type = state.endpoints[state.endpointKey]?.fields.first { $0.name == field }?.type
        return LocalSort(field: field, title: title, descending: descending, kind: type.map(SortKind.init) ?? .auto,
                         collation: state.collation, computed: state.computedColumn(field))
    }

    /// Sorts the loaded rows by the line's field: ascending, descending,
    /// then back to the server's order.
    static func sortBy(_ state: inout AppState, _ line: ColumnsPanel.Line) -> [AppEffect] {
        // A sort still being worked out is the one the next press turns around.
        let current = state.list.wantedSort
        let sort: LocalSort?
        if let current, current.field == line.field {
            if current.descending {
                sort = nil
            } else {
                sort = LocalSort(field: line.field, title: current.title, descending: true, kind: current.kind,
                                 collation: state.collation, computed: current.computed)
            }
        } else {
            sort = localSort(state, field: line.field, title: line.title)
        }
        let effects = list(&state, currentTab: state.currentTab, .sort(sort))
        if let sort, state.list.sorting != nil {
            toast(&state, "sorting by \(sort.title) \(sort.arrow) (the \(state.list.rows.count) loaded rows)…")
        } else if let sort {
            toast(&state, "sorted by \(sort.title) \(sort.arrow) (the \(state.list.rows.count) loaded rows)")
        } else if state.list.sorting != nil {
            toast(&state, "back to the server's order (the \(state.list.rows.count) loaded rows)…")
        } else {
            toast(&state, "in the server's order again")
        }
        return effects
    }
}
