import Foundation
import Hummingbird
import Synchronization

/// Access tokens the look-alike OAuth2 token endpoint has issued and not
/// revoked.
final class LookalikeTokens: Sendable {
    private let valid = Mutex<Set<String>>([])

    func issue() -> String {
        let token = "BQ" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        valid.withLock { _ = $0.insert(token) }
        return token
    }

    func accepts(_ token: String?) -> Bool {
        guard let token else { return false }
        return valid.withLock { $0.contains(token) }
    }

    func revokeAll() {
        valid.withLock { $0.removeAll() }
    }
}

/// Spotify's client-credentials flow: `POST /api/token` (client id and
/// secret in HTTP basic auth or in the form) gives
/// `{"access_token", "token_type": "Bearer", "expires_in": 3600}`;
/// `GET /v1/browse/new-releases?limit=&offset=` wants that token and pages
/// with a `next` URL inside `albums`. `POST /api/token/revoke` (a test hook
/// of the look-alike) revokes every token, as an expiry on the server would.
enum LookalikeSpotify {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState, tokens: LookalikeTokens) {
        router.post("/api/token") { request, _ in
            guard let buffer = try? await request.body.collect(upTo: 64 * 1024) else {
                return LookalikeResponse.error(.badRequest, "invalid_request")
            }
            let form = URLComponents(string: "?" + String(decoding: buffer.readableBytesView, as: UTF8.self))?
                .queryItems ?? []
            func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
            guard value("grant_type") == "client_credentials" else {
                return oauthError("unsupported_grant_type", "grant_type must be client_credentials")
            }
            var id = value("client_id"), secret = value("client_secret")
            if let header = request.headers[.authorization], header.hasPrefix("Basic "),
               let decoded = Data(base64Encoded: String(header.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
               let colon = decoded.firstIndex(of: ":") {
                id = String(decoded[..<colon]).removingPercentEncoding
                secret = String(decoded[decoded.index(after: colon)...]).removingPercentEncoding
            }
            guard id == DemoLookalikes.clientID, secret == DemoLookalikes.clientSecret else {
                return oauthError("invalid_client", "Invalid client")
            }
            return LookalikeResponse.json(.object([("access_token", .string(tokens.issue())),
                                                   ("token_type", "Bearer"), ("expires_in", 3600)]))
        }
        router.post("/api/token/revoke") { _, _ in
            tokens.revokeAll()
            return LookalikeResponse.json(.object([("revoked", true)]))
        }
        router.get("/v1/browse/new-releases") { request, _ in
            guard tokens.accepts(DemoLookalikeRoutes.bearer(request)) else {
                return LookalikeResponse.json(.object([("error", .object([("status", 401),
                                                                          ("message", "The access token expired")]))]),
                                              status: .unauthorized)
            }
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 20, in: 1...50)
            let offset = DemoLookalikeRoutes.int(request, "offset", default: 0, in: 0...items.count)
            let page = items.dropFirst(offset).prefix(limit)
            let base = DemoLookalikeRoutes.base(state) + "/v1/browse/new-releases"
            let next: LookalikeJSON = offset + limit < items.count ? .string("\(base)?offset=\(offset + limit)&limit=\(limit)") : .null
            return LookalikeResponse.json(.object([("albums", .object([
                ("href", .string("\(base)?offset=\(offset)&limit=\(limit)")),
                ("items", .array(page.map { item in
                    .object([("id", .string("alb\(item.id)")), ("name", .string(item.title)),
                             ("artists", .array([.object([("name", .string(item.subtitle))])])),
                             ("release_date", .string("2026-01-\(String(format: "%02d", 1 + item.id % 28))")),
                             ("total_tracks", .int(8 + item.id % 6)),
                             ("external_urls", .object([("spotify", .string("https://open.spotify.com/album/alb\(item.id)"))]))])
                })),
                ("limit", .int(limit)), ("next", next), ("offset", .int(offset)), ("previous", .null),
                ("total", .int(items.count)),
            ]))]))
        }
    }

    static func oauthError(_ code: String, _ description: String) -> Response {
        LookalikeResponse.json(.object([("error", .string(code)), ("error_description", .string(description))]),
                               status: .badRequest)
    }
}

/// NewsAPI's `GET /v2/everything?q=&page=&pageSize=`: the API key goes in
/// the `X-Api-Key` header or the `apiKey` query param; answers
/// `{"status": "ok", "totalResults", "articles"}` or a `status: error`
/// envelope with a `message`.
enum LookalikeNewsAPI {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/v2/everything") { request, _ in
            let key = request.headers[.init("X-Api-Key")!] ?? DemoLookalikeRoutes.query(request, "apiKey")
            guard key == DemoLookalikes.apiKey else {
                return LookalikeResponse.json(.object([
                    ("status", "error"), ("code", key == nil ? "apiKeyMissing" : "apiKeyInvalid"),
                    ("message", "Your API key is missing or invalid."),
                ]), status: .unauthorized)
            }
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "pageSize", default: 100, in: 1...100)
            let page = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...1000)
            let articles = items.dropFirst((page - 1) * size).prefix(size)
            return LookalikeResponse.json(.object([
                ("status", "ok"), ("totalResults", .int(items.count)),
                ("articles", .array(articles.map { item in
                    .object([("source", .object([("id", .null), ("name", .string("The Demo Times"))])),
                             ("author", .string("Reporter \(item.id % 5)")), ("title", .string(item.title)),
                             ("description", .string(item.subtitle)),
                             ("url", .string("https://news.example.com/\(item.id)")),
                             ("publishedAt", .string("2026-04-\(String(format: "%02d", 1 + item.id % 28))T07:00:00Z"))])
                })),
            ]))
        }
    }
}

/// Jira Cloud's `GET /rest/api/3/search?jql=&startAt=&maxResults=` with
/// basic auth (account email and API token): offset paging with `total`.
enum LookalikeJira {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/rest/api/3/search") { request, _ in
            let expected = "Basic " + Data("\(DemoLookalikes.basicUser):\(DemoLookalikes.basicPassword)".utf8)
                .base64EncodedString()
            guard request.headers[.authorization] == expected else {
                return LookalikeResponse.json(.object([("errorMessages", .array(["You are not authorized."]))]),
                                              status: .unauthorized)
            }
            let items = DemoLookalikeRoutes.items(state)
            let startAt = DemoLookalikeRoutes.int(request, "startAt", default: 0, in: 0...items.count)
            let max = DemoLookalikeRoutes.int(request, "maxResults", default: 50, in: 1...100)
            let statuses = ["To Do", "In Progress", "Done"]
            return LookalikeResponse.json(.object([
                ("expand", "schema,names"), ("startAt", .int(startAt)), ("maxResults", .int(max)),
                ("total", .int(items.count)),
                ("issues", .array(items.dropFirst(startAt).prefix(max).map { item in
                    .object([("id", .string(String(10_000 + item.id))), ("key", .string("RB-\(item.id)")),
                             ("fields", .object([("summary", .string(item.title)),
                                                 ("status", .object([("name", .string(statuses[item.id % 3]))])),
                                                 ("assignee", .object([("displayName", .string(item.subtitle))]))]))])
                })),
            ]))
        }
    }
}
