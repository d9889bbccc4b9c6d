import RowboatSpec

/// Reads `auth: {type: oauth2-code}` and `{type: oauth2-device}`: the
/// endpoints each grant needs, the client, and what is asked for.
extension ConfigLoader {
    static func parseSignIn(type: String, node: ConfigNode, keys: [String: ConfigNode],
                            required: (String) throws(ConfigError) -> String) throws(ConfigError) -> SignInSettings {
        let flow: SignInSettings.Flow = type == "oauth2-code" ? .code : .device
        func optionalURL(_ key: String) throws(ConfigError) -> String? {
            keys[key] == nil ? nil : try endpointURL(key, keys: keys, required: required)
        }
        var settings = SignInSettings(flow: flow, tokenURL: try endpointURL("tokenURL", keys: keys, required: required),
                                      clientID: try required("clientId"))
        switch flow {
        case .code: settings.authorizationURL = try endpointURL("authorizationURL", keys: keys, required: required)
        case .device: settings.deviceAuthorizationURL = try endpointURL("deviceAuthorizationURL", keys: keys, required: required)
        }
        settings.revocationURL = try optionalURL("revocationURL")
        if keys["clientSecret"] != nil { settings.clientSecret = try required("clientSecret") }
        settings.scope = try keys["scope"]?.string()
        settings.audience = try keys["audience"]?.string()
        settings.params = try keys["params"].map(stringMap) ?? [:]
        settings.clientAuth = try keys["clientAuth"]?.oneOf(OAuth2Settings.ClientAuth.self) ?? .basic
        if let pathNode = keys["redirectPath"] {
            let path = try pathNode.string()
            guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#"),
                  path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw pathNode.error("redirectPath must be a path starting with / (no query, spaces or control characters)")
            }
            settings.redirectPath = path
        }
        return settings
    }
}
