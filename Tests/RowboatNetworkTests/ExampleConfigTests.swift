import Foundation
import RowboatApp
import RowboatSpec
import RowboatParsing
import Testing
@testable import RowboatNetwork

/// The example configs in Config/, loaded with the real loader, pointed at a
/// local server that answers in the real API's shape, and walked to the end.
@Suite("Config/ examples walk a look-alike local server", .timeLimit(.minutes(1)))
struct ExampleConfigTests {
    static func load(_ name: String, server: String) throws -> RowboatConfig {
        let url = Support.packageRoot.appendingPathComponent("Config/\(name)")
        var config = try ConfigLoader.parse(try String(contentsOf: url, encoding: .utf8), file: name)
        config.server = server
        return config
    }

    static func walk(_ name: String, _ key: String, handler: @escaping TestServer.Handler)
        async throws -> (ids: [String], outcome: WalkOutcome, server: TestServer) {
        try await withTestServer(handler) { server in
            let config = try Self.load(name, server: server.baseURL)
            let (ids, outcome) = try await Support.withClient(config) { try await Support.walk($0, key) }
            return (ids, outcome, server)
        }
    }

    static let total = 47
    // The look-alike servers cap pages at 20 items, as real ones cap `per_page`.

    @Test func githubSearchFollowsTheLinkHeader() async throws {
        let result = try await Self.walk("github-search.yaml", "repos") { r, base in
            let size = min(20, r.int("per_page") ?? 30), page = r.int("page") ?? 1
            let ids = Array(stride(from: (page - 1) * size + 1, through: min(Self.total, page * size), by: 1))
            let last = (Self.total + size - 1) / size
            var links: [String] = []
            let query = "q=\(r.param("q")!.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&per_page=\(size)"
            if page < last { links.append("<\(base)/search/repositories?\(query)&page=\(page + 1)>; rel=\"next\"") }
            links.append("<\(base)/search/repositories?\(query)&page=\(last)>; rel=\"last\"")
            return .json(["total_count": Self.total, "incomplete_results": false,
                          "items": ids.map { ["id": $0, "full_name": "owner/repo\($0)", "description": "d",
                                              "stargazers_count": 5000 - $0, "updated_at": "2024-05-01T10:00:00Z"] }],
                         headers: [("Link", links.joined(separator: ", "))])
        }
        #expect(result.ids == Support.ids(1...47))
        #expect(result.outcome == .endOfData(pages: 3))
        #expect(result.server.requests.map { $0.param("page") } == [nil, "2", "3"])
        let first = try #require(result.server.requests.first)
        #expect(first.header("accept") == "application/vnd.github+json")
        #expect(first.param("sort") == "stars")
    }

    @Test func hackerNewsCountsPagesFromZero() async throws {
        let result = try await Self.walk("hackernews.yaml", "stories") { r, _ in
            let size = min(20, r.int("hitsPerPage") ?? 20), page = r.int("page") ?? 0
            let ids = Array(stride(from: page * size + 1, through: min(Self.total, (page + 1) * size), by: 1))
            return .json(["hits": ids.map { ["objectID": String($0), "title": "Story \($0)", "author": "pg",
                                             "points": $0, "created_at_i": 1_700_000_000 + $0] },
                          "nbHits": Self.total, "nbPages": (Self.total + size - 1) / size, "page": page,
                          "hitsPerPage": size])
        }
        #expect(result.ids == Support.ids(1...47))
        #expect(result.outcome == .endOfData(pages: 3))
        #expect(result.server.requests.map { $0.param("page") } == ["0", "1", "2"])
    }

    @Test func redditFollowsTheAfterCursor() async throws {
        let result = try await Self.walk("reddit.yaml", "swift") { r, _ in
            let size = 20   // Reddit answers with fewer than asked
            let start = r.param("after").flatMap { Int($0.dropFirst(3)) } ?? 0
            let ids = Array(stride(from: start + 1, through: min(Self.total, start + size), by: 1))
            let after: Any = start + size < Self.total ? "t3_\(start + size)" : NSNull()
            return .json(["kind": "Listing",
                          "data": ["after": after, "before": NSNull(), "dist": ids.count,
                                   "children": ids.map { ["kind": "t3", "data": ["name": "t3_\($0)", "title": "Post \($0)",
                                                                                 "author": "u\($0)", "score": $0,
                                                                                 "created_utc": 1_700_000_000.0]] }]])
        }
        #expect(result.ids == (1...47).map { "t3_\($0)" })
        #expect(result.outcome == .endOfData(pages: 3))
        #expect(result.server.requests.map { $0.param("after") } == [nil, "t3_20", "t3_40"])
        #expect(result.server.requests.allSatisfy { $0.header("user-agent") == "rowboat-example/0.1 (terminal browser)" })
    }

    @Test func jsonPlaceholderPagesByOffsetWithTheTotalInAHeader() async throws {
        let result = try await Self.walk("jsonplaceholder.yaml", "posts") { r, _ in
            let start = r.int("_start") ?? 0, limit = r.int("_limit") ?? Self.total
            let ids = Array(stride(from: start + 1, through: min(Self.total, start + limit), by: 1))
            return .json(ids.map { ["userId": 1, "id": $0, "title": "title \($0)", "body": "body"] },
                         headers: [("X-Total-Count", String(Self.total))])
        }
        #expect(result.ids == Support.ids(1...47))
        #expect(result.outcome == .endOfData(pages: 3))
        #expect(result.server.requests.map(\.query) == ["_limit=20&_start=0", "_limit=20&_start=20", "_limit=20&_start=40"])
    }

    @Test func pokeAPIFollowsTheNextURL() async throws {
        let result = try await Self.walk("pokeapi.yaml", "pokemon") { r, base in
            let offset = r.int("offset") ?? 0, limit = min(20, r.int("limit") ?? 20)
            let ids = Array(stride(from: offset + 1, through: min(Self.total, offset + limit), by: 1))
            let next: Any = offset + limit < Self.total
                ? "\(base)/api/v2/pokemon?offset=\(offset + limit)&limit=\(limit)" : NSNull()
            return .json(["count": Self.total, "next": next, "previous": NSNull(),
                          "results": ids.map { ["name": "mon-\($0)", "url": "\(base)/api/v2/pokemon/\($0)/"] }])
        }
        #expect(result.ids == (1...47).map { "mon-\($0)" })
        #expect(result.outcome == .endOfData(pages: 3))
        #expect(result.server.requests.map(\.query) == ["limit=100", "offset=20&limit=20", "offset=40&limit=20"])
    }
}
