import RowboatSpec
/// The keys that shape navigation: an endpoint's `title` (its tab's name)
/// and `related` items, and the root's `tabs` (which endpoints are tabs, in
/// order). Names of other endpoints are checked once all are read, so a
/// typo gets "did you mean" at its own line.
extension ConfigLoader {
    static let relatedKeys = ["endpoint", "params", "title"]

    /// `related: {endpoint: KEY, params: {name: "${item.id}"}, title: …}`.
    static func parseRelated(_ node: ConfigNode) throws(ConfigError) -> RelatedSpec {
        let keys = try node.mapping(allowed: relatedKeys)
        guard let endpoint = keys["endpoint"] else { throw node.error("missing required key \"endpoint\"") }
        var params: [String: String] = [:]
        if let p = keys["params"] {
            for (name, value) in try p.entries() {
                params[name] = try value.template(allowed: [.item]).source
            }
        }
        return RelatedSpec(endpoint: try endpoint.string(), params: params, title: try keys["title"]?.string())
    }

    /// `tabs: [KEY, …]`, each an endpoint, none twice.
    static func parseTabs(_ node: ConfigNode, endpoints: [Endpoint]) throws(ConfigError) -> [String] {
        let known = endpoints.map(\.key)
        var tabs: [String] = []
        for entry in try node.sequence() {
            let key = try entry.string()
            guard known.contains(key) else {
                throw entry.error("no endpoint named \"\(key)\"\(Suggestion.hint(for: key, in: known))")
            }
            guard !tabs.contains(key) else { throw entry.error("\"\(key)\" is a tab already") }
            tabs.append(key)
        }
        guard !tabs.isEmpty else { throw node.error("list at least one endpoint, or leave tabs out for all") }
        return tabs
    }

    /// Every `related.endpoint` names an endpoint of the config.
    static func checkRelated(_ interfaces: ConfigNode, endpoints: [Endpoint]) throws(ConfigError) {
        let known = endpoints.map(\.key)
        for (_, node) in try interfaces.entries() {
            guard case .mapping = node.node, let related = try node.mapping(allowed: endpointKeys)["related"],
                  let target = try related.mapping(allowed: relatedKeys)["endpoint"] else { continue }
            let key = try target.string()
            guard known.contains(key) else {
                throw target.error("no endpoint named \"\(key)\"\(Suggestion.hint(for: key, in: known))")
            }
        }
    }
}
