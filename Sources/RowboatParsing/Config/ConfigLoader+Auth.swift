import RowboatSpec
/// Reads the `auth:` section. With `optional: true`, an environment
/// variable it reads that is not set means "send no credentials" (an API
/// that answers without them, as an OpenAPI document's `security: [{}]`
/// says), not an error.
extension ConfigLoader {
    static let authTypes = ["bearer", "basic", "apiKey", "oauth2", "oauth2-code", "oauth2-device"]
    /// The keys each auth type takes (besides `type`).
    static let authKeys: [String: [String]] = [
        "bearer": ["token"],
        "basic": ["username", "password"],
        "apiKey": ["name", "in", "value"],
        "oauth2": ["tokenURL", "clientId", "clientSecret", "scope", "params", "clientAuth"],
        "oauth2-code": ["authorizationURL", "tokenURL", "revocationURL", "clientId", "clientSecret", "scope",
                        "audience", "params", "clientAuth", "redirectPath"],
        "oauth2-device": ["deviceAuthorizationURL", "tokenURL", "revocationURL", "clientId", "clientSecret", "scope",
                          "audience", "params", "clientAuth"],
    ]

    static func parseAuth(_ node: ConfigNode) throws(ConfigError) -> AuthSettings? {
        let allKeys = ["type", "optional"] + authTypes.flatMap { authKeys[$0]! }
        let keys = try node.mapping(allowed: Array(Set(allKeys)).sorted())
        if try keys["optional"]?.bool() == true, !unsetVariables(keys).isEmpty { return nil }
        guard let typeNode = keys["type"] else {
            throw node.error("missing required key \"type\" (one of \(authTypes.joined(separator: ", ")))")
        }
        let type = try typeNode.string()
        guard let allowed = authKeys[type] else {
            let hint = Suggestion.closest(to: type, in: authTypes).map { "; did you mean \"\($0)\"?" } ?? ""
            throw typeNode.error("unknown auth type \"\(type)\" (one of \(authTypes.joined(separator: ", ")))\(hint)")
        }
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) where key != "type" && key != "optional" && !allowed.contains(key) {
            throw value.error("\(key) does not apply to auth type \(type) (it takes \(allowed.joined(separator: ", ")))")
        }
        func required(_ key: String) throws(ConfigError) -> String {
            guard let n = keys[key] else { throw node.error("auth type \(type) needs \"\(key)\"") }
            let value = try n.headerSafeString()
            guard !value.isEmpty else { throw n.error("\(key) is empty") }
            return value
        }
        switch type {
        case "bearer":
            return .bearer(token: try required("token"))
        case "basic":
            return .basic(username: try required("username"), password: try keys["password"]?.headerSafeString() ?? "")
        case "apiKey":
            let name = try required("name")
            let value = try required("value")
            switch try keys["in"]?.string() ?? "header" {
            case "header": return .apiKeyHeader(name: name, value: value)
            case "query": return .apiKeyQuery(name: name, value: value)
            case let other: throw keys["in"]!.error("in must be header or query, found \"\(other)\"")
            }
        case "oauth2-code", "oauth2-device":
            return .signIn(try parseSignIn(type: type, node: node, keys: keys, required: required))
        default:
            let tokenURL = try endpointURL("tokenURL", keys: keys, required: required)
            return .oauth2(OAuth2Settings(
                tokenURL: tokenURL, clientID: try required("clientId"), clientSecret: try required("clientSecret"),
                scope: try keys["scope"]?.string(), params: try keys["params"].map(stringMap) ?? [:],
                clientAuth: try keys["clientAuth"]?.oneOf(OAuth2Settings.ClientAuth.self) ?? .basic))
        }
    }

    /// An endpoint URL of the section: an http(s) URL or a path on the server.
    static func endpointURL(_ key: String, keys: [String: ConfigNode],
                            required: (String) throws(ConfigError) -> String) throws(ConfigError) -> String {
        let url = try required(key)
        let absolute = url.hasPrefix("http://") || url.hasPrefix("https://")
        guard absolute || url.hasPrefix("/") else {
            throw keys[key]!.error("\(key) must be an http(s) URL or a path on the server")
        }
        return url
    }

    /// The environment variables the section's values read that are not set.
    static func unsetVariables(_ keys: [String: ConfigNode]) -> [String] {
        keys.values.flatMap { node -> [String] in
            guard case .scalar(let scalar) = node.node else { return [] }
            return DollarPieces.of(scalar.string).compactMap { piece in
                guard case .reference(let name, _) = piece, !DollarPieces.isTemplate(name),
                      node.environment[name] == nil else { return nil }
                return name
            }
        }.sorted()
    }
}
