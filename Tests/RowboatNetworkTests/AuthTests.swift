import Foundation
import RowboatSpec
import RowboatDemo
import Synchronization
import Testing
@testable import RowboatNetwork
import RowboatTestSupport

/// A clock the test moves by hand (token expiry without waiting).
final class ManualClock: Sendable {
    private let now = Mutex<Double>(1_800_000_000)
    func read() -> Double { now.withLock { $0 } }
    func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
}

/// Credentials against the demo server's look-alike routes on 127.0.0.1:
/// an OAuth2 token endpoint, bearer, basic and API-key APIs.
@Suite("auth: credentials, OAuth2 token fetch and refresh", .serialized, .timeLimit(.minutes(1)))
struct AuthTests {
    static func spotify(_ server: CountedDemoServer, secret: String = DemoLookalikes.clientSecret,
                        clientAuth: String = "basic") throws -> RowboatConfig {
        try Support.config("""
        auth: {type: oauth2, tokenURL: /api/token, clientId: \(DemoLookalikes.clientID), clientSecret: \(secret),
               clientAuth: \(clientAuth)}
        interfaces:
          releases:
            url: /v1/browse/new-releases
            paging: {style: nextURL, nextURL: albums.next, sizeParam: limit, size: 20}
            response: {list: albums.items}
            item: {id: id, title: name}
        """, server: server.baseURL)
    }

    static func withDemo<T: Sendable>(_ body: (CountedDemoServer) async throws -> T) async throws -> T {
        try await CountedDemoServer.withRunning(body)
    }

    static func revokeAll(_ server: CountedDemoServer) async throws {
        let transport = HTTPTransport()
        _ = try await transport.send(RequestSpec(method: .post, url: server.baseURL + "/api/token/revoke", headers: [],
                                                 body: [], timeoutSeconds: 5))
        await transport.shutdown()
    }

    @Test(arguments: ["basic", "body"])
    func aTokenIsFetchedOnceAndReused(clientAuth: String) async throws {
        try await Self.withDemo { server in
            let config = try Self.spotify(server, clientAuth: clientAuth)
            try await Support.withClient(config) { client in
                let (ids, outcome) = try await Support.walk(client, "releases")
                #expect(ids.count == DemoLookalikes.itemCount)
                #expect(outcome == .endOfData(pages: 3))
            }
            #expect(server.requestCount(path: "/api/token") == 1)
        }
    }

    @Test func anExpiredTokenIsFetchedAgain() async throws {
        try await Self.withDemo { server in
            let clock = ManualClock()
            let config = try Self.spotify(server)
            let transport = HTTPTransport()
            let client = DataClient(config: config, transport: transport, clock: { clock.read() })
            _ = try await client.fetchPage("releases", cursor: .first)
            clock.advance(3000)       // the token lasts 3600 s: still good
            _ = try await client.fetchPage("releases", cursor: .first)
            #expect(server.requestCount(path: "/api/token") == 1)
            clock.advance(600)        // past its end (less the early margin)
            _ = try await client.fetchPage("releases", cursor: .first)
            #expect(server.requestCount(path: "/api/token") == 2)
            #expect(server.requestCount(path: "/v1/browse/new-releases") == 3)
            await transport.shutdown()
        }
    }

    @Test func oneRefusedTokenIsReplacedOnce() async throws {
        try await Self.withDemo { server in
            let config = try Self.spotify(server)
            try await Support.withClient(config) { client in
                _ = try await client.fetchPage("releases", cursor: .first)
                try await Self.revokeAll(server)
                let page = try await client.fetchPage("releases", cursor: .first)
                #expect(page.items.count == 20)
            }
            #expect(server.requestCount(path: "/api/token") == 2)
            // The first page, the refused one, and its retry with the new token.
            #expect(server.requestCount(path: "/v1/browse/new-releases") == 3)
        }
    }

    @Test func aBadSecretIsAnAuthErrorWithoutTheSecret() async throws {
        try await Self.withDemo { server in
            let config = try Self.spotify(server, secret: "not-the-secret")
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("releases", cursor: .first) }
            }
            let host = server.baseURL
            #expect(error == .auth("token request to \(host) failed: HTTP 400 invalid_client: Invalid client"))
            #expect(server.requestCount(path: "/v1/browse/new-releases") == 0)
        }
    }

    @Test func credentialsAreNotSentToAnotherOrigin() async throws {
        try await Self.withDemo { server in
            try await Self.withDemo { other in
                // The same API on another port is another origin: no key goes there.
                let config = try Support.config("""
                auth: {type: apiKey, name: X-Api-Key, value: \(DemoLookalikes.apiKey)}
                interfaces:
                  here: {url: /v2/everything, response: {list: articles}, item: {title: title}}
                  there: {url: \(other.baseURL)/v2/everything, response: {list: articles}, item: {title: title}}
                """, server: server.baseURL)
                try await Support.withClient(config) { client in
                    let here = try await client.fetchPage("here", cursor: .first)
                    #expect(here.items.count == DemoLookalikes.itemCount)
                    let error = await Support.failure { _ = try await client.fetchPage("there", cursor: .first) }
                    #expect(error == .httpStatus(401, message: nil))
                }
            }
        }
    }

    @Test func basicAndBearerAndQueryKeys() async throws {
        try await Self.withDemo { server in
            let jira = try Support.config("""
            auth: {type: basic, username: \(DemoLookalikes.basicUser), password: \(DemoLookalikes.basicPassword)}
            interfaces:
              issues:
                url: /rest/api/3/search
                paging: {style: offset, offsetParam: startAt, sizeParam: maxResults, size: 20, totalCount: total}
                response: {list: issues}
                item: {id: key, title: fields.summary}
            """, server: server.baseURL)
            try await Support.withClient(jira) { client in
                let walked = try await Support.walk(client, "issues")
                #expect(walked.ids.count == DemoLookalikes.itemCount)
            }
            let news = try Support.config("""
            auth: {type: apiKey, in: query, name: apiKey, value: \(DemoLookalikes.apiKey)}
            interfaces:
              articles:
                url: /v2/everything
                paging: {style: page, sizeParam: pageSize, size: 20, totalCount: totalResults}
                response: {list: articles}
                item: {id: url, title: title}
            """, server: server.baseURL)
            try await Support.withClient(news) { client in
                guard case .page(_, let reply) = try await client.fetchPageReply("articles", cursor: .page(1)) else {
                    Issue.record("no page")
                    return
                }
                // What is stored and shown has no key in it.
                #expect(!reply.url.contains(DemoLookalikes.apiKey))
                #expect(reply.url.hasSuffix("/v2/everything?page=1&pageSize=20"))
            }
        }
    }
}
