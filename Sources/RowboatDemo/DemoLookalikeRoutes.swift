import Foundation
import Hummingbird

/// Routes that answer in the shapes of public APIs, at the paths the real
/// ones use, so each config in Config/ can be walked and browsed against
/// the demo server on 127.0.0.1. Every look-alike serves the first
/// `total` catalog items; the catalog routes are not touched.
enum DemoLookalikeRoutes {
    /// Items each look-alike serves in all.
    static let total = DemoLookalikes.itemCount

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        LookalikeOData.register(on: router, state: state)
        LookalikeGerrit.register(on: router, state: state)
        LookalikeSections.register(on: router, state: state)
        LookalikeGraphQL.register(on: router, state: state)
        LookalikeElasticsearch.register(on: router, state: state)
        LookalikeFirebase.register(on: router, state: state)
        LookalikeLichess.register(on: router, state: state)
        LookalikeSlack.register(on: router, state: state)
        LookalikeMastodon.register(on: router, state: state)
        LookalikeWordPress.register(on: router, state: state)
        LookalikeSpotify.register(on: router, state: state, tokens: LookalikeTokens())
        LookalikeNewsAPI.register(on: router, state: state)
        LookalikeJira.register(on: router, state: state)
        LookalikeGitHubSearch.register(on: router, state: state)
        LookalikeHackerNews.register(on: router, state: state)
        LookalikeReddit.register(on: router, state: state)
        LookalikeJSONPlaceholder.register(on: router, state: state)
        LookalikePokeAPI.register(on: router, state: state)
        LookalikeNextPageHeader.register(on: router, state: state)
        LookalikeDiscourse.register(on: router, state: state)
        LookalikeASPNet.register(on: router, state: state)
        LookalikeStripe.register(on: router, state: state)
        LookalikeSpring.register(on: router, state: state)
        LookalikeSpringHAL.register(on: router, state: state)
        LookalikeDatasette.register(on: router, state: state)
        LookalikeEncodedCursor.register(on: router, state: state)
        LookalikeMediaWiki.register(on: router, state: state)
        LookalikeDjango.register(on: router, state: state)
        LookalikeKubernetes.register(on: router, state: state)
        LookalikeDockerRegistry.register(on: router, state: state)
        LookalikeRabbitMQ.register(on: router, state: state)
        LookalikeMailman.register(on: router, state: state)
        LookalikeMLflow.register(on: router, state: state)
        LookalikeAirflow.register(on: router, state: state)
        LookalikeSolr.register(on: router, state: state)
        LookalikeCursorPage.register(on: router, state: state)
        LookalikeKaminari.register(on: router, state: state)
        LookalikeCosmos.register(on: router, state: state)
        LookalikePathPages.register(on: router, state: state)
        LookalikePostgREST.register(on: router, state: state)
        LookalikeSynapse.register(on: router, state: state)
        LookalikeMatrixMessages.register(on: router, state: state)
        LookalikeDRF.register(on: router, state: state)
        LookalikeODataSkip.register(on: router, state: state)
        LookalikeSearchBodies.register(on: router, state: state)
        LookalikeShelfCodes.register(on: router, state: state)
        LookalikeBookshop.register(on: router, state: state)
    }

    /// The items a look-alike serves.
    static func items(_ state: DemoServerState) -> ArraySlice<DemoItem> {
        state.catalog.items.prefix(total)
    }

    /// Page `number` (from 1) of `items` in pages of `size`, and how many
    /// pages there are (at least one).
    static func numbered(_ items: ArraySlice<DemoItem>, page number: Int, size: Int) -> (page: ArraySlice<DemoItem>, pages: Int) {
        (items.dropFirst((number - 1) * size).prefix(size), max(1, (items.count + size - 1) / size))
    }

    /// The first value of query parameter `name`, keys and values
    /// percent-decoded (`%24skiptoken` is `$skiptoken`).
    static func query(_ request: Request, _ name: String) -> String? {
        guard let query = request.uri.query else { return nil }
        return URLComponents(string: "?" + query)?.queryItems?.first { $0.name == name }?.value
    }

    /// A whole-number query parameter, clamped to `range`; `fallback` when
    /// absent or unreadable.
    static func int(_ request: Request, _ name: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        guard let text = query(request, name), let n = Int(text) else { return fallback }
        return min(max(n, range.lowerBound), range.upperBound)
    }

    /// The request body parsed as a JSON object, or nil.
    static func jsonBody(_ request: Request) async -> [String: Any]? {
        guard let buffer = try? await request.body.collect(upTo: 1 << 20) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any]
    }

    /// The bearer token of the request, if it sends one.
    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.lowercased().hasPrefix("bearer ") else { return nil }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The server's root URL as the client asked for it (for next links).
    static func base(_ state: DemoServerState) -> String {
        state.catalog.baseURL
    }
}

/// Facts about the look-alike routes that tests need.
public enum DemoLookalikes {
    /// How many items every look-alike route serves.
    public static let itemCount = 47
    /// The OAuth2 client the look-alike token endpoint (`/api/token`) knows.
    public static let clientID = "rowboat-demo-client"
    public static let clientSecret = "rowboat-demo-secret-4f9a"
    /// The API key NewsAPI's look-alike accepts.
    public static let apiKey = "rowboat-demo-news-key-77c1"
    /// The basic-auth account Jira's look-alike accepts.
    public static let basicUser = "demo@example.com"
    public static let basicPassword = "rowboat-demo-jira-token-3e2d"
    /// A secret key Stripe's look-alike accepts (any `sk_…` bearer token).
    public static let stripeKey = "sk_test_rowboat_demo_51c0"
}
