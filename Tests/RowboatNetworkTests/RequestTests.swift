import Foundation
import RowboatSpec
import Testing
@testable import RowboatNetwork

@Suite("DataClient: what the server sees", .timeLimit(.minutes(1)))
struct RequestTests {
    static func echo(_ r: SeenRequest, _ base: String) -> Reply {
        .json(["data": [["id": 1, "name": "one"]]])
    }

    static let endpoint = """
        response: {list: data}
        item: {id: id, title: name}
    """

    @Test func dynamicParamsMergeOverStaticAndListsRepeat() async throws {
        try await withTestServer(Self.echo) { server in
            let config = try Support.config("""
            interfaces:
              items:
                url: /search?fixed=1
                params: {q: static, lang: en, tag: [red, "blue green"]}
                paging: {style: page, param: p, sizeParam: n, size: 5}
            \(Self.endpoint)
            """, server: server.baseURL)
            try await Support.withClient(config) { client in
                _ = try await client.fetchPage("items", cursor: .page(3),
                                               params: ["q": .one("dynamic é"), "sort": .one("new"), "n": .one("7")])
            }
            let seen = try #require(server.requests.first)
            #expect(seen.method == "GET")
            #expect(seen.path == "/search")
            #expect(seen.query == "fixed=1&lang=en&n=7&p=3&q=dynamic%20%C3%A9&sort=new&tag=red&tag=blue%20green")
            #expect(seen.queryItems.filter { $0.0 == "tag" }.map(\.1) == ["red", "blue green"])
        }
    }

    /// `{name}` in the url takes its param as one path segment; one with no
    /// value stops the request before it is sent, with a line that says how
    /// to give it.
    @Test func pathParamsFillThePathAndAMissingOneIsNotSent() async throws {
        try await withTestServer(Self.echo) { server in
            let config = try Support.config("""
            interfaces:
              items:
                url: /repos/{owner}/{repo}/issues
                params: {owner: "", repo: rowboat, state: open}
            \(Self.endpoint)
            """, server: server.baseURL)
            try await Support.withClient(config) { client in
                let missing = await Support.failure { _ = try await client.fetchPage("items", cursor: .page(0)) }
                #expect(missing == .missingPathParams(endpoint: "items", names: ["owner"]))
                #expect(missing?.description == "items needs owner for its url: set it in the endpoint's params or with --param owner=…")
                #expect(server.requests.isEmpty)
                _ = try await client.fetchPage("items", cursor: .page(0), params: ["owner": .one("a b/c")])
            }
            #expect(server.requests.map(\.path) == ["/repos/a%20b%2Fc/rowboat/issues"])
            #expect(server.requests.first?.query == "state=open")
        }
    }

    @Test func postFormBody() async throws {
        try await withTestServer(Self.echo) { server in
            let config = try Support.config("""
            communication: {method: POST}
            interfaces:
              items:
                url: /form
                params: {q: red shoes, tag: [a, b]}
                paging: {style: offset, limitParam: limit, size: 10}
            \(Self.endpoint)
            """, server: server.baseURL)
            try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .offset(20)) }
            let seen = try #require(server.requests.first)
            #expect(seen.method == "POST")
            #expect(seen.query == "")
            #expect(seen.header("content-type") == "application/x-www-form-urlencoded")
            #expect(seen.body == "limit=10&offset=20&q=red%20shoes&tag=a&tag=b")
        }
    }

    @Test func postJSONBody() async throws {
        try await withTestServer(Self.echo) { server in
            let config = try Support.config("""
            communication: {method: POST, bodyFormat: json}
            interfaces:
              items:
                url: /json
                params: {q: red shoes, tag: [a, b]}
                paging: {style: cursor, cursorParam: after, nextCursor: next}
            \(Self.endpoint)
            """, server: server.baseURL)
            try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .token("t3_x")) }
            let seen = try #require(server.requests.first)
            #expect(seen.method == "POST")
            #expect(seen.header("content-type") == "application/json")
            #expect(seen.body == #"{"after":"t3_x","q":"red shoes","tag":["a","b"]}"#)
        }
    }

    @Test func clientInfoAndConfigHeaders() async throws {
        try await withTestServer(Self.echo) { server in
            let config = try Support.config("""
            communication: {headers: {X-Api-Key: k1, X-Team: blue}}
            interfaces:
              items:
                url: /h
                headers: {X-Team: red, Authorization: Bearer t}
            \(Self.endpoint)
            """, server: server.baseURL)
            try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            let seen = try #require(server.requests.first)
            #expect(seen.header("user-agent") == ClientInfo.current.userAgent)
            #expect(seen.header("x-client-name") == "rowboat")
            #expect(seen.header("x-client-version") == ClientInfo.version)
            #expect(seen.header("x-client-os") == ClientInfo.current.os)
            #expect(seen.header("accept") == "application/json")
            #expect(seen.header("x-api-key") == "k1")
            #expect(seen.header("x-team") == "red")
            #expect(seen.header("authorization") == "Bearer t")
        }
    }
}

@Suite("HTTPTransport: retries on 429 and 503", .timeLimit(.minutes(1)))
struct RetryTests {
    /// Answers `/flaky` with the replies in order, then 200.
    static func scripted(_ replies: [Reply]) -> TestServer.Handler {
        let attempt = Counter()
        return { r, _ in
            let n = await attempt.next()
            return n < replies.count ? replies[n] : .json(["data": [["id": 1, "name": "ok"]]])
        }
    }

    static func config(_ server: TestServer, method: String = "GET", timeout: Double = 10) throws -> RowboatConfig {
        try Support.config("""
        communication: {method: \(method), timeout: \(timeout)}
        interfaces:
          items:
            url: /flaky
            response: {list: data, message: msg}
            item: {id: id, title: name}
        """, server: server.baseURL)
    }

    static func httpDate(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return f.string(from: date)
    }

    @Test func retriesHonouringRetryAfterSecondsAndDate() async throws {
        let busy = Reply.json(["msg": "slow down"], status: 429, headers: [("Retry-After", "1")])
        let unavailable = Reply.json(["msg": "maintenance"], status: 503,
                                     headers: [("Retry-After", Self.httpDate(Date().addingTimeInterval(2)))])
        try await withTestServer(Self.scripted([busy, unavailable])) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let page = try await Support.withClient(try Self.config(server, timeout: 30)) { try await $0.fetchPage("items", cursor: .first) }
            let elapsed = clock.now - start
            #expect(page.items.map(\.id) == ["1"])
            #expect(server.requests(path: "/flaky").count == 3)
            // Waited for Retry-After; the request's own deadline bounds the
            // rest (no upper timing bound here: CI machines are busy).
            #expect(elapsed >= .seconds(1))
        }
    }

    @Test func givesUpAfterThreeRetries() async throws {
        let unavailable = Reply.json(["msg": "busy"], status: 503, headers: [("Retry-After", "0")])
        try await withTestServer(Self.scripted(Array(repeating: unavailable, count: 10))) { server in
            // A deadline far beyond the retries, so a busy machine cannot cut them short.
            let config = try Self.config(server, timeout: 40)
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }
            #expect(error?.description == "HTTP 503: busy")
            #expect(server.requests(path: "/flaky").count == 4)
        }
    }

    @Test func backoffWithoutRetryAfter() async throws {
        let busy = Reply.json(["msg": "busy"], status: 429)
        try await withTestServer(Self.scripted([busy, busy])) { server in
            let page = try await Support.withClient(try Self.config(server, timeout: 30)) { try await $0.fetchPage("items", cursor: .first) }
            #expect(page.items.count == 1)
            #expect(server.requests(path: "/flaky").count == 3)
        }
    }

    @Test func noRetryWhenTheWaitWouldBreakTheDeadline() async throws {
        let busy = Reply.json(["msg": "come back later"], status: 429, headers: [("Retry-After", "120")])
        try await withTestServer(Self.scripted([busy])) { server in
            let config = try Self.config(server, timeout: 3)
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }
            #expect(error?.description == "HTTP 429: come back later")
            #expect(server.requests(path: "/flaky").count == 1)
        }
    }

    @Test func postIsNeverRetried() async throws {
        let unavailable = Reply.json(["msg": "busy"], status: 503, headers: [("Retry-After", "0")])
        try await withTestServer(Self.scripted([unavailable])) { server in
            let config = try Self.config(server, method: "POST")
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }
            #expect(error?.description == "HTTP 503: busy")
            #expect(server.requests(path: "/flaky").count == 1)
        }
    }
}

/// Counts calls across concurrent handlers.
actor Counter {
    var value = 0
    func next() -> Int { defer { value += 1 }; return value }
}
