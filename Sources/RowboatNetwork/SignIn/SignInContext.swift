import Foundation
import RowboatSpec
import RowboatParsing

/// What every step of a sign-in needs: the settings, the server they are
/// relative to, the transport, where tokens are stored, and the clock.
public struct SignInContext: Sendable {
    public let settings: SignInSettings
    public let server: String
    public let transport: HTTPTransport
    public let store: any TokenStore
    public let timeoutSeconds: Double
    public let userAgent: String
    public let clock: @Sendable () -> Double

    public init(settings: SignInSettings, server: String, transport: HTTPTransport, store: any TokenStore,
                timeoutSeconds: Double = 30, userAgent: String = ClientInfo.current.userAgent,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.settings = settings
        self.server = server
        self.transport = transport
        self.store = store
        self.timeoutSeconds = timeoutSeconds
        self.userAgent = userAgent
        self.clock = clock
        Secrets.register(settings.clientSecret.map { [$0] } ?? [])
    }

    /// The key the tokens are stored under.
    public var account: String { SignInAccount.key(settings, server: server) }

    /// `url` (absolute or a path on the server), resolved.
    func resolve(_ url: String) -> String { RequestBuilder.resolve(url, against: server) }

    public var tokenURL: String { resolve(settings.tokenURL) }

    /// The token endpoint's origin, as lines name it.
    public var origin: String { URLOrigin(tokenURL)?.description ?? tokenURL }

    var client: OAuth2Exchange.Client {
        .init(id: settings.clientID, secret: settings.clientSecret, auth: settings.clientAuth)
    }

    /// A form POST to `url` as this client.
    func request(_ url: String, fields: [(String, String)]) -> RequestSpec {
        OAuth2Exchange.request(url, fields: fields, client: client, userAgent: userAgent, timeoutSeconds: timeoutSeconds)
    }

    /// The params every authorization (or device) request carries: scope,
    /// audience, then the config's extra params in key order.
    var askedFor: [(String, String)] {
        var fields: [(String, String)] = []
        if let scope = settings.scope { fields.append(("scope", scope)) }
        if let audience = settings.audience { fields.append(("audience", audience)) }
        for (k, v) in settings.params.sorted(by: { $0.key < $1.key }) { fields.append((k, v)) }
        return fields
    }

    /// Exchanges a token answer for a stored record.
    func store(_ answer: OAuth2Exchange.Answer) throws(DataError) -> TokenRecord {
        let record = try OAuth2Exchange.tokens(answer, from: tokenURL, now: clock())
        try store.save(record, account: account)
        return record
    }
}
