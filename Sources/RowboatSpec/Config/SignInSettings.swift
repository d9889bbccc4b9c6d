/// OAuth2 sign-in for a person (`auth: {type: oauth2-code}` or
/// `{type: oauth2-device}`): the authorization code grant with PKCE S256
/// and a loopback redirect (RFC 6749 4.1, RFC 7636, RFC 8252), or the
/// device authorization grant (RFC 8628). `rowboat auth login` gets the
/// tokens once; they are stored outside the config (keyring or a 0600
/// file) and refreshed with the refresh token (RFC 6749 section 6).
public struct SignInSettings: Sendable, Equatable {
    /// Which grant signs the person in.
    public enum Flow: String, Sendable, Equatable {
        /// Authorization code with PKCE, a browser and a loopback redirect.
        case code = "oauth2-code"
        /// Device authorization grant: a URL and a code to enter elsewhere.
        case device = "oauth2-device"
    }

    public var flow: Flow
    /// The authorization endpoint (code flow): absolute, or a path on the server.
    public var authorizationURL: String?
    /// The device authorization endpoint (device flow).
    public var deviceAuthorizationURL: String?
    /// The token endpoint (codes, device codes and refresh tokens go here).
    public var tokenURL: String
    /// The revocation endpoint (RFC 7009), when the server has one: logout revokes there.
    public var revocationURL: String?
    public var clientID: String
    /// Only for confidential clients; a native app usually has none.
    public var clientSecret: String?
    /// Space-separated scopes asked for.
    public var scope: String?
    /// Sent as `audience` (Auth0 and others).
    public var audience: String?
    /// Extra params for the authorization (or device) request.
    public var params: [String: String]
    /// How a client secret is sent (when there is one).
    public var clientAuth: OAuth2Settings.ClientAuth
    /// The loopback redirect's path: `http://127.0.0.1:<port><redirectPath>`.
    public var redirectPath: String

    public init(flow: Flow, authorizationURL: String? = nil, deviceAuthorizationURL: String? = nil, tokenURL: String,
                revocationURL: String? = nil, clientID: String, clientSecret: String? = nil, scope: String? = nil,
                audience: String? = nil, params: [String: String] = [:], clientAuth: OAuth2Settings.ClientAuth = .basic,
                redirectPath: String = "/callback") {
        self.flow = flow
        self.authorizationURL = authorizationURL
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.tokenURL = tokenURL
        self.revocationURL = revocationURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.audience = audience
        self.params = params
        self.clientAuth = clientAuth
        self.redirectPath = redirectPath
    }
}
