import Foundation

/// Puts the `auth:` credentials on requests to the config server's origin
/// and nowhere else (an endpoint or next-page URL on another origin gets
/// none), and keeps the API key out of the URLs that are stored.
public struct RequestAuthorizer: Sendable {
    public let auth: AuthSettings
    /// The only origin credentials go to: the config's `server`.
    public let origin: URLOrigin?

    public init(auth: AuthSettings, server: String) {
        self.auth = auth
        self.origin = URLOrigin(server)
    }

    /// True when `url` is on the server's origin.
    public func isTrusted(_ url: String) -> Bool {
        guard let origin, let target = URLOrigin(url) else { return false }
        return origin == target
    }

    /// `spec` with credentials when it goes to the server's origin, else
    /// unchanged. `token` is the OAuth2 access token (oauth2 and sign-in only).
    public func apply(to spec: RequestSpec, token: String?) -> RequestSpec {
        guard isTrusted(spec.url) else { return spec }
        var out = spec
        func header(_ name: String, _ value: String) {
            out.headers.removeHeaders(name)
            out.headers.append((name, value))
            // Never follows a redirect to another origin.
            out.configHeaderNames.insert(name.lowercased())
        }
        switch auth {
        case .bearer(let t): header("Authorization", "Bearer \(t)")
        case .basic(let user, let password):
            header("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        case .apiKeyHeader(let name, let value): header(name, value)
        case .apiKeyQuery(let name, let value):
            if !Self.hasQueryParam(name, in: spec.url) {
                out.url += (spec.url.contains("?") ? "&" : "?") + URLEncoding.encode([(name, value)])
            }
        case .oauth2, .signIn:
            if let token { header("Authorization", "Bearer \(token)") }
        }
        return out
    }

    /// `url` without the API key query param (what is stored in the cache
    /// and used to resolve next-page URLs).
    public func scrub(url: String) -> String {
        guard case .apiKeyQuery(let name, _) = auth, var components = URLComponents(string: url),
              let items = components.percentEncodedQueryItems else { return url }
        let kept = items.filter { $0.name.removingPercentEncoding != name }
        guard kept.count != items.count else { return url }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.string ?? url
    }

    static func hasQueryParam(_ name: String, in url: String) -> Bool {
        URLComponents(string: url)?.queryItems?.contains { $0.name == name } ?? false
    }
}
