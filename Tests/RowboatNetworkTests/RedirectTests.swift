import Foundation
import RowboatSpec
import RowboatParsing
import Testing
@testable import RowboatNetwork

@Suite("Redirects: followed by us, bounded, credentials kept at home", .timeLimit(.minutes(1)))
struct RedirectTests {
    static let ok = Reply.json(["data": [["id": 1, "name": "landed"]]])

    static func config(_ server: String, url: String, method: String = "GET") throws -> RowboatConfig {
        try Support.config("""
        communication: {method: \(method), headers: {X-Api-Key: secret}}
        interfaces:
          items:
            url: \(url)
            params: {q: x}
            headers: {Authorization: Bearer t, X-Trace: "7", Cookie: s=1}
            response: {list: data}
            item: {id: id, title: name}
        """, server: server)
    }

    static func fetch(_ config: RowboatConfig) async -> (PageResult?, DataError?) {
        do {
            let page = try await Support.withClient(config) { try await $0.fetchPage("items", cursor: .first) }
            return (page, nil)
        } catch {
            return (nil, error as? DataError)
        }
    }

    /// `/hop/N` redirects to `/hop/N-1` (with 301/302/307/308 in turn); `/hop/0` answers.
    static func hops(_ r: SeenRequest, _ base: String) -> Reply {
        guard r.path.hasPrefix("/hop/"), let n = Int(r.path.dropFirst(5)) else { return .json([:], status: 404) }
        if n == 0 { return ok }
        return .redirect("/hop/\(n - 1)", status: [301, 302, 307, 308][n % 4])
    }

    @Test func fiveRedirectsAreFollowedSixAreNot() async throws {
        try await withTestServer(Self.hops) { server in
            let (page, _) = await Self.fetch(try Self.config(server.baseURL, url: "/hop/5"))
            #expect(page?.items.map(\.id) == ["1"])
            let (_, error) = await Self.fetch(try Self.config(server.baseURL, url: "/hop/6"))
            #expect(error?.description == "network: more than 5 redirects")
            #expect(server.requests.count == 6 + 6)
        }
    }

    @Test func aLoopEndsAsTooManyRedirects() async throws {
        try await withTestServer({ _, _ in .redirect("/loop") }) { server in
            let (_, error) = await Self.fetch(try Self.config(server.baseURL, url: "/loop"))
            #expect(error?.description == "network: more than 5 redirects")
        }
    }

    @Test func sameOriginRedirectKeepsHeaders() async throws {
        try await withTestServer({ r, _ in r.path == "/start" ? .redirect("/land?x=1") : Self.ok }) { server in
            _ = await Self.fetch(try Self.config(server.baseURL, url: "/start"))
            let landed = try #require(server.requests(path: "/land").first)
            #expect(landed.header("x-api-key") == "secret")
            #expect(landed.header("authorization") == "Bearer t")
            #expect(landed.header("x-trace") == "7")
            #expect(landed.header("cookie") == "s=1")
            #expect(landed.query == "x=1")
        }
    }

    @Test func crossOriginRedirectDropsConfigHeadersAndCredentials() async throws {
        try await withTestServer({ _, _ in Self.ok }) { other in
            try await withTestServer({ _, _ in .redirect("\(other.baseURL)/land") }) { server in
                let (page, error) = await Self.fetch(try Self.config(server.baseURL, url: "/start"))
                #expect(error == nil)
                #expect(page?.items.map(\.id) == ["1"])
                let landed = try #require(other.requests(path: "/land").first)
                for name in ["x-api-key", "authorization", "x-trace", "cookie"] {
                    #expect(landed.header(name) == nil, "\(name) crossed origins")
                }
                #expect(landed.header("x-client-name") == "rowboat")
                #expect(landed.header("user-agent") == ClientInfo.current.userAgent)
                let first = try #require(server.requests.first)
                #expect(first.header("x-api-key") == "secret")
            }
        }
    }

    @Test func postBecomesGetAfter303ButKeepsItsBodyOn307() async throws {
        try await withTestServer({ r, _ in
            switch r.path {
            case "/see-other": .redirect("/land", status: 303)
            case "/temporary": .redirect("/land", status: 307)
            default: Self.ok
            }
        }) { server in
            _ = await Self.fetch(try Self.config(server.baseURL, url: "/see-other", method: "POST"))
            _ = await Self.fetch(try Self.config(server.baseURL, url: "/temporary", method: "POST"))
            let landed = server.requests(path: "/land")
            #expect(landed.map(\.method) == ["GET", "POST"])
            #expect(landed.map(\.body) == ["", "q=x"])
        }
    }
}

@Suite("RedirectPolicy: the pure decision")
struct RedirectPolicyTests {
    let spec = RequestSpec(method: .get, url: "https://api.example.com/v1/items?page=2",
                           headers: [("User-Agent", "rowboat"), ("X-Api-Key", "k"), ("Authorization", "Bearer t"),
                                     ("Cookie", "a=b")],
                           body: nil, timeoutSeconds: 5, configHeaderNames: ["x-api-key", "authorization"])

    func names(_ s: RequestSpec) -> [String] { s.headers.map(\.0) }

    @Test func httpsToHttpIsRefused() {
        #expect(throws: DataError.redirectRefused("from https to http (api.example.com:80)")) {
            try RedirectPolicy.follow(spec, status: 302, location: "http://api.example.com/v1/items", redirectsSoFar: 0)
        }
        #expect(DataError.redirectRefused("from https to http (api.example.com:80)").description
            == "network: redirect refused: from https to http (api.example.com:80)")
    }

    @Test func otherSchemesAreRefused() {
        #expect(throws: DataError.redirectRefused("to unsupported URL \"file:///etc/passwd\"")) {
            try RedirectPolicy.follow(spec, status: 302, location: "file:///etc/passwd", redirectsSoFar: 0)
        }
    }

    @Test func httpToHttpsAndRelativeLocations() throws {
        var plain = spec
        plain.url = "http://api.example.com/a/b"
        let up = try RedirectPolicy.follow(plain, status: 301, location: "https://api.example.com/a/b", redirectsSoFar: 0)
        #expect(up.url == "https://api.example.com/a/b")
        #expect(names(up) == ["User-Agent"])        // another origin (scheme and port differ)
        let relative = try RedirectPolicy.follow(spec, status: 302, location: "../v2/items?x=1", redirectsSoFar: 0)
        #expect(relative.url == "https://api.example.com/v2/items?x=1")
        #expect(names(relative) == ["User-Agent", "X-Api-Key", "Authorization", "Cookie"])
    }

    @Test func crossOriginDropsConfigHeadersAndCredentials() throws {
        let next = try RedirectPolicy.follow(spec, status: 307, location: "https://cdn.example.net/items", redirectsSoFar: 4)
        #expect(next.url == "https://cdn.example.net/items")
        #expect(names(next) == ["User-Agent"])
        #expect(next.configHeaderNames.isEmpty)
        let port = try RedirectPolicy.follow(spec, status: 307, location: "https://api.example.com:8443/x", redirectsSoFar: 0)
        #expect(names(port) == ["User-Agent"])
        let defaultPort = try RedirectPolicy.follow(spec, status: 307, location: "https://API.example.com:443/x", redirectsSoFar: 0)
        #expect(names(defaultPort).count == 4)
    }

    @Test func theSixthRedirectIsTooMany() {
        #expect(throws: DataError.tooManyRedirects(limit: 5)) {
            try RedirectPolicy.follow(spec, status: 302, location: "/again", redirectsSoFar: 5)
        }
        #expect(DataError.tooManyRedirects(limit: 5).description == "network: more than 5 redirects")
    }

    @Test func methodRules() throws {
        var post = spec
        post.method = .post
        post.body = Array("q=1".utf8)
        post.headers.append(("Content-Type", "application/x-www-form-urlencoded"))
        for status in [301, 302, 303] {
            let next = try RedirectPolicy.follow(post, status: status, location: "/x", redirectsSoFar: 0)
            #expect(next.method == .get)
            #expect(next.body == nil)
            #expect(!names(next).contains("Content-Type"))
        }
        for status in [307, 308] {
            let next = try RedirectPolicy.follow(post, status: status, location: "/x", redirectsSoFar: 0)
            #expect(next.method == .post)
            #expect(next.body == Array("q=1".utf8))
        }
    }
}
