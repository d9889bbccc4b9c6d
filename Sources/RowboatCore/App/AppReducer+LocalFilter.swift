import RowboatSpec

/// The local filter's keys (`RowFilter`): in the columns panel, a
/// condition on the field under the cursor with the selected row's value;
/// on the list and in the panel, the last condition or all of them off.
extension AppReducer {
    /// Adds the condition "the line's field `relation` the selected row's
    /// value" to the local filter.
    static func filterBy(_ state: inout AppState, _ line: ColumnsPanel.Line,
                         _ relation: FilterCondition.Relation) -> [AppEffect] {
        let rows = state.list.rows
        guard rows.indices.contains(state.list.selection) else {
            toast(&state, "no row to take a value from")
            return []
        }
        let cells = FieldCells(rows, field: line.field, computed: state.computedColumn(line.field))
        return cells.withCell(rows, state.list.selection) { addCondition(&state, line, relation, cell: $0) }
    }

    /// Adds a condition on the line's field with the value of `cell`.
    static func addCondition(_ state: inout AppState, _ line: ColumnsPanel.Line, _ relation: FilterCondition.Relation,
                             cell: RowBytes.Cell) -> [AppEffect] {
        let type = state.endpoints[state.endpointKey]?.fields.first { $0.name == line.field }?.type
        let kind = type.map(SortKind.init) ?? .auto
        let value: String, number: Double?
        switch cell {
        case .missing:
            toast(&state, "the selected row has no \(line.title)")
            return []
        case .date(let t):
            value = ValueFormatter.isoDate(t)
            number = t
        case .text(let utf8):
            value = String(decoding: utf8, as: UTF8.self)
            number = nil
        }
        return applyCondition(&state, FilterCondition(field: line.field, title: line.title, relation: relation, value: value,
                                                      number: number, kind: kind, collation: state.collation,
                                                      computed: state.computedColumn(line.field)))
    }

    /// Puts `condition` in force beside the others (those asked for, when
    /// a filter is still being worked out) and says how many loaded rows
    /// are left, or that they are being found.
    static func applyCondition(_ state: inout AppState, _ condition: FilterCondition) -> [AppEffect] {
        let rows = state.list.rows
        var filter = state.list.wantedFilter ?? RowFilter()
        filter.conditions.append(condition)
        let total = rows.count + rows.hiddenCount
        let effects = list(&state, currentTab: state.currentTab, .filter(filter))
        toast(&state, state.list.filtering == nil ? "\(state.list.rows.count) of \(total) loaded rows \(filter.summary)"
                                                  : "filtering \(total) loaded rows \(filter.summary)…")
        return effects
    }

    /// A value typed in the columns panel (`t`), for the field under the
    /// cursor: Enter keeps the rows that meet it (`=`, `~`, `<` or `>`
    /// first says how; plain text is looked for).
    static func typeValue(_ state: inout AppState, _ action: TypedValueAction) -> [AppEffect] {
        guard case .columns(var panel) = state.overlay else { return [] }
        switch action {
        case .begin:
            panel.typed = ""
            panel.addsColumn = false
            panel.problem = nil
        case .insert(let text):
            guard var typed = panel.typed else { return [] }
            typed += text
            // As long as a condition keeps (and a little more, to type a sign).
            guard typed.utf8.count <= FilterCondition.maxValueBytes + 2 else { return [] }
            panel.typed = typed
            panel.problem = nil
        case .deleteBackward:
            guard let typed = panel.typed else { return [] }
            panel.typed = typed.isEmpty ? nil : String(typed.dropLast())
            panel.problem = nil
            if panel.typed == nil { panel.addsColumn = false }
        case .cancel:
            panel = ColumnsPanel(cursor: panel.cursor)
        case .submit:
            guard let typed = panel.typed else { return [] }
            if panel.addsColumn { return addExpressionColumn(&state, panel, typed: typed) }
            panel.typed = nil
            state.overlay = .columns(panel)
            let lines = columnLines(state)
            let trimmed = typed.drop { $0 == " " }
            if trimmed.hasPrefix(FilterCondition.jqPrefix) {
                return addExpression(&state, String(trimmed.dropFirst(FilterCondition.jqPrefix.count)))
            }
            guard lines.indices.contains(panel.cursor), let (relation, value) = FilterCondition.parse(typed) else {
                return []
            }
            var utf8 = Array(value.utf8)
            return utf8.withUnsafeMutableBufferPointer { bytes in
                addCondition(&state, lines[panel.cursor], relation, cell: .text(UnsafeBufferPointer(bytes)))
            }
        }
        state.overlay = .columns(panel)
        return []
    }

    /// A `jq:` condition typed in the columns panel: compiled once here
    /// (a syntax error is a toast of one line, nothing changes), then the
    /// rows whose fields the expression keeps stay.
    static func addExpression(_ state: inout AppState, _ source: String) -> [AppEffect] {
        let source = source.trimmingWhitespace()
        guard !source.isEmpty else {
            toast(&state, "a jq condition after jq:, such as jq: select(.price > 100)")
            return []
        }
        let computed: ComputedField
        switch state.expressions.compile(String(source)) {
        case .success(let expression): computed = ComputedField(expression)
        case .failure(let error):
            toast(&state, error.message)
            return []
        }
        return applyCondition(&state, FilterCondition.expression(computed, kinds: state.fieldKinds))
    }

    /// Drops the local filter's last condition (of the one asked for, when
    /// one is still being worked out), or every condition.
    static func unfilter(_ state: inout AppState, all: Bool) -> [AppEffect] {
        guard var filter = state.list.wantedFilter, state.screen == nil else { return [] }
        if all { filter.conditions = [] } else { filter.conditions.removeLast() }
        let effects = list(&state, currentTab: state.currentTab, .filter(filter))
        let total = state.list.rows.count + state.list.rows.hiddenCount
        if let pending = state.list.filtering {
            toast(&state, pending.filter.map { "filtering \(total) loaded rows \($0.summary)…" } ?? "every loaded row again (\(total))…")
        } else if let left = state.list.filter {
            toast(&state, "\(state.list.rows.count) loaded rows \(left.summary)")
        } else {
            toast(&state, "every loaded row again (\(state.list.rows.count))")
        }
        return effects
    }
}
