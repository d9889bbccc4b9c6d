import RowboatSpec

/// The columns panel's expression columns: its add key opens the panel's
/// prompt (the one a filter's value is typed on) for a jq expression;
/// Enter compiles it at once — a syntax error is one line in the panel,
/// and what was typed stays to be mended — and shows it as a column at
/// the right, kept with the arrangement (`saveColumns`). Hiding it (space)
/// removes it.
extension AppReducer {
    /// Opens the prompt for an expression column's jq expression.
    static func beginExpressionColumn(_ state: inout AppState) -> [AppEffect] {
        guard case .columns(var panel) = state.overlay else { return [] }
        panel.typed = ""
        panel.addsColumn = true
        panel.problem = nil
        state.overlay = .columns(panel)
        return []
    }

    /// Enter on the prompt: the expression compiled and shown as a column,
    /// or the prompt kept with one line saying why not.
    static func addExpressionColumn(_ state: inout AppState, _ panel: ColumnsPanel, typed: String) -> [AppEffect] {
        var panel = panel
        let source = String(typed.trimmingWhitespace())
        guard !source.isEmpty else {
            return refuse(&state, panel, typed: typed, "a jq expression for the column, such as .price * 2")
        }
        guard !state.columns.contains(where: { $0.field == ExpressionColumn.prefix + source }) else {
            return refuse(&state, panel, typed: typed, "that column is shown already")
        }
        let column: ExpressionColumn
        switch ExpressionColumn.compile(source, state.expressions) {
        case .success(let compiled): column = compiled
        case .failure(let error): return refuse(&state, panel, typed: typed, error.message)
        }
        state.tab.expressionColumns.append(column)
        state.tab.columns.append(column.spec)
        panel.typed = nil
        panel.addsColumn = false
        panel.problem = nil
        panel.cursor = columnLines(state).firstIndex { $0.field == column.field } ?? panel.cursor
        state.overlay = .columns(panel)
        return [keptColumns(state)]
    }

    private static func refuse(_ state: inout AppState, _ panel: ColumnsPanel, typed: String,
                               _ problem: String) -> [AppEffect] {
        var panel = panel
        panel.typed = typed
        panel.addsColumn = true
        panel.problem = Sanitizer.clean(problem, limit: 200)
        state.overlay = .columns(panel)
        return []
    }

    /// The arrangement of the current tab's columns, to keep for the next start.
    static func keptColumns(_ state: AppState) -> AppEffect {
        .saveColumns(endpoint: state.endpointKey,
                     ColumnArrangement(columns: state.columns, config: state.tab.configColumns,
                                       sort: state.list.wantedSort))
    }
}
