import Foundation
import RowboatSpec
import RowboatParsing

/// Gets OAuth2 access tokens and keeps the current one, for both kinds of
/// `auth:` that have them:
///
/// - client credentials (`oauth2`): fetched on first use and kept in
///   memory only;
/// - sign-in (`oauth2-code`, `oauth2-device`): read from the `TokenStore`
///   that `rowboat auth login` filled, renewed with the refresh token
///   (RFC 6749 section 6) and stored again, with the new refresh token when
///   the server rotates it. A refresh the server refuses ends in one line
///   that asks for `rowboat auth login`.
///
/// Either way a token is renewed shortly before it expires and after the
/// server refused it once (401); callers that ask while a fetch is under
/// way share it. Tokens are never printed: every secret is registered with
/// `Secrets` the moment it is known, and token requests never follow a
/// redirect to another origin (`OAuth2Exchange`).
public actor OAuth2TokenSource {
    /// How tokens are got.
    enum Grant: Sendable {
        case clientCredentials(OAuth2Settings)
        case signIn(SignInSettings, store: any TokenStore, account: String, loginHint: String)
    }

    let grant: Grant
    /// The token endpoint, resolved against the config's server.
    let tokenURL: String
    let transport: HTTPTransport
    let timeoutSeconds: Double
    let userAgent: String
    let clock: @Sendable () -> Double

    private var current: TokenRecord?
    /// A sign-in's record was read from the store (once; refreshes keep it current).
    private var loaded = false
    private var pending: Task<TokenRecord, any Error>?

    public init(settings: OAuth2Settings, server: String, transport: HTTPTransport, timeoutSeconds: Double,
                userAgent: String, clock: @escaping @Sendable () -> Double) {
        self.grant = .clientCredentials(settings)
        self.tokenURL = RequestBuilder.resolve(settings.tokenURL, against: server)
        self.transport = transport
        self.timeoutSeconds = timeoutSeconds
        self.userAgent = userAgent
        self.clock = clock
        Secrets.register([settings.clientSecret])
    }

    /// A sign-in's tokens from `store`; `loginHint` is the command that signs
    /// in again (`rowboat auth login --config FILE`), for the one line.
    public init(signIn settings: SignInSettings, store: any TokenStore, server: String, transport: HTTPTransport,
                timeoutSeconds: Double, userAgent: String, loginHint: String,
                clock: @escaping @Sendable () -> Double) {
        self.grant = .signIn(settings, store: store, account: SignInAccount.key(settings, server: server),
                             loginHint: loginHint)
        self.tokenURL = RequestBuilder.resolve(settings.tokenURL, against: server)
        self.transport = transport
        self.timeoutSeconds = timeoutSeconds
        self.userAgent = userAgent
        self.clock = clock
        Secrets.register(settings.clientSecret.map { [$0] } ?? [])
    }

    /// The access token to send now.
    public func token() async throws(DataError) -> String {
        if case .signIn(_, let store, let account, let hint) = grant, !loaded {
            loaded = true
            current = try store.load(account: account)
            if current == nil { throw .auth("not signed in: run \(hint)") }
        }
        if let current, !current.needsRefresh(at: clock()) { return current.accessToken }
        let task: Task<TokenRecord, any Error>
        if let pending {
            task = pending
        } else {
            let fetch = try fetchTask()
            task = Task { try await fetch() }
            pending = task
        }
        do {
            let record = try await task.value
            if pending == task {
                pending = nil
                current = record
            }
            return record.accessToken
        } catch {
            if pending == task { pending = nil }
            throw error as? DataError ?? .auth("token request failed")
        }
    }

    /// Forgets `token` after the server refused it, so the next `token()`
    /// gets a new one (a token already replaced is left alone). A sign-in
    /// keeps its refresh token for that.
    public func invalidate(_ token: String) {
        guard current?.accessToken == token else { return }
        switch grant {
        case .clientCredentials: current = nil
        case .signIn: current?.expiresAt = 0
        }
    }

    /// The work of one fetch, made here (on the actor) and run in a task.
    func fetchTask() throws(DataError) -> @Sendable () async throws -> TokenRecord {
        let transport = transport, tokenURL = tokenURL, clock = clock
        switch grant {
        case .clientCredentials:
            let request = tokenRequest()
            return {
                let answer = try await OAuth2Exchange.send(request, transport: transport, what: "token request")
                return try OAuth2Exchange.tokens(answer, from: tokenURL, now: clock())
            }
        case .signIn(let settings, let store, let account, let hint):
            let kept = current
            let userAgent = userAgent, timeoutSeconds = timeoutSeconds
            return {
                // Another rowboat may have renewed (and rotated) them since they
                // were read: its tokens are used, or its refresh token.
                var refreshWith = kept?.refreshToken
                if let stored = try? store.load(account: account), stored.accessToken != kept?.accessToken {
                    if !stored.needsRefresh(at: clock()) { return stored }
                    if let newer = stored.refreshToken { refreshWith = newer }
                }
                guard let refreshWith else {
                    throw DataError.auth("the sign-in at \(URLOrigin(tokenURL)?.description ?? tokenURL) has expired "
                                         + "and has no refresh token: run \(hint)")
                }
                let request = Self.refreshRequest(settings, tokenURL: tokenURL, refreshToken: refreshWith,
                                                  userAgent: userAgent, timeoutSeconds: timeoutSeconds)
                let answer = try await OAuth2Exchange.send(request, transport: transport, what: "token refresh")
                guard (200..<300).contains(answer.status) else {
                    let origin = URLOrigin(tokenURL)?.description ?? tokenURL
                    let why = answer.reason.isEmpty ? "HTTP \(answer.status)" : answer.reason
                    throw DataError.auth("the sign-in at \(origin) ended (refresh refused: \(why)): run \(hint)")
                }
                var record = try OAuth2Exchange.tokens(answer, from: tokenURL, now: clock())
                // Not rotated: the old refresh token still stands (RFC 6749 6).
                if record.refreshToken == nil { record.refreshToken = refreshWith }
                if record.scope == nil { record.scope = kept?.scope }
                if record.identity == nil { record.identity = kept?.identity }
                try store.save(record, account: account)
                return record
            }
        }
    }

    func tokenRequest() -> RequestSpec {
        guard case .clientCredentials(let settings) = grant else { preconditionFailure("client credentials only") }
        var form: [(String, String)] = [("grant_type", "client_credentials")]
        if let scope = settings.scope { form.append(("scope", scope)) }
        for (k, v) in settings.params.sorted(by: { $0.key < $1.key }) { form.append((k, v)) }
        return OAuth2Exchange.request(tokenURL, fields: form,
                                      client: .init(id: settings.clientID, secret: settings.clientSecret,
                                                    auth: settings.clientAuth),
                                      userAgent: userAgent, timeoutSeconds: timeoutSeconds)
    }

    static func refreshRequest(_ settings: SignInSettings, tokenURL: String, refreshToken: String, userAgent: String,
                               timeoutSeconds: Double) -> RequestSpec {
        OAuth2Exchange.request(tokenURL, fields: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
                               client: .init(id: settings.clientID, secret: settings.clientSecret,
                                             auth: settings.clientAuth),
                               userAgent: userAgent, timeoutSeconds: timeoutSeconds)
    }
}
