import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// Each API-shape config in Config/ against its look-alike route on the demo
/// server: `rowboat fetch KEY --pages all` walks it to its exact end (every
/// item once, in order, and no request more than the shape needs).
@Suite("Config/ API shapes: fetch --pages all against look-alike routes", .serialized)
struct LookalikeFetchTests {
    /// What the configs read from the environment, set to what the look-alikes accept.
    static let environment = [
        "GITHUB_TOKEN": "ghp_demo", "SLACK_TOKEN": "xoxb-demo",
        "SPOTIFY_CLIENT_ID": DemoLookalikes.clientID, "SPOTIFY_CLIENT_SECRET": DemoLookalikes.clientSecret,
        "NEWSAPI_KEY": DemoLookalikes.apiKey,
        "JIRA_EMAIL": DemoLookalikes.basicUser, "JIRA_TOKEN": DemoLookalikes.basicPassword,
    ]

    /// The config `name` from Config/ with its servers pointed at `server`,
    /// and `edits` (old text → new) applied.
    static func config(_ name: String, server: CountedDemoServer, edits: [(String, String)] = []) throws -> String {
        var text = try String(contentsOf: Paths.root.appendingPathComponent("Config/\(name)"), encoding: .utf8)
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasPrefix("server: ") ? "server: \(server.baseURL)" : String(line)
        }.joined(separator: "\n")
        for (old, new) in edits {
            #expect(text.contains(old), "\(name) has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try Paths.write(text, name: name)
    }

    struct Fetched {
        var ids: [String]
        var stderr: String
        var rows: [[String: Any]]
    }

    /// `fetch KEY --pages all --format jsonl` with the config `name`.
    static func fetchAll(_ name: String, _ key: String, server: CountedDemoServer, edits: [(String, String)] = [],
                         environment extra: [String: String] = [:]) async throws -> Fetched {
        let path = try config(name, server: server, edits: edits)
        let r = try await Subprocess.rowboat(environment: environment.merging(extra) { $1 },
                                             ["fetch", key, "--pages", "all", "--format", "jsonl", "--config", path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try r.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return Fetched(ids: rows.compactMap { $0["id"] as? String }, stderr: r.stderr, rows: rows)
    }

    static func withServer<T: Sendable>(_ body: (CountedDemoServer) async throws -> T) async throws -> T {
        try await CountedDemoServer.withRunning(body)
    }

    static let numbers = (1...DemoLookalikes.itemCount).map(String.init)
    static let repeated = "rowboat: dropped 3 repeated items (same id as one already printed)\n"

    /// One shape: config, endpoint key, the ids expected, the route and how
    /// many requests reach it, and what stderr says.
    struct Shape: Sendable, CustomTestStringConvertible {
        var config: String
        var key: String
        var ids: [String]
        var path: String
        var requests: Int
        var stderr = ""
        var firstTitle = "Brass Lantern"
        var testDescription: String { config }
    }

    static let shapes: [Shape] = [
        // Link header (rel="next"); pages of 20 though 100 are asked for.
        Shape(config: "github-search.yaml", key: "repos", ids: numbers, path: "/search/repositories", requests: 3,
              firstTitle: "octo/brass-lantern"),
        // Pages from 0 until nbPages.
        Shape(config: "hackernews.yaml", key: "stories", ids: numbers.map { String(40_000_000 + Int($0)!) },
              path: "/api/v1/search_by_date", requests: 3),
        // The `after` cursor, null at the end.
        Shape(config: "reddit.yaml", key: "swift", ids: numbers.map { "t3_" + $0 }, path: "/r/swift/new.json", requests: 3),
        // _start/_limit with X-Total-Count; a bare array.
        Shape(config: "jsonplaceholder.yaml", key: "posts", ids: numbers, path: "/posts", requests: 3),
        // The next URL, fetched as is.
        Shape(config: "pokeapi.yaml", key: "pokemon", ids: [], path: "/api/v2/pokemon", requests: 3,
              firstTitle: "brass-lantern-1"),
        // The quoted key ["@odata.nextLink"]: 20 + 20 + 7, the last page has no next link.
        Shape(config: "odata.yaml", key: "products", ids: numbers, path: "/V4/Northwind/Northwind.svc/Products",
              requests: 3),
        // )]}' dropped; 25 with "_more_changes", 22 without, then the empty page that ends offset paging.
        Shape(config: "gerrit.yaml", key: "changes", ids: numbers, path: "/changes/", requests: 3),
        // data.sections[*].items over 3 pages of 3 sections each (some empty).
        Shape(config: "sections.yaml", key: "home", ids: numbers.map { "p" + $0 }, path: "/v1/home", requests: 3),
        // A typed POST body; the cursor into $.variables.after; hasNextPage false on page 3.
        Shape(config: "github-graphql.yaml", key: "repos", ids: numbers.map { "R_kgDO" + $0 }, path: "/graphql",
              requests: 3, firstTitle: "octo/brass-lantern"),
        // search_after from the last hit's sort; the total is reached on page 3.
        Shape(config: "elasticsearch.yaml", key: "products", ids: numbers.map { "p" + $0 },
              path: "/products/_search", requests: 3),
        // A keyed object; startAt is inclusive: pages 2-4 start with a repeat, page 4 holds only it.
        Shape(config: "firebase.yaml", key: "items", ids: (1...DemoLookalikes.itemCount).map { String(format: "-Nrb%04dx", $0) },
              path: "/items.json", requests: 4, stderr: repeated),
        // NDJSON; `until` from the last game is inclusive, as with Firebase.
        Shape(config: "lichess.yaml", key: "games", ids: numbers.map { "g" + $0 }, path: "/api/games/user/DrNykterstein",
              requests: 4, stderr: repeated),
        // Page 2 is empty but has a cursor: 20, 0, 20, 7 and then an empty cursor.
        Shape(config: "slack.yaml", key: "channels", ids: numbers.map { "C0" + $0 }, path: "/api/conversations.list",
              requests: 4, firstTitle: "brass-lantern"),
        // Link header with max_id; the empty page after the last has no Link.
        Shape(config: "mastodon.yaml", key: "public", ids: (1...DemoLookalikes.itemCount).map { String(113_000_000_000_000_000 - $0 * 1000) },
              path: "/api/v1/timelines/public", requests: 4,
              firstTitle: "Brass Lantern & friends Warm tones, cool lines #rowboat"),
        // X-WP-TotalPages; HTML titles.
        Shape(config: "wordpress.yaml", key: "posts", ids: numbers, path: "/wp-json/wp/v2/posts", requests: 3,
              firstTitle: "Brass Lantern – notes"),
        // OAuth2 client credentials; the next URL in albums.next.
        Shape(config: "spotify.yaml", key: "releases", ids: numbers.map { "alb" + $0 }, path: "/v1/browse/new-releases",
              requests: 3),
        // An API key header; totalResults.
        Shape(config: "newsapi.yaml", key: "articles", ids: numbers.map { "https://news.example.com/" + $0 },
              path: "/v2/everything", requests: 3),
        // Basic auth; offset paging with startAt/maxResults and total.
        Shape(config: "jira.yaml", key: "issues", ids: numbers.map { "RB-" + $0 }, path: "/rest/api/3/search", requests: 3),
    ]

    @Test(arguments: shapes)
    func walksToItsExactEnd(_ shape: Shape) async throws {
        try await Self.withServer { server in
            let tokenURL = ("https://accounts.spotify.com", server.baseURL)
            let r = try await Self.fetchAll(shape.config, shape.key, server: server,
                                            edits: shape.config == "spotify.yaml" ? [tokenURL] : [])
            if shape.ids.isEmpty {
                // Names are the ids: every one once.
                #expect(r.ids.count == DemoLookalikes.itemCount && Set(r.ids).count == r.ids.count)
            } else {
                #expect(r.ids == shape.ids)
            }
            #expect(r.stderr == shape.stderr)
            #expect(r.rows.first?["title"] as? String == shape.firstTitle)
            #expect(server.requestCount(path: shape.path) == shape.requests)
        }
    }

    /// config.md says every public-API example is served by a look-alike
    /// and walked to its end: each one its table lists has a shape above,
    /// and the credentials it says the look-alikes accept are theirs.
    @Test func configMdsExamplesAreAllServed() throws {
        let text = try String(contentsOf: Paths.root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## Examples for public APIs")).upperBound
        let rows = text[section...].split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\| `([a-z-]+\.yaml)` \|/).map { String($0.1) }
        }
        #expect(rows.count >= 20)
        for file in rows where file != "demo.yaml" {
            #expect(Self.shapes.contains { $0.config == file }, "\(file) has no look-alike walk")
        }
        for value in [DemoLookalikes.clientID, DemoLookalikes.clientSecret, DemoLookalikes.apiKey,
                      DemoLookalikes.basicUser, DemoLookalikes.basicPassword] {
            #expect(text.contains("`\(value)`"), "\(value)")
        }
    }

    @Test func spotifyAsksForOneTokenForTheWholeWalk() async throws {
        try await Self.withServer { server in
            _ = try await Self.fetchAll("spotify.yaml", "releases", server: server,
                                        edits: [("https://accounts.spotify.com", server.baseURL)])
            #expect(server.requestCount(path: "/api/token") == 1)
        }
    }

    @Test func aTypoInTheCursorPathIsSaidOnceOnStderr() async throws {
        try await Self.withServer { server in
            let r = try await Self.fetchAll("slack.yaml", "channels", server: server,
                                            edits: [("nextCursor: response_metadata.next_cursor",
                                                     "nextCursor: response_metadata.next_cursr")])
            #expect(r.ids == Array(Self.numbers.map { "C0" + $0 }.prefix(20)))
            #expect(r.stderr == "rowboat: paging.nextCursor \"response_metadata.next_cursr\" is not in the first page (a typo in the config?)\n")
            #expect(server.requestCount(path: "/api/conversations.list") == 1)
        }
    }

    @Test func endOnEmptyPageStopsSlackAtItsEmptyPage() async throws {
        try await Self.withServer { server in
            let r = try await Self.fetchAll("slack.yaml", "channels", server: server,
                                            edits: [("      size: 20\n", "      size: 20\n      endOnEmptyPage: true\n")])
            #expect(r.ids == Array(Self.numbers.map { "C0" + $0 }.prefix(20)))
            #expect(r.stderr == "")
            #expect(server.requestCount(path: "/api/conversations.list") == 2)
        }
    }

    @Test func anAPIKeyInTheQueryWorksAndStaysOutOfTheCache() async throws {
        let cache = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: cache) }
        try await Self.withServer { server in
            let r = try await Self.fetchAll("newsapi.yaml", "articles", server: server,
                                            edits: [("  in: header", "  in: query"), ("  name: X-Api-Key", "  name: apiKey")],
                                            environment: ["XDG_CACHE_HOME": cache.path])
            #expect(r.ids.count == DemoLookalikes.itemCount)
            let j = try await Self.fetchAll("jira.yaml", "issues", server: server,
                                            environment: ["XDG_CACHE_HOME": cache.path])
            #expect(j.ids.count == DemoLookalikes.itemCount)
            let s = try await Self.fetchAll("spotify.yaml", "releases", server: server,
                                            edits: [("https://accounts.spotify.com", server.baseURL)],
                                            environment: ["XDG_CACHE_HOME": cache.path])
            #expect(s.ids.count == DemoLookalikes.itemCount)
        }
        // Every byte the cache wrote: no key, password, secret or access token.
        var stored = Data()
        let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            stored += (try? Data(contentsOf: file)) ?? Data()
        }
        #expect(stored.count > 10_000)
        let text = String(decoding: stored, as: UTF8.self)
        for secret in [DemoLookalikes.apiKey, DemoLookalikes.basicPassword, DemoLookalikes.clientSecret,
                       Data("\(DemoLookalikes.basicUser):\(DemoLookalikes.basicPassword)".utf8).base64EncodedString()] {
            #expect(!text.contains(secret))
        }
        #expect(text.range(of: "BQ[0-9a-f]{32}", options: .regularExpression) == nil)
    }

    @Test func aWrongClientSecretIsOneLineWithoutTheSecret() async throws {
        try await Self.withServer { server in
            let path = try Self.config("spotify.yaml", server: server,
                                       edits: [("https://accounts.spotify.com", server.baseURL)])
            let r = try await Subprocess.rowboat(environment: Self.environment.merging(["SPOTIFY_CLIENT_SECRET": "wrong-secret-value"]) { $1 },
                                                 ["fetch", "releases", "--config", path])
            #expect(r.status == 1)
            #expect(r.stdout == "")
            let host = server.baseURL.replacingOccurrences(of: "http://", with: "")
            #expect(r.stderr == "rowboat: auth: token request to http://\(host) failed: HTTP 400 invalid_client: Invalid client\n")
            #expect(!r.stderr.contains("wrong-secret-value"))
        }
    }
}
