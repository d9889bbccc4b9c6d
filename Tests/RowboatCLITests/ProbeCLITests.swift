import Foundation
import RowboatDemo
import Testing

/// `rowboat config probe` against every look-alike route of the demo
/// server: the draft passes `config check`, and `fetch` with it (credentials
/// uncommented and set) prints the first page's items.
@Suite("config probe: drafts for the look-alike API shapes", .serialized)
struct ProbeCLITests {
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var arguments: [String] = []
        /// Lines the draft must hold.
        var expect: [String]
        var firstTitle: String
        var environment: [String: String] = [:]
        var testDescription: String { name }
    }

    static let graphQL = #"{"query":"query($q: String!, $first: Int!, $after: String) { search(query: $q, type: REPOSITORY, first: $first, after: $after) { repositoryCount pageInfo { endCursor hasNextPage } nodes { ... on Repository { id nameWithOwner description } } } }","variables":{"q":"swift","first":20,"after":null}}"#

    static let shapes: [Shape] = [
        Shape(name: "GraphQL", path: "/graphql", arguments: ["--method", "POST", "--data", graphQL, "--header", "Authorization: bearer ghp_demo"],
              expect: ["      cursorParam: $.variables.after", "      nextCursor: data.search.pageInfo.endCursor",
                       "      sizeParam: $.variables.first", "      list: data.search.nodes",
                       "  type: bearer", #"  token: "${API_TOKEN}""#],
              firstTitle: "octo/brass-lantern", environment: ["API_TOKEN": "ghp_demo"]),
        Shape(name: "Elasticsearch", path: "/products/_search",
              arguments: ["--method", "POST", "--data", #"{"size":20,"query":{"match_all":{}},"sort":[{"created_at":"desc"},{"id":"asc"}]}"#],
              expect: ["      lastItemCursor: sort", "      cursorParam: $.search_after", "      list: hits.hits"],
              firstTitle: "Brass Lantern"),
        Shape(name: "OData", path: "/V4/Northwind/Northwind.svc/Products?$count=true",
              expect: [#"      nextURL: "[\"@odata.nextLink\"]""#, "      list: value"], firstTitle: "Brass Lantern"),
        Shape(name: "Firebase", path: #"/items.json?orderBy=%22%24key%22&limitToFirst=20"#,
              expect: ["      keyed: true", #"      id: "$key""#], firstTitle: "Brass Lantern"),
        Shape(name: "sections", path: "/v1/home?page=1", expect: [#"      list: "data.sections[*].items""#],
              firstTitle: "Brass Lantern"),
        Shape(name: "Gerrit", path: "/changes/?q=status:open&n=25&S=0",
              expect: ["# The body starts with an anti-XSSI prefix; Rowboat drops it when reading.", #"      hasMore: "[-1]._more_changes""#],
              firstTitle: "Brass Lantern"),
        Shape(name: "Lichess NDJSON", path: "/api/games/user/DrNykterstein?max=20", expect: ["      title: opening.name", "      lastItemCursor: createdAt", "      cursorParam: until"],
              firstTitle: "Brass Lantern"),
        Shape(name: "Slack", path: "/api/conversations.list?limit=20", arguments: ["--header", "Authorization: Bearer xoxb-demo"],
              expect: ["      nextCursor: response_metadata.next_cursor", "      success: ok", "      list: channels"],
              firstTitle: "brass-lantern", environment: ["API_TOKEN": "xoxb-demo"]),
        Shape(name: "Mastodon", path: "/api/v1/timelines/public?limit=20",
              expect: ["      style: link", "      title: {path: content, type: html}"],
              firstTitle: "Brass Lantern & friends Warm tones, cool lines #rowboat"),
        Shape(name: "WordPress", path: "/wp-json/wp/v2/posts?per_page=20",
              expect: ["      style: page", "      totalPagesHeader: X-WP-TotalPages", "      totalCountHeader: X-WP-Total"],
              firstTitle: "Brass Lantern – notes"),
        Shape(name: "NewsAPI (key in the query)", path: "/v2/everything?q=rowboat&page=1&pageSize=20&apiKey=\(DemoLookalikes.apiKey)",
              expect: ["  type: apiKey", "  in: query", "  name: apiKey", #"  value: "${API_KEY}""#, "      success: status"],
              firstTitle: "Brass Lantern", environment: ["API_KEY": DemoLookalikes.apiKey]),
        Shape(name: "Jira (basic auth)", path: "/rest/api/3/search?jql=project%3DRB&maxResults=20",
              arguments: ["--header", "Authorization: Basic " + Data("\(DemoLookalikes.basicUser):\(DemoLookalikes.basicPassword)".utf8).base64EncodedString()],
              expect: ["      style: offset", "      offsetParam: startAt", "      totalCount: total", "      title: fields.summary"],
              firstTitle: "Brass Lantern",
              environment: ["API_USER": DemoLookalikes.basicUser, "API_PASSWORD": DemoLookalikes.basicPassword]),
        Shape(name: "demo catalog", path: "/api/items?page=1&limit=20",
              expect: ["      totalPages: datas.totalPage", "      success: code"], firstTitle: "Brass Lantern"),
    ]

    @Test(arguments: shapes)
    func aDraftThatChecksAndFetches(_ shape: Shape) async throws {
        try await DemoServer.withRunning { server in try await check(shape, server: server) }
    }

    func check(_ shape: Shape, server: DemoServer) async throws {
        let probe = try await Subprocess.rowboat(environment: [:], ["config", "probe", server.baseURL + shape.path] + shape.arguments)
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(probe.stderr == "")
        for line in shape.expect { #expect(probe.stdout.contains(line + "\n") || probe.stdout.contains(line + " "), "\(line)\n\(probe.stdout)") }
        // Credentials sent to the probe are never written into the draft.
        for secret in ["ghp_demo", "xoxb-demo", DemoLookalikes.apiKey, DemoLookalikes.basicPassword] {
            #expect(!probe.stdout.contains(secret))
        }
        #expect(probe.stdout.contains("# The first rows as the table shows them:"))
        let path = try Paths.write(probe.stdout.replacingOccurrences(of: "\n# auth: ", with: "\nauth: "), name: "draft.yaml")
        let check = try await Subprocess.rowboat(environment: shape.environment, ["config", "check", path])
        #expect(check.status == 0, "\(check.stderr)")
        let key = try #require(probe.stdout.firstMatch(of: /\ninterfaces:\n  ([^:]+):/)).1
        let fetch = try await Subprocess.rowboat(environment: shape.environment,
                                                 ["fetch", String(key), "--format", "jsonl", "--config", path])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let first = try #require(fetch.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["title"] as? String == shape.firstTitle)
    }

    @Test func aURLThatIsNotJSONIsOneLine() async throws {
        let server = try await DemoServer.start(port: 0)
        let r = try await Subprocess.rowboat("config", "probe", server.baseURL + "/images/1.png")
        await server.stop()
        #expect(r.status == 1)
        #expect(r.stdout == "")
        // The image's bytes are counted, not printed.
        #expect(r.stderr.firstMatch(of: /^rowboat: the response is not JSON \(image\/png\): \d+ bytes that are not text\n$/) != nil)
        #expect(!r.stderr.contains("PNG"))
    }

    /// One item's URL: exit 1 and a line saying the response holds no list.
    @Test func aURLOfOneItemIsOneLine() async throws {
        try await DemoServer.withRunning { server in
            let r = try await Subprocess.rowboat("config", "probe", server.baseURL + "/api/items/1")
            #expect(r.status == 1)
            #expect(r.stdout == "")
            #expect(r.stderr == "rowboat: the response holds no list (one object with keys code, datas, msg): a draft needs an array of objects or of plain values, or an object of objects, with at least one item; probe the URL of a list\n")
        }
    }
}
