import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// `rowboat config import` of OpenAPI documents against the demo server:
/// the demo's own document walks every demo endpoint; documents that are
/// wrong about paging (as generated ones often are) lose to the server,
/// with a comment; `--offline` sends nothing; bad documents are one line.
@Suite("config import: OpenAPI documents against the demo server", .serialized)
struct OpenAPIImportCLITests {
    /// `fetch KEY --pages all` with the config at `path`: the ids.
    static func walk(_ key: String, config path: String, environment: [String: String] = [:]) async throws -> [String] {
        let r = try await Subprocess.rowboat(environment: environment,
                                             ["fetch", key, "--pages", "all", "--format", "jsonl", "--config", path])
        #expect(r.status == 0, "\(key): \(r.stderr)")
        return try r.stdout.split(separator: "\n").map { line in
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (row["id"] as? String) ?? (row["id"] as? NSNumber).map { "\($0)" } ?? ""
        }
    }

    /// Every list of the demo config (Items, Categories, Reviews, Makers,
    /// Live) is imported and walks to its end; the sort is one option per
    /// request with the document's words; the prices are in euros, as the
    /// document says; the paging the document gives is the one the server
    /// verified (no "the server wins" comment).
    @Test func theDemosDocumentWalksEveryDemoEndpoint() async throws {
        try await CountedDemoServer.withRunning { server in
            let r = try await Subprocess.rowboat("config", "import", server.baseURL + "/openapi.json")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr == "")
            // The import asked the server, within its bound.
            #expect(server.totalRequests > 1 && server.totalRequests <= 1 + 5 * 6)
            #expect(r.stdout.contains("# the document's server / is relative: taken from \(server.baseURL), where the document was read."))
            #expect(r.stdout.contains("# Not imported: GET /api/items/{id}: its response is not a list of objects"))
            #expect(r.stdout.contains("    paging:                       # verified: walked "))
            #expect(!r.stdout.contains("the document says paging"), "\(r.stdout)")
            #expect(r.stdout.contains("\ntabs: [items, categories, reviews, makers, live]\n"), "\(r.stdout)")
            let path = try Paths.write(r.stdout, name: "demo-openapi.yaml")
            let check = try await Subprocess.rowboat("config", "check", path)
            #expect(check.status == 0, "\(check.stderr)")
            let catalog = server.catalog
            for (key, count) in [("items", catalog.items.count), ("categories", 12), ("reviews", 12_143), ("makers", 40)] {
                let ids = try await Self.walk(key, config: path)
                #expect(ids.count == count, "\(key)")
                #expect(Set(ids).count == ids.count, "\(key)")
            }
            // The live feed: its listings so far (twelve at the start, one more every 5 s).
            let live = try await Self.walk("live", config: path)
            #expect(live.count >= 12 && Set(live).count == live.count, "\(live)")
            // The items' sort and search come from the document: the default
            // order once (it sends nothing), each option under its words.
            #expect(r.stdout.contains("    search: q\n"))
            #expect(r.stdout.contains("""
                sort:
                  param: sort
                  options:
                    - {title: "Newest first"}
                    - {title: "Price low to high", value: price_asc}
                    - {title: "Price high to low", value: price_desc}
                    - {title: "Top rated", value: rating_desc}
                    - {title: "Title A–Z", value: title}
            """), "\(r.stdout)")
            // The prices are in euros, the items' and the live listings'.
            let price = "      price: {path: price, type: money, currency: EUR} # a number; in EUR: the document's x-currency\n"
            #expect(r.stdout.components(separatedBy: price).count == 3, "\(r.stdout)")
            let fetched = try await Subprocess.rowboat(environment: ["LC_ALL": "en_US.UTF-8"],
                                                       ["fetch", "items", "--config", path, "--format", "table"])
            #expect(fetched.stdout.contains("€"), "\(fetched.stdout)")
            // The YAML form (anchors for the shared params) is the same document.
            let json = try await Subprocess.rowboat("config", "import", server.baseURL + "/openapi.json", "--offline")
            let yaml = try await Subprocess.rowboat("config", "import", server.baseURL + "/openapi.yaml", "--offline")
            #expect(yaml.status == 0, "\(yaml.stderr)")
            #expect(yaml.stdout.split(separator: "\n").dropFirst() == json.stdout.split(separator: "\n").dropFirst(),
                    "\(yaml.stdout)")
        }
    }

    /// A document that says page numbers for Stripe's customers (has_more and
    /// starting_after) and nothing at all for an ASP.NET API whose paging
    /// facts are in a header: the server's paging is written, each with a
    /// comment saying the document disagreed, and both walk to the end.
    @Test func theServerWinsWhereTheDocumentIsWrong() async throws {
        try await CountedDemoServer.withRunning { server in
            let document = """
            openapi: 3.0.1
            info: {title: Generated, version: "1"}
            servers: [{url: "\(server.baseURL)"}]
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
              schemas:
                # One shared page schema for every list, as generators write them.
                Page:
                  type: object
                  properties:
                    data: {type: array, items: {$ref: '#/components/schemas/Thing'}}
                    page: {type: integer}
                Thing:
                  type: object
                  properties:
                    id: {type: string}
                    name: {type: string}
            security: [{bearer: []}]
            paths:
              /v1/customers:
                get:
                  summary: Customers
                  parameters:
                    - {name: page, in: query, schema: {type: integer}}
                    - {name: limit, in: query, schema: {type: integer, default: 20}}
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {$ref: '#/components/schemas/Page'}}}
              /api/orders:
                get:
                  summary: Orders
                  parameters:
                    - {name: pageSize, in: query, schema: {type: integer, default: 20}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: array
                            items: {type: object, properties: {orderId: {type: integer}, product: {type: string}}}
            """
            let file = try Paths.write(document, name: "generated-openapi.yaml")
            let environment = ["API_TOKEN": DemoLookalikes.stripeKey]
            let r = try await Subprocess.rowboat(environment: environment, ["config", "import", file])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stdout.contains(DemoLookalikes.stripeKey))
            #expect(r.stdout.contains("# the document says paging page, but page 2 repeated the first page; the server's answers say lastId"),
                    "\(r.stdout)")
            #expect(r.stdout.contains("      style: lastId"))
            #expect(r.stdout.contains("# the document says paging none; the server's answers say page, param pageNumber"), "\(r.stdout)")
            #expect(r.stdout.contains("      pagingHeader: X-Pagination"))
            let path = try Paths.write(r.stdout, name: "generated.yaml")
            #expect(try await Self.walk("customers", config: path, environment: environment).count == DemoLookalikes.itemCount)
            #expect(try await Self.walk("orders", config: path, environment: environment).count == DemoLookalikes.itemCount)
        }
    }

    /// --offline sends nothing; without the credentials' variable the check
    /// goes on without them and says so.
    @Test func offlineSendsNothingAndMissingCredentialsAreSaid() async throws {
        try await CountedDemoServer.withRunning { server in
            let document = """
            {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "\(server.baseURL)"}],
             "components": {"securitySchemes": {"b": {"type": "http", "scheme": "bearer"}}},
             "paths": {"/v1/customers": {"get": {"parameters": [{"name": "starting_after", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {
                 "data": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}},
                 "has_more": {"type": "boolean"}}}}}}}}}}}
            """
            let file = try Paths.write(document, name: "stripe-openapi.json")
            let offline = try await Subprocess.rowboat("config", "import", file, "--offline")
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(server.totalRequests == 0)
            #expect(offline.stdout.contains("# Offline: from what the document says alone"))
            #expect(offline.stdout.contains("      style: lastId"))
            let unset = try await Subprocess.rowboat(environment: [:], ["config", "import", file])
            #expect(unset.status == 0, "\(unset.stderr)")
            #expect(unset.stdout.contains("# checked without credentials: API_TOKEN is not set."))
            #expect(unset.stdout.contains("# not checked against the server: HTTP 401 from "), "\(unset.stdout)")
            #expect(server.totalRequests == 1)
        }
    }

    @Test func badDocumentsAreOneLine() async throws {
        try await CountedDemoServer.withRunning { server in
            // Not OpenAPI (the demo's HTML-less JSON list).
            let list = try await Subprocess.rowboat("config", "import", server.baseURL + "/api/items")
            #expect(list.status == 1)
            #expect(list.stdout == "")
            #expect(list.stderr.hasPrefix("rowboat: \(server.baseURL)/api/items is not an OpenAPI document (no openapi or swagger key; it has "))
            let missing = try await Subprocess.rowboat("config", "import", server.baseURL + "/nope.json")
            #expect(missing.stderr == "rowboat: HTTP 404 from \(server.baseURL)/nope.json: no OpenAPI document there\n")
        }
        // 50 MB: refused before it is read.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("huge-openapi-\(UUID().uuidString).json").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(#"{"openapi": "3.0.0", "x": ""#.utf8))
        try handle.truncate(atOffset: 50_000_000)
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let huge = try await Subprocess.rowboat("config", "import", path)
        #expect(huge.status == 1)
        #expect(huge.stderr.hasSuffix(" is 47.7 MB; an OpenAPI document may be at most 24.0 MB\n"), "\(huge.stderr)")
        #expect(huge.stderr.split(separator: "\n").count == 1)
    }

    /// Security that allows no credentials (`{}` among the requirements),
    /// or a check that walked every endpoint without them: the auth section
    /// is written `optional: true`, so the config loads and walks with the
    /// variable unset (and sends the credentials once it is set).
    @Test func credentialsAreOptionalWhereTheAPIAnswersWithoutThem() async throws {
        try await CountedDemoServer.withRunning { server in
            let pods = try #require(PagingClass.all.first { $0.name == "kubernetes" })
            for (security, why) in [("[{}, {bearer: []}]", "the document lets every operation imported go without credentials"),
                                    ("[{bearer: []}]", "the import walked every endpoint without them")] {
                let document = pods.document(base: server.baseURL)
                    + "\ncomponents:\n  securitySchemes:\n    bearer: {type: http, scheme: bearer}\nsecurity: \(security)\n"
                let file = try Paths.write(document, name: "optional-openapi.yaml")
                let r = try await Subprocess.rowboat(environment: [:], ["config", "import", file])
                #expect(r.status == 0, "\(r.stderr)")
                #expect(r.stdout.contains("# Credentials are optional (\(why)): set API_TOKEN to send them; unset, none are sent."),
                        "\(r.stdout)")
                #expect(r.stdout.contains("auth:\n  type: bearer\n  token: \"${API_TOKEN}\"\n  optional: true\n"))
                let path = try Paths.write(r.stdout, name: "optional.yaml")
                let check = try await Subprocess.rowboat(environment: [:], ["config", "check", path])
                #expect(check.status == 0, "\(check.stderr)")
                #expect(try await Self.walk("pods", config: path).count == DemoLookalikes.itemCount)
            }
        }
    }

    /// POST operations that are writes or searches without paging, and a
    /// QUERY operation, are named in the comments with why.
    @Test func whatIsLeftOutIsNamed() async throws {
        let document = """
        openapi: 3.2.0
        info: {title: t, version: "1"}
        servers: [{url: "http://127.0.0.1:9"}]
        paths:
          /pets:
            post:
              requestBody: {content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}}
              responses: {'201': {description: made, content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}}
          /pets/search:
            post:
              requestBody: {content: {application/json: {schema: {type: object, properties: {species: {type: string}}}}}}
              responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {type: object, properties: {id: {type: integer}}}}}}}}
          /pets/query:
            query:
              responses: {'200': {description: ok}}
        """
        let file = try Paths.write(document, name: "left-out-openapi.yaml")
        let r = try await Subprocess.rowboat("config", "import", file, "--offline")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("# Not imported: POST /pets: its response is not a list of objects"), "\(r.stdout)")
        #expect(r.stdout.contains("# Not imported: POST /pets/search: its request body has no page, offset, size or cursor field "
                                  + "(a write, or a search that does not page)."), "\(r.stdout)")
        #expect(r.stdout.contains("# Not imported: QUERY /pets/query: Rowboat sends GET and POST only"), "\(r.stdout)")
    }
}
