import RowboatSpec
/// Reads an endpoint's `filters`, `sort` and `search` keys.
extension ConfigLoader {
    static let sectionKeys = ["title", "param", "options"]
    static let optionKeys = ["title", "value", "params"]

    static func parseQuery(filters: ConfigNode?, sort: ConfigNode?, search: ConfigNode?,
                           placement: ParamPlacement = ParamPlacement()) throws(ConfigError) -> QueryOptions {
        var query = QueryOptions()
        if let filters {
            query.filters = try filters.sequence().map { n throws(ConfigError) in
                try parseSection(n, defaultTitle: nil, placement: placement)
            }
        }
        if let sort { query.sort = try parseSection(sort, defaultTitle: "Sort", placement: placement) }
        if let search {
            let param = try search.string()
            guard !param.isEmpty else { throw search.error("search names the request param for the search text") }
            try placement.check(param, at: search)
            query.searchParam = param
        }
        return query
    }

    /// A section: a title, an optional shared `param`, and options each with
    /// a `value` for that param, their own `params`, or neither ("any").
    static func parseSection(_ node: ConfigNode, defaultTitle: String?,
                             placement: ParamPlacement = ParamPlacement()) throws(ConfigError) -> QuerySection {
        let keys = try node.mapping(allowed: sectionKeys)
        let title: String
        if let t = keys["title"] {
            title = try t.string()
        } else if let defaultTitle {
            title = defaultTitle
        } else {
            throw node.error("missing required key \"title\"")
        }
        let param = try keys["param"]?.string()
        if let param { try placement.check(param, at: keys["param"]!) }
        guard let optionsNode = keys["options"] else { throw node.error("missing required key \"options\"") }
        var options: [QueryOption] = []
        var anyTitle: String?
        for entry in try optionsNode.sequence() {
            let option = try parseOption(entry, param: param, placement: placement)
            if option.isAny {
                if let anyTitle {
                    throw entry.error("a section has at most one \"any\" option (\"\(anyTitle)\" is already one)")
                }
                anyTitle = option.title
            }
            options.append(option)
        }
        guard !options.isEmpty else { throw optionsNode.error("a section needs at least one option") }
        return QuerySection(title: title, options: options)
    }

    static func parseOption(_ node: ConfigNode, param: String?,
                            placement: ParamPlacement = ParamPlacement()) throws(ConfigError) -> QueryOption {
        let keys = try node.mapping(allowed: optionKeys)
        guard let titleNode = keys["title"] else { throw node.error("missing required key \"title\"") }
        var option = QueryOption(title: try titleNode.string())
        switch (keys["value"], keys["params"]) {
        case (let v?, _?):
            throw v.error("give value (for the section's param) or params, not both")
        case (let v?, nil):
            guard let param else { throw v.error("value needs a param on the section; or give params") }
            option.params = [param: try v.string()]
        case (nil, let p?):
            option.params = try stringMap(p)
            for (k, v) in try p.entries() { try placement.check(k, at: v) }
        case (nil, nil):
            break
        }
        return option
    }
}
