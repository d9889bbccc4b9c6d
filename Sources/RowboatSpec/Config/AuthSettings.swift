/// The `auth:` section: how requests to the config's server prove who is
/// asking. Credentials go only to the server's own origin (scheme, host,
/// port); they are never printed: `description` hides them.
public enum AuthSettings: Sendable, Equatable, CustomStringConvertible {
    /// `Authorization: Bearer <token>`.
    case bearer(token: String)
    /// `Authorization: Basic base64(username:password)`.
    case basic(username: String, password: String)
    /// An API key in a request header.
    case apiKeyHeader(name: String, value: String)
    /// An API key in a query parameter.
    case apiKeyQuery(name: String, value: String)
    /// OAuth2 client credentials: a token fetched from a token URL.
    case oauth2(OAuth2Settings)
    /// OAuth2 sign-in for a person (code with PKCE, or device): tokens from
    /// `rowboat auth login`, kept outside the config and refreshed.
    case signIn(SignInSettings)

    public var description: String {
        switch self {
        case .bearer: "bearer token (hidden)"
        case .basic(let user, _): "basic auth for \(user) (password hidden)"
        case .apiKeyHeader(let name, _): "API key in header \(name) (hidden)"
        case .apiKeyQuery(let name, _): "API key in query param \(name) (hidden)"
        case .oauth2(let s): "OAuth2 client credentials from \(s.tokenURL) (secret hidden)"
        case .signIn(let s): "OAuth2 sign-in (\(s.flow.rawValue)) at \(s.tokenURL) (tokens hidden)"
        }
    }

    /// The secret strings, to scrub from anything that is shown.
    public var secrets: [String] {
        switch self {
        case .bearer(let token): [token]
        case .basic(_, let password): [password]
        case .apiKeyHeader(_, let value), .apiKeyQuery(_, let value): [value]
        case .oauth2(let s): [s.clientSecret]
        // The tokens, codes and verifiers of a sign-in are registered with
        // `Secrets` where they come to be (RowboatNetwork's sign-in).
        case .signIn(let s): s.clientSecret.map { [$0] } ?? []
        }
    }
}

/// OAuth2 client-credentials settings (RFC 6749 section 4.4).
public struct OAuth2Settings: Sendable, Equatable {
    /// How the client proves itself to the token URL.
    public enum ClientAuth: String, Sendable, Equatable, CaseIterable {
        /// HTTP basic auth with the client id and secret (the RFC's default).
        case basic
        /// `client_id` and `client_secret` in the form body.
        case body
    }

    /// The token endpoint: absolute, or relative to the config's server.
    public var tokenURL: String
    public var clientID: String
    public var clientSecret: String
    public var scope: String?
    /// Extra form params for the token request (e.g. `audience`).
    public var params: [String: String]
    public var clientAuth: ClientAuth

    public init(tokenURL: String, clientID: String, clientSecret: String, scope: String? = nil,
                params: [String: String] = [:], clientAuth: ClientAuth = .basic) {
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.params = params
        self.clientAuth = clientAuth
    }
}
