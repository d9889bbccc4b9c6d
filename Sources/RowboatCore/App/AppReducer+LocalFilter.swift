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
        let type = state.endpoints[state.endpointKey]?.fields.first { $0.name == line.field }?.type
        let kind = type.map(SortKind.init) ?? .auto
        let value: String, number: Double?
        switch rows.cell(state.list.selection, fieldIndexByShape: rows.fieldIndexByShape(line.field)) {
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
        let condition = FilterCondition(field: line.field, title: line.title, relation: relation, value: value,
                                        number: number, kind: kind, collation: state.collation)
        var filter = state.list.filter ?? RowFilter()
        filter.conditions.append(condition)
        let total = rows.count + rows.hiddenCount
        let effects = list(&state, currentTab: state.currentTab, .filter(filter))
        toast(&state, "\(state.list.rows.count) of \(total) loaded rows \(filter.summary)")
        return effects
    }

    /// Drops the local filter's last condition, or every condition.
    static func unfilter(_ state: inout AppState, all: Bool) -> [AppEffect] {
        guard var filter = state.list.filter, state.screen == nil else { return [] }
        if all { filter.conditions = [] } else { filter.conditions.removeLast() }
        let effects = list(&state, currentTab: state.currentTab, .filter(filter))
        if let left = state.list.filter {
            toast(&state, "\(state.list.rows.count) loaded rows \(left.summary)")
        } else {
            toast(&state, "every loaded row again (\(state.list.rows.count))")
        }
        return effects
    }
}
