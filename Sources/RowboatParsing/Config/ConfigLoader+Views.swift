import RowboatSpec

/// An endpoint's `views:` — named views shown as sub-tabs under the tab
/// line:
///
/// ```yaml
/// views:
///   - name: Open
///     params: {state: open}        # the filter panel's options with these params
///     search: brass                # the server search (needs search:)
///     filter: ["price > 100"]      # local conditions: field, = ~ < >, value (or "jq: …")
///     sort: -price                 # the local sort (- for descending)
///     columns: [title, price]      # the columns shown, in order
/// ```
extension ConfigLoader {
    static let viewKeys = ["name", "params", "search", "filter", "sort", "columns"]

    static func parseViews(_ node: ConfigNode, fields: [String], query: QueryOptions) throws(ConfigError) -> [ViewSpec] {
        var views: [ViewSpec] = []
        let known = Set(query.sections.flatMap(\.options).flatMap(\.params.keys))
        for entry in try node.sequence() {
            let keys = try entry.mapping(allowed: viewKeys)
            guard let nameNode = keys["name"] else { throw entry.error("missing required key \"name\" (what the sub-tab says)") }
            let name = String(try nameNode.string().trimmingWhitespace())
            guard !name.isEmpty, name.count <= ViewSpec.maxNameCharacters else {
                throw nameNode.error("a view's name is 1 to \(ViewSpec.maxNameCharacters) characters")
            }
            guard !views.contains(where: { $0.name == name }) else { throw nameNode.error("a second view named \"\(name)\"") }
            var view = ViewSpec(name: name)
            if let p = keys["params"] {
                for (k, v) in try p.entries() {
                    guard known.contains(k) else {
                        let names = known.sorted()
                        throw v.error("no filter or sort option sends \"\(k)\"\(Suggestion.hint(for: k, in: names))"
                                      + (names.isEmpty ? "; the endpoint has no filters: or sort:" : "; they send \(names.joined(separator: ", "))"))
                    }
                    view.params[k] = try v.string()
                }
            }
            if let s = keys["search"] {
                guard query.searchParam != nil else { throw s.error("search needs the endpoint's search: param") }
                view.search = try s.string()
            }
            if let f = keys["filter"] {
                let texts: [String]
                if case .sequence = f.node { texts = try f.stringList() } else { texts = [try f.string()] }
                for text in texts {
                    if text.trimmingWhitespace().hasPrefix("jq:") { view.filter.append(text); continue }
                    guard let condition = ViewCondition(text), !condition.value.isEmpty else {
                        throw f.error("expected a condition like \"price > 100\" (=, ~, < or >), found \"\(text)\"")
                    }
                    guard fields.contains(condition.field) else {
                        throw f.error("unknown field \"\(condition.field)\"\(Suggestion.hint(for: condition.field, in: fields)); "
                                      + "the item maps \(fields.joined(separator: ", "))")
                    }
                    view.filter.append(condition.text)
                }
            }
            if let s = keys["sort"] {
                let text = try s.string()
                guard let sort = ViewSpec.Sort(text) else { throw s.error("expected a field, or -field for descending, found \"\(text)\"") }
                guard fields.contains(sort.field) else {
                    throw s.error("unknown field \"\(sort.field)\"\(Suggestion.hint(for: sort.field, in: fields)); "
                                  + "the item maps \(fields.joined(separator: ", "))")
                }
                view.sort = sort
            }
            if let c = keys["columns"] {
                var columns: [ViewSpec.Column] = []
                for n in try c.sequence() { columns.append(ViewSpec.Column(field: try knownField(n, fields))) }
                guard !columns.isEmpty else { throw c.error("a view shows at least one column") }
                view.columns = columns
            }
            views.append(view)
        }
        return views
    }
}
