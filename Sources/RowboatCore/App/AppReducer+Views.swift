import RowboatSpec

/// The views panel (`V`) and the sub-tabs: a view (`ViewSpec`) is applied
/// to the list — the filter panel's choices, the server search, the local
/// filter and sort, the columns — and the list as it is can be saved
/// under a name (`saveViews`) or a saved view deleted.
extension AppReducer {
    static func reduceViews(_ state: inout AppState, _ action: ViewsAction) -> [AppEffect] {
        switch action {
        case .open:
            guard state.screen == nil else {
                toast(&state, "views open from the list")
                return []
            }
            // On the view in force, else the first.
            let lines = viewLines(state)
            let cursor = lines.firstIndex { $0.view.name == state.tab.view?.name } ?? 0
            state.overlay = .views(ViewsPanel(cursor: cursor))
            return []
        case .select(let index):
            let declared = state.endpoints[state.endpointKey]?.views ?? []
            guard state.screen == nil else { return [] }
            guard let index else { return applyView(&state, nil) }
            guard declared.indices.contains(index) else { return [] }
            return applyView(&state, declared[index])
        case .cycle(let delta):
            let declared = state.endpoints[state.endpointKey]?.views ?? []
            guard !declared.isEmpty, state.screen == nil else { return [] }
            // The sub-tabs: the config's own list first, then each declared view.
            let now = state.tab.view.flatMap { view in declared.firstIndex { $0.name == view.name } }.map { $0 + 1 } ?? 0
            let next = (now + delta + declared.count + 1) % (declared.count + 1)
            return reduceViews(&state, .select(next == 0 ? nil : next - 1))
        case .type(let typing):
            return typeViewName(&state, typing)
        case .move, .apply, .save, .delete, .close:
            break
        }
        guard case .views(var panel) = state.overlay else { return [] }
        let lines = viewLines(state)
        panel.cursor = min(max(0, panel.cursor), max(0, lines.count - 1))
        let asked = panel.deleting
        panel.deleting = nil
        switch action {
        case .move(let delta):
            panel.cursor = min(max(0, panel.cursor + delta), max(0, lines.count - 1))
        case .apply:
            guard lines.indices.contains(panel.cursor) else { return [] }
            state.overlay = nil
            return applyView(&state, lines[panel.cursor].view)
        case .save:
            panel.typed = state.tab.view.flatMap { view in lines.contains { $0.view.name == view.name && !$0.declared } ? view.name : nil } ?? ""
        case .delete:
            guard lines.indices.contains(panel.cursor) else { return [] }
            let line = lines[panel.cursor]
            guard !line.declared else {
                toast(&state, "\(line.view.name) is the config's: change it there")
                break
            }
            guard asked == line.view.name else {
                panel.deleting = line.view.name
                break
            }
            state.savedViews[state.endpointKey, default: []].removeAll { $0.name == line.view.name }
            if state.tab.view?.name == line.view.name { state.tab.view = nil }
            panel.cursor = min(panel.cursor, max(0, viewLines(state).count - 1))
            state.overlay = .views(panel)
            toast(&state, "view \(line.view.name) deleted")
            return [.saveViews(endpoint: state.endpointKey, state.savedViews[state.endpointKey] ?? [])]
        case .close:
            state.overlay = nil
            return []
        case .open, .select, .cycle, .type:
            break
        }
        state.overlay = .views(panel)
        return []
    }

    /// The panel's lines for the current tab.
    static func viewLines(_ state: AppState) -> [ViewsPanel.Line] {
        ViewsPanel.lines(declared: state.endpoints[state.endpointKey]?.views ?? [],
                         saved: state.savedViews[state.endpointKey] ?? [])
    }

    /// A name typed in the panel: Enter saves the list's view under it
    /// (a saved view of that name is replaced; the config's names are taken).
    static func typeViewName(_ state: inout AppState, _ action: ViewNameAction) -> [AppEffect] {
        guard case .views(var panel) = state.overlay, var typed = panel.typed else { return [] }
        switch action {
        case .insert(let text):
            typed += text
            guard typed.count <= ViewSpec.maxNameCharacters else { return [] }
            panel.typed = typed
        case .deleteBackward:
            panel.typed = typed.isEmpty ? nil : String(typed.dropLast())
        case .cancel:
            panel.typed = nil
        case .submit:
            let name = Sanitizer.clean(String(typed.trimmingWhitespace()), limit: ViewSpec.maxNameCharacters)
            guard !name.isEmpty else {
                panel.typed = nil
                break
            }
            if state.endpoints[state.endpointKey]?.views.contains(where: { $0.name == name }) == true {
                toast(&state, "\(name) is the config's view: another name")
                return []
            }
            let view = currentView(state, name: name)
            var saved = state.savedViews[state.endpointKey] ?? []
            if let at = saved.firstIndex(where: { $0.name == name }) { saved[at] = view } else { saved.append(view) }
            state.savedViews[state.endpointKey] = saved
            state.tab.view = view
            panel.typed = nil
            panel.cursor = viewLines(state).firstIndex { $0.view.name == name } ?? panel.cursor
            state.overlay = .views(panel)
            toast(&state, "view \(name) saved")
            return [.saveViews(endpoint: state.endpointKey, saved)]
        }
        state.overlay = .views(panel)
        return []
    }

    /// The list as it is now, as a view named `name`.
    static func currentView(_ state: AppState, name: String) -> ViewSpec {
        var params: [String: String] = [:]
        let query = state.query
        for (section, index) in zip(query.options.sections, query.chosen) where section.options.indices.contains(index) {
            params.merge(section.options[index].params) { $1 }
        }
        let filter = (state.list.wantedFilter?.conditions ?? []).map { condition in
            condition.expression != nil ? "\(FilterCondition.jqPrefix) \(condition.value)"
                : ViewCondition(field: condition.field, relation: Character(condition.relation.rawValue), value: condition.value).text
        }
        let sort = state.list.wantedSort.map { ViewSpec.Sort(field: $0.field, descending: $0.descending) }
        let columns = ColumnArrangement(columns: state.columns, config: state.tab.configColumns)?.columns
            .map { ViewSpec.Column(field: $0.field, width: $0.width) }
        return ViewSpec(name: name, params: params, search: query.serverSearch, filter: filter, sort: sort, columns: columns)
    }

    /// Puts `view` in force on the current tab (nil: the config's own
    /// list); a change of the server's params starts the list over from
    /// the first page, as the filter panel's apply does.
    static func applyView(_ state: inout AppState, _ view: ViewSpec?) -> [AppEffect] {
        let configColumns = state.tab.configColumns
        // The columns, with the view's expression columns compiled again
        // (one that no longer compiles is left out with one line).
        let (added, dropped) = state.expressionColumns(of: view?.columns ?? [])
        let fields = (state.endpoints[state.endpointKey]?.fields ?? []) + added.map(\.info)
        let columns = view?.columns.flatMap { columns in
            ColumnArrangement(columns: columns.map { .init(field: $0.field, width: $0.width) })
                .apply(config: configColumns, fields: fields)
        } ?? configColumns
        state.tab.columns = columns
        state.tab.expressionColumns = added.filter { column in columns.contains { $0.field == column.field } }
        // The server's params.
        var query = state.query
        query.chosen = query.options.sections.map { section in chosenOption(section, params: view?.params ?? [:]) }
        query.serverSearch = query.options.searchParam == nil ? nil : view?.search.flatMap { $0.isEmpty ? nil : $0 }
        var effects: [AppEffect] = []
        if query != state.query {
            state.tab.query = query
            effects += requery(&state)
        }
        // The local filter and sort.
        var filter = RowFilter()
        for text in view?.filter ?? [] {
            if let condition = viewCondition(state, text, columns: columns) { filter.conditions.append(condition) }
        }
        if filter != (state.list.wantedFilter ?? RowFilter()) {
            effects += list(&state, currentTab: state.currentTab, .filter(filter))
        }
        let sort = view?.sort.flatMap { kept -> LocalSort? in
            guard let field = fields.first(where: { $0.name == kept.field }) else { return nil }
            let title = (columns + configColumns).first { $0.field == kept.field }?.title ?? field.column?.title ?? field.name
            return localSort(state, field: kept.field, title: title, descending: kept.descending)
        }
        if sort != state.list.wantedSort {
            effects += list(&state, currentTab: state.currentTab, .sort(sort))
        }
        state.tab.view = view.map { currentView(state, name: $0.name) }
        toast(&state, dropped ?? view.map { "view \($0.name)" } ?? "the config's list")
        effects.append(.saveColumns(endpoint: state.endpointKey,
                                    ColumnArrangement(columns: state.columns, config: configColumns, sort: sort)))
        return effects
    }

    /// The option of `section` whose params `params` has, the one with the
    /// most params winning; the default (0) when none.
    static func chosenOption(_ section: QuerySection, params: [String: String]) -> Int {
        var best = 0, most = 0
        for (index, option) in section.options.enumerated() where !option.params.isEmpty {
            guard option.params.allSatisfy({ params[$0.key] == $0.value }), option.params.count > most else { continue }
            best = index
            most = option.params.count
        }
        return best
    }

    /// The filter condition a view's `text` says (`price > 100`, `jq: …`);
    /// nil when its field is no longer mapped or its jq does not compile.
    /// A condition on an expression column reads its values (the tab's
    /// expression columns are set first).
    static func viewCondition(_ state: AppState, _ text: String, columns: [ColumnSpec]) -> FilterCondition? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix(FilterCondition.jqPrefix) {
            let source = String(trimmed.dropFirst(FilterCondition.jqPrefix.count).trimmingWhitespace())
            guard case .success(let expression) = state.expressions.compile(source) else { return nil }
            return .expression(ComputedField(expression), kinds: state.fieldKinds)
        }
        guard let parsed = ViewCondition(text), let relation = FilterCondition.Relation(rawValue: String(parsed.relation)),
              let field = state.columnFields.first(where: { $0.name == parsed.field }) else { return nil }
        let title = (columns + state.tab.configColumns).first { $0.field == field.name }?.title
            ?? field.column?.title ?? field.name
        return FilterCondition(field: field.name, title: title, relation: relation, value: parsed.value,
                               kind: field.type.map(SortKind.init) ?? .auto, collation: state.collation,
                               computed: state.computedColumn(field.name))
    }
}
