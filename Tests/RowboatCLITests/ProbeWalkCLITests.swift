import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The untouched probe draft against every look-alike route: `config probe`
/// with the URL a user would type (and the credentials, given as flags),
/// then `fetch --pages all` with the draft as written — every item once (in
/// the order the hand-written config in Config/ gets them where both map the
/// same id), and the probe within its request bound.
@Suite("config probe: the untouched draft walks each look-alike to its end", .serialized)
struct ProbeWalkCLITests {
    struct Shape: Sendable, CustomTestStringConvertible {
        /// The hand-written config whose walk is the reference.
        var config: String
        var path: String
        var arguments: [String] = []
        /// What the draft reads from the environment.
        var environment: [String: String] = [:]
        /// The paging style the probe must verify.
        var style: String
        var testDescription: String { config }
    }

    static let graphQL = ProbeCLITests.graphQL
    static let basic = "\(DemoLookalikes.basicUser):\(DemoLookalikes.basicPassword)"

    static let shapes: [Shape] = [
        Shape(config: "github-search.yaml", path: "/search/repositories?q=swift&per_page=20", style: "link"),
        Shape(config: "hackernews.yaml", path: "/api/v1/search_by_date?tags=story&hitsPerPage=20", style: "page"),
        Shape(config: "reddit.yaml", path: "/r/swift/new.json?limit=20", style: "cursor"),
        Shape(config: "jsonplaceholder.yaml", path: "/posts?_limit=20", style: "offset"),
        Shape(config: "odata.yaml", path: "/V4/Northwind/Northwind.svc/Products?$count=true", style: "nextURL"),
        Shape(config: "gerrit.yaml", path: "/changes/?q=status:open", style: "offset"),
        Shape(config: "sections.yaml", path: "/v1/home", style: "page"),
        Shape(config: "github-graphql.yaml", path: "/graphql",
              arguments: ["--method", "POST", "--data", graphQL, "--header", "Authorization: bearer ghp_demo"],
              environment: ["API_TOKEN": "ghp_demo"], style: "cursor"),
        Shape(config: "elasticsearch.yaml", path: "/products/_search",
              arguments: ["--method", "POST", "--data", #"{"size":20,"query":{"match_all":{}},"sort":[{"created_at":"desc"},{"id":"asc"}]}"#],
              style: "cursor"),
        Shape(config: "firebase.yaml", path: #"/items.json?orderBy=%22%24key%22&limitToFirst=20"#, style: "lastId"),
        Shape(config: "lichess.yaml", path: "/api/games/user/DrNykterstein?max=20", style: "cursor"),
        Shape(config: "slack.yaml", path: "/api/conversations.list?limit=20", arguments: ["--header", "Authorization: Bearer xoxb-demo"],
              environment: ["API_TOKEN": "xoxb-demo"], style: "cursor"),
        Shape(config: "mastodon.yaml", path: "/api/v1/timelines/public?limit=20", style: "link"),
        Shape(config: "wordpress.yaml", path: "/wp-json/wp/v2/posts?per_page=20", style: "page"),
        // An API key in a header.
        Shape(config: "newsapi.yaml", path: "/v2/everything?q=rowboat&pageSize=20",
              arguments: ["--header", "X-Api-Key: \(DemoLookalikes.apiKey)"], environment: ["API_KEY": DemoLookalikes.apiKey],
              style: "page"),
        // Basic auth from --user.
        Shape(config: "jira.yaml", path: "/rest/api/3/search?jql=project%3DRB&maxResults=20", arguments: ["--user", basic],
              environment: ["API_USER": DemoLookalikes.basicUser, "API_PASSWORD": DemoLookalikes.basicPassword],
              style: "offset"),
        // The next URL in a Next-Page header.
        Shape(config: "next-page-header.yaml", path: "/api/v1/events?per_page=20", style: "nextURL"),
        // A relative next URL.
        Shape(config: "discourse.yaml", path: "/latest.json", style: "nextURL"),
        // Paging facts as JSON in X-Pagination; the page param found by trying.
        Shape(config: "aspnet.yaml", path: "/api/orders?pageSize=20", style: "page"),
        // has_more and the last id as starting_after.
        Shape(config: "stripe.yaml", path: "/v1/customers?limit=20",
              arguments: ["--header", "Authorization: Bearer \(DemoLookalikes.stripeKey)"],
              environment: ["API_TOKEN": DemoLookalikes.stripeKey], style: "lastId"),
        // last / totalPages / number, pages from 0.
        Shape(config: "spring.yaml", path: "/api/products?size=20", style: "page"),
        // HAL: the next link object's href (Spring Data REST, no id field).
        Shape(config: "spring-hal.yaml", path: "/api/books?size=20", style: "nextURL"),
        // Rows as arrays named by columns.
        Shape(config: "datasette.yaml", path: "/fixtures/facetable.json?_size=20", style: "nextURL"),
        // A cursor that comes percent-encoded.
        Shape(config: "encoded-cursor.yaml", path: "/api/audit/entries?limit=20", style: "cursor"),
        // The continue object back as params.
        Shape(config: "mediawiki.yaml", path: "/w/api.php?action=query&list=search&srsearch=rowboat&format=json&srlimit=20",
              style: "continuation"),
        // No page param in the first URL; a page past the end clamped to the last.
        Shape(config: "django.yaml", path: "/api/widgets/", style: "page"),
    ]

    @Test(arguments: shapes)
    func theDraftWalksToTheExactEnd(_ shape: Shape) async throws {
        let reference = try #require(LookalikeFetchTests.shapes.first { $0.config == shape.config })
        try await CountedDemoServer.withRunning { server in
            let probe = try await Subprocess.rowboat(environment: [:], ["config", "probe", server.baseURL + shape.path] + shape.arguments)
            #expect(probe.status == 0, "\(probe.stderr)")
            #expect(probe.stderr == "", "\(probe.stdout)")
            #expect(probe.stdout.contains("# Verified: paging \(shape.style), walked "), "\(probe.stdout)")
            // One request and at most 5 more, whatever the guesses tried.
            #expect(server.totalRequests <= 6)
            for secret in ["ghp_demo", "xoxb-demo", DemoLookalikes.apiKey, DemoLookalikes.basicPassword, DemoLookalikes.stripeKey] {
                #expect(!probe.stdout.contains(secret))
            }
            let path = try Paths.write(probe.stdout, name: "probed-" + shape.config)
            let check = try await Subprocess.rowboat(environment: shape.environment, ["config", "check", path])
            #expect(check.status == 0, "\(check.stderr)")
            let key = try #require(probe.stdout.firstMatch(of: /\ninterfaces:\n  ([^:]+):/)).1
            let fetch = try await Subprocess.rowboat(environment: shape.environment,
                                                     ["fetch", String(key), "--pages", "all", "--format", "jsonl", "--config", path])
            #expect(fetch.status == 0, "\(fetch.stderr)")
            let rows = try fetch.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let ids = rows.compactMap { row -> String? in
                if let s = row["id"] as? String { return s }
                return (row["id"] as? NSNumber).map { "\($0)" }
            }
            // Every item once; where the draft chose the same id field as the
            // hand-written config, in the very same order.
            #expect(ids.count == DemoLookalikes.itemCount && Set(ids).count == ids.count, "\(probe.stdout)")
            if Set(ids) == Set(reference.ids) { #expect(ids == reference.ids) }
            // A walk that sends an inclusive cursor back drops the boundary
            // item as a repeat and says so; nothing else is said.
            #expect(fetch.stderr == "" || fetch.stderr == LookalikeFetchTests.repeated, "\(fetch.stderr)")
        }
    }
}
