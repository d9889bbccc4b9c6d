import Foundation
import RowboatSpec
import RowboatParsing

/// Gets OAuth2 access tokens with the client-credentials grant and keeps
/// the current one in memory only (never on disk, never printed: the client
/// secret and every token received are registered with `Secrets` the
/// moment they are known, and the token request never follows a redirect
/// to another origin): fetched
/// on first use, fetched again shortly before it expires or after the
/// server refused it once (401). Callers that ask while a fetch is under
/// way share it.
public actor OAuth2TokenSource {
    let settings: OAuth2Settings
    /// The token endpoint, resolved against the config's server.
    let tokenURL: String
    let transport: HTTPTransport
    let timeoutSeconds: Double
    let userAgent: String
    let clock: @Sendable () -> Double

    private var current: (token: String, expiresAt: Double?)?
    private var pending: Task<(String, Double?), any Error>?
    /// Token requests made so far (for tests and the benchmark).
    public private(set) var fetches = 0

    public init(settings: OAuth2Settings, server: String, transport: HTTPTransport, timeoutSeconds: Double,
                userAgent: String, clock: @escaping @Sendable () -> Double) {
        self.settings = settings
        self.tokenURL = RequestBuilder.resolve(settings.tokenURL, against: server)
        self.transport = transport
        self.timeoutSeconds = timeoutSeconds
        self.userAgent = userAgent
        self.clock = clock
        Secrets.register([settings.clientSecret])
    }

    /// The access token to send now.
    public func token() async throws(DataError) -> String {
        if let current, current.expiresAt.map({ clock() < $0 }) ?? true { return current.token }
        let task: Task<(String, Double?), any Error>
        if let pending {
            task = pending
        } else {
            let request = tokenRequest()
            let transport = transport
            let tokenURL = tokenURL
            fetches += 1
            task = Task { try await Self.fetch(request, transport: transport, tokenURL: tokenURL) }
            pending = task
        }
        do {
            let (token, lifetime) = try await task.value
            if pending == task {
                pending = nil
                // Renewed a little early, so a token never expires in flight.
                current = (token, lifetime.map { clock() + $0 - min(30, $0 / 2) })
            }
            return token
        } catch {
            if pending == task { pending = nil }
            throw error as? DataError ?? .auth("token request failed")
        }
    }

    /// Forgets `token` after the server refused it, so the next `token()`
    /// fetches a new one (a token already replaced is left alone).
    public func invalidate(_ token: String) {
        if current?.token == token { current = nil }
    }


    func tokenRequest() -> RequestSpec {
        var form: [(String, String)] = [("grant_type", "client_credentials")]
        if let scope = settings.scope { form.append(("scope", scope)) }
        for (k, v) in settings.params.sorted(by: { $0.key < $1.key }) { form.append((k, v)) }
        var headers: [(String, String)] = [("Accept", "application/json"), ("User-Agent", userAgent),
                                           ("Content-Type", "application/x-www-form-urlencoded")]
        switch settings.clientAuth {
        case .basic:
            // RFC 6749 2.3.1: id and secret form-encoded, then base64.
            let id = URLEncoding.encodeComponent(settings.clientID)
            let secret = URLEncoding.encodeComponent(settings.clientSecret)
            headers.append(("Authorization", "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()))
        case .body:
            form.append(("client_id", settings.clientID))
            form.append(("client_secret", settings.clientSecret))
        }
        var spec = RequestSpec(method: .post, url: tokenURL, headers: headers,
                               body: Array(URLEncoding.encode(form).utf8), timeoutSeconds: timeoutSeconds,
                               configHeaderNames: ["authorization"], credentialOrigin: URLOrigin(tokenURL))
        spec.staysOnOrigin = true
        return spec
    }

    /// Sends the token request; the token and its lifetime in seconds.
    /// Server text in an error line (secrets go in `Sanitizer.clean`).
    static func shown(_ text: String) -> String { Sanitizer.clean(text, limit: 160) }

    static func fetch(_ request: RequestSpec, transport: HTTPTransport, tokenURL: String) async throws -> (String, Double?) {
        let origin = URLOrigin(tokenURL)?.description ?? "the token URL"
        let reply: HTTPReply
        do {
            reply = try await transport.send(request)
        } catch {
            throw DataError.auth("token request to \(origin) failed: \(shown(error.description))")
        }
        let json = (try? JSONValue.parse(Data(reply.body))) ?? .null
        func field(_ name: String) -> JSONValue? {
            if case .object(let o) = json { return o[name] }
            return nil
        }
        // Known the moment they arrive, before any text could show them.
        Secrets.register(["access_token", "refresh_token", "id_token"].compactMap { field($0)?.scalarText })
        guard (200..<300).contains(reply.status) else {
            let reason = [field("error")?.scalarText, field("error_description")?.scalarText].compactMap { $0 }
                .joined(separator: ": ")
            throw DataError.auth("token request to \(origin) failed: HTTP \(reply.status)"
                + (reason.isEmpty ? "" : " \(shown(reason))"))
        }
        guard case .string(let token)? = field("access_token"), !token.isEmpty else {
            throw DataError.auth("the answer from \(origin) has no access_token")
        }
        // RFC 6750's bearer token is visible ASCII; anything else could not
        // go in a header. Refused by what is wrong, never by its text.
        guard token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw DataError.auth("the access_token from \(origin) holds characters a header cannot carry "
                                 + "(control characters, spaces or non-ASCII); it is not used")
        }
        if let type = field("token_type")?.scalarText, type.lowercased() != "bearer" {
            throw DataError.auth("token type \"\(shown(type))\" from \(origin) is not supported (bearer only)")
        }
        let lifetime = field("expires_in")?.scalarText.flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return (token, lifetime)
    }
}
