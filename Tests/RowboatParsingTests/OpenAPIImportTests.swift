import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// `rowboat config import` of OpenAPI documents, offline: what each part of
/// a document becomes in the config, read back by the loader (so every
/// import passes `config check`), and documents that are wrong or hostile.
@Suite("config import: OpenAPI documents")
struct OpenAPIImportTests {
    static let environment = ["API_TOKEN": "t", "API_KEY": "k", "API_USER": "u", "API_PASSWORD": "p",
                              "API_CLIENT_ID": "c", "API_CLIENT_SECRET": "s"]

    struct Imported {
        var yaml: String
        var made: OpenAPIConfig
        var config: RowboatConfig

        func endpoint(_ key: String) throws -> Endpoint { try #require(config.endpoint(key), "\(yaml)") }
    }

    func imported(_ text: String, url: String? = nil, server: String? = nil) throws -> Imported {
        let document = try OpenAPIDocument(OpenAPIReader.read(Array(text.utf8), name: "doc"), name: "doc")
        let made = OpenAPIConfig.make(document, source: "doc", documentURL: url, server: server)
        let yaml = made.yaml(offline: true)
        let config = try ConfigLoader.parse(yaml, file: "imported.yaml", environment: Self.environment)
        return Imported(yaml: yaml, made: made, config: config)
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try imported(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A fuzz finding: U+FFFE and U+FFFF (which YAML refuses anywhere in
    /// a file) in a document's title, an operation's summary and a path
    /// parameter's example: the draft still loads, the comments without
    /// them, the values escaped and read back exactly.
    @Test func noncharactersInTheDocumentStillMakeADraftThatLoads() throws {
        let text = #"{"openapi": "3.0.0", "info": {"title": "a\uFFFFb\uFFFE", "version": "1"}, "servers": [{"url": "http://127.0.0.1:1"}], "paths": {"/items/{id}": {"get": {"summary": "list\uFFFF", "parameters": [{"name": "id", "in": "path", "required": true, "example": "x\uFFFEy"}], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}}}}}}"#
        let imported = try imported(text)
        #expect(!imported.yaml.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
        let endpoint = try #require(imported.config.endpoints.first)
        #expect(endpoint.params.values.contains { "\($0)".contains("x\u{FFFE}y") }, "\(imported.yaml)")
    }

    // MARK: The shapes

    /// The classic petstore (3.0, JSON): a bare array of `$ref`'d pets, a
    /// `limit` param with a maximum, the next page's URL in an `x-next`
    /// header; the one-pet path is not a list.
    @Test func petstoreThreeZero() throws {
        let i = try imported("""
        {"openapi": "3.0.0", "info": {"title": "Swagger Petstore", "version": "1.0.0"},
         "servers": [{"url": "http://petstore.swagger.io/v1"}],
         "paths": {
          "/pets": {"get": {"summary": "List all pets", "operationId": "listPets",
            "parameters": [{"name": "limit", "in": "query", "required": false,
                            "schema": {"type": "integer", "maximum": 100, "format": "int32"}}],
            "responses": {"200": {"description": "A paged array of pets",
              "headers": {"x-next": {"description": "A link to the next page of responses", "schema": {"type": "string"}}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pets"}}}},
              "default": {"description": "unexpected error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
          "/pets/{petId}": {"get": {"summary": "Info for a specific pet",
            "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
         "components": {"schemas": {
          "Pet": {"type": "object", "required": ["id", "name"],
                  "properties": {"id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}, "tag": {"type": "string"}}},
          "Pets": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/Pet"}},
          "Error": {"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}}}}
        """)
        #expect(i.config.server == "http://petstore.swagger.io/v1")
        let pets = try i.endpoint("pets")
        #expect(pets.title == "List all pets")
        #expect(pets.url == "/pets")
        #expect(pets.paging.style == .nextURLHeader(name: "x-next"))
        #expect(pets.paging.sizeParam == "limit" && pets.paging.size == 20)
        #expect(pets.response.listPath.steps.isEmpty)
        #expect(pets.item.field("id")?.path.description == "id")
        #expect(pets.item.field("title")?.path.description == "name")
        #expect(i.config.endpoints.count == 1)
        #expect(i.yaml.contains("# Not imported: GET /pets/{petId}: its response is not a list of objects"))
    }

    /// A FastAPI-style 3.1 document in YAML: a generic page schema, params
    /// with defaults and bounds, nullable fields as anyOf unions.
    @Test func fastAPIPageInYAML() throws {
        let i = try imported("""
        openapi: 3.1.0
        info: {title: Shop, version: "0.1.0"}
        paths:
          /items/:
            get:
              summary: Read Items
              parameters:
                - {name: page, in: query, required: false, schema: {type: integer, minimum: 1, default: 1, title: Page}}
                - {name: size, in: query, required: false, schema: {type: integer, maximum: 100, minimum: 1, default: 50}}
              responses:
                '200':
                  description: Successful Response
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Page_Item_'}
                '422':
                  description: Validation Error
        components:
          schemas:
            Item:
              type: object
              properties:
                id: {type: integer, title: Id}
                name: {type: string}
                description: {anyOf: [{type: string}, {type: 'null'}]}
                created_at: {type: string, format: date-time}
                html_url: {anyOf: [{type: string, format: uri}, {type: 'null'}]}
            Page_Item_:
              type: object
              required: [items, total, page, size]
              properties:
                items: {type: array, items: {$ref: '#/components/schemas/Item'}}
                total: {anyOf: [{type: integer, minimum: 0}, {type: 'null'}]}
                page: {anyOf: [{type: integer, minimum: 1}, {type: 'null'}]}
                size: {anyOf: [{type: integer, minimum: 1}, {type: 'null'}]}
                pages: {anyOf: [{type: integer, minimum: 0}, {type: 'null'}]}
        """, url: "http://127.0.0.1:8000/openapi.json")
        // No servers: the origin the document was read from.
        #expect(i.config.server == "http://127.0.0.1:8000")
        #expect(i.yaml.contains("# the document names no server: http://127.0.0.1:8000, where it was read."))
        let items = try i.endpoint("items")
        #expect(items.title == "Read Items")
        #expect(items.paging.style == .pageNumber(param: "page", first: 1))
        #expect(items.paging.sizeParam == "size" && items.paging.size == 50)
        #expect(items.paging.totalPagesPath?.description == "pages")
        #expect(items.paging.totalCountPath?.description == "total")
        #expect(items.response.listPath.description == "items")
        #expect(items.item.field("subtitle")?.path.description == "description")
        #expect(items.item.field("link")?.path.description == "html_url")
        #expect(items.item.fields.contains { $0.path.description == "created_at" && $0.type == .dateISO8601 })
    }

    /// Swagger 2.0: host, basePath and schemes make the server; an API key
    /// header from securityDefinitions; offset and limit.
    @Test func swaggerTwo() throws {
        let i = try imported("""
        swagger: "2.0"
        info: {title: Users, version: "2"}
        host: api.example.com
        basePath: /v2
        schemes: [http, https]
        securityDefinitions:
          key: {type: apiKey, in: header, name: X-API-Key}
        security: [{key: []}]
        paths:
          /users:
            get:
              summary: Users
              parameters:
                - {name: offset, in: query, type: integer, default: 0}
                - {name: limit, in: query, type: integer, default: 25}
              responses:
                200:
                  description: ok
                  schema:
                    type: object
                    properties:
                      data: {type: array, items: {$ref: '#/definitions/User'}}
                      meta: {type: object, properties: {total: {type: integer}}}
        definitions:
          User:
            type: object
            properties:
              id: {type: string, format: uuid}
              login: {type: string}
              avatar_url: {type: string, format: uri}
        """)
        #expect(i.config.server == "https://api.example.com/v2")
        #expect(i.config.auth == .apiKeyHeader(name: "X-API-Key", value: "k"))
        #expect(i.yaml.contains("# Set API_KEY in the environment before you use this file."))
        let users = try i.endpoint("users")
        #expect(users.paging.style == .offset(param: "offset"))
        #expect(users.paging.sizeParam == "limit" && users.paging.size == 25)
        #expect(users.paging.totalCountPath?.description == "meta.total")
        #expect(users.response.listPath.description == "data")
        #expect(users.item.field("image")?.path.description == "avatar_url")
    }

    /// A cursor param and a cursor in the answer that is null at the end;
    /// has_more with the last id sent back; a next URL in the body; a Link
    /// header: each style from what the operation says.
    @Test func eachPagingStyleFromTheDocument() throws {
        func one(_ params: String, _ properties: String, headers: String = "") throws -> Endpoint {
            let i = try imported("""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://api.example.com"}],
             "paths": {"/things": {"get": {"parameters": [\(params)], "responses": {"200": {"description": "ok",
               "headers": {\(headers)},
               "content": {"application/json": {"schema": {"type": "object", "properties": {
                 "data": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}
                 \(properties.isEmpty ? "" : ", " + properties)}}}}}}}}}}
            """)
            return try i.endpoint("things")
        }
        let cursor = try one(#"{"name": "cursor", "in": "query", "schema": {"type": "string"}}, {"name": "limit", "in": "query", "schema": {"type": "integer"}}"#,
                             #""next_cursor": {"type": ["string", "null"]}"#)
        #expect(cursor.paging.style == .cursor(param: "cursor", next: JSONPath("next_cursor")!))
        let stripe = try one(#"{"name": "starting_after", "in": "query", "schema": {"type": "string"}}, {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 10}}"#,
                             #""has_more": {"type": "boolean"}"#)
        #expect(stripe.paging.style == .lastID(param: "starting_after"))
        #expect(stripe.paging.hasMorePath?.description == "has_more")
        let django = try one(#"{"name": "page", "in": "query", "schema": {"type": "integer"}}"#,
                             #""count": {"type": "integer"}, "next": {"type": "string", "format": "uri", "nullable": true}, "previous": {"type": "string", "nullable": true}"#)
        #expect(django.paging.style == .nextURL(path: JSONPath("next")!))
        let link = try one(#"{"name": "per_page", "in": "query", "schema": {"type": "integer", "default": 30}}"#, "",
                           headers: #""Link": {"schema": {"type": "string"}}"#)
        #expect(link.paging.style == .link)
        let odata = try one("", #""@odata.nextLink": {"type": "string"}"#)
        #expect(odata.paging.style == .nextURL(path: JSONPath(steps: [.key("@odata.nextLink")])))
        let none = try one("", "")
        #expect(none.paging.style == .none)
    }

    /// Path params are required params; enum query params are filters
    /// with "Any"; the sort param is the sort section; `q` the search;
    /// a required param keeps its example.
    @Test func paramsFiltersSortAndSearch() throws {
        let i = try imported("""
        openapi: 3.0.3
        info: {title: Issues, version: "1"}
        servers: [{url: "https://api.github.example"}]
        paths:
          /repos/{owner}/{repo}/issues:
            parameters:
              - {name: owner, in: path, required: true, schema: {type: string}}
              - {name: repo, in: path, required: true, schema: {type: string}, example: rowboat}
            get:
              summary: List repository issues
              parameters:
                - {name: state, in: query, schema: {type: string, enum: [open, closed, all], default: open}}
                - {name: labels, in: query, schema: {type: array, items: {type: string, enum: [bug, docs]}}}
                - {name: sort, in: query, schema: {type: string, enum: [created, updated, comments]}}
                - {name: q, in: query, schema: {type: string}}
                - {name: since, in: query, required: true, schema: {type: string, format: date-time}, example: "2026-01-01T00:00:00Z"}
                - {name: per_page, in: query, schema: {type: integer, default: 30}}
                - {name: page, in: query, schema: {type: integer, default: 1}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Issue'}}
        components:
          schemas:
            Issue:
              type: object
              properties:
                id: {type: integer}
                number: {type: integer}
                title: {type: string}
                html_url: {type: string, format: uri}
                updated_at: {type: string, format: date-time}
        """)
        let issues = try i.endpoint("issues")
        #expect(issues.url == "/repos/{owner}/{repo}/issues")
        #expect(issues.params["owner"] == .one(""))
        #expect(issues.params["repo"] == .one("rowboat"))
        #expect(issues.params["since"] == .one("2026-01-01T00:00:00Z"))
        #expect(issues.params["per_page"] == nil && issues.params["page"] == nil)
        #expect(i.yaml.contains("# path param {owner} (required): here or --param owner=…"))
        #expect(issues.query.filters.map(\.title) == ["State", "Labels"])
        // The default state is what sending nothing asks for: one option, first, under its own name.
        #expect(issues.query.filters[0].options.map(\.title) == ["Open", "Closed", "All"])
        #expect(issues.query.filters[0].options[0].params == [:])
        #expect(issues.query.filters[0].options[1].params == ["state": "closed"])
        #expect(issues.query.filters[1].options.map(\.title) == ["Any", "Bug", "Docs"])
        // No default: the server's own order first.
        #expect(issues.query.sort?.options.map(\.title) == ["Default", "Created", "Updated", "Comments"])
        #expect(issues.query.sort?.options[1].params == ["sort": "created"])
        #expect(issues.query.searchParam == "q")
        #expect(issues.paging.style == .pageNumber(param: "page", first: 1))
        // The path params go into the path, once-encoded; the rest in the query.
        var params: [String: ParamValue] = ["owner": .one("a b/c"), "repo": .one(".."), "state": .one("open")]
        #expect(RequestBuilder.fillPath(issues.url, params: &params) == "/repos/a%20b%2Fc/%2E%2E/issues")
        #expect(params == ["state": .one("open")])
    }

    /// An enum param's section has one option per distinct request: its
    /// `default` sends nothing and is not also an option of its own; titles
    /// are the document's words for each value (a `oneOf` branch's title,
    /// `x-enum-descriptions` as a list or a map, NSwag's `x-enumNames`), else
    /// the value made words, a sort's direction said.
    @Test func enumOptionsAreOnePerRequestWithReadableTitles() throws {
        func sections(_ params: String, version: String = "openapi: 3.1.0") throws -> (sort: [String], filters: [[String]], values: [String?], i: Imported) {
            let i = try imported("""
            \(version)
            info: {title: t, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /things:
                get:
                  parameters:
            \(params)
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: array, items: {type: object, properties: {id: {type: integer}, name: {type: string}}}}}}
            """)
            let e = try i.endpoint("things")
            return (e.query.sort?.options.map(\.title) ?? [], e.query.filters.map { $0.options.map(\.title) },
                    e.query.sort?.options.map { $0.params["sort"] } ?? [], i)
        }
        // The demo's sort: the default newest once, sending nothing.
        let demo = try sections("""
                    - {name: sort, in: query, schema: {type: string, enum: [newest, price_asc, price_desc, rating_desc, title], default: newest}}
        """)
        #expect(demo.sort == ["Newest", "Price (ascending)", "Price (descending)", "Rating (descending)", "Title"], "\(demo.i.yaml)")
        #expect(demo.values == [nil, "price_asc", "price_desc", "rating_desc", "title"])
        #expect(!demo.i.yaml.contains("Default"))
        // Words for each value, as a list beside the enum.
        let described = try sections("""
                    - name: sort
                      in: query
                      schema:
                        type: string
                        enum: [newest, price_asc, rating_desc]
                        default: newest
                        x-enum-descriptions: [Newest first, Price low to high, "Best rated first, then by the number of reviews and the date they were written"]
        """)
        #expect(described.sort == ["Newest first", "Price low to high", "Rating (descending)"])
        // As a map by value, on the parameter; code names (NSwag).
        let mapped = try sections("""
                    - name: order_by
                      in: query
                      x-enumDescriptions: {CREATED_DESC: Newest first}
                      schema: {type: string, enum: [CREATED_DESC, PRICE_ASC], x-enumNames: [CreatedDesc, PriceAsc]}
        """)
        #expect(mapped.sort == ["Default", "Newest first", "Price (ascending)"])
        // JSON Schema's titled constants (OpenAPI 3.1), with a default.
        let titled = try sections("""
                    - name: status
                      in: query
                      schema:
                        default: for_sale
                        oneOf:
                          - {const: for_sale, title: On sale}
                          - {const: sold, title: Sold}
                          - {const: in_progress}
        """)
        #expect(titled.filters == [["On sale", "Sold", "In progress"]], "\(titled.i.yaml)")
        // Django REST framework's ordering: a leading - is descending.
        let drf = try sections("""
                    - {name: ordering, in: query, schema: {type: string, enum: [created, -created, en-US, "4.5"]}}
        """)
        #expect(drf.sort == ["Default", "Created", "Created (descending)", "En US", "4.5"])
        // Swagger 2.0: the default on the parameter itself.
        let two = try imported("""
        {"swagger": "2.0", "info": {"title": "t", "version": "1"}, "host": "api.example.com",
         "paths": {"/things": {"get": {"parameters": [{"name": "sort", "in": "query", "type": "string", "enum": ["name", "-name"], "default": "name"}],
           "responses": {"200": {"description": "ok", "schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}
        """)
        #expect(try two.endpoint("things").query.sort?.options.map(\.title) == ["Name", "Name (descending)"])
        // Two values that read alike keep their text.
        let alike = try sections("""
                    - {name: kind, in: query, schema: {type: string, enum: [Book, book, BOOK]}}
        """)
        #expect(alike.filters == [["Any", "Book", "Book (book)", "Book (BOOK)"]])
    }

    /// A money field comes with the currency the document states for it:
    /// its own `x-currency`, a sibling currency field that holds one code
    /// (an enum of one, a const), or a Money object's currency beside its
    /// amount; a currency that varies by item is mapped beside the amount.
    @Test func aMoneyFieldComesWithItsCurrency() throws {
        func item(_ properties: String) throws -> Imported {
            try imported("""
            openapi: 3.1.0
            info: {title: t, version: "1"}
            servers: [{url: "https://shop.example"}]
            paths:
              /products:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, properties: {data: {type: array, items: {$ref: '#/components/schemas/Product'}}}}
            components:
              schemas:
                Product:
                  type: object
                  properties:
                    id: {type: integer}
                    title: {type: string}
            \(properties)
            """)
        }
        let extended = try item("        price: {type: number, x-currency: EUR}")
        let price = try #require(try extended.endpoint("products").item.field("price"))
        #expect(price.type == .money && price.currency == "EUR", "\(extended.yaml)")
        #expect(extended.yaml.contains("price: {path: price, type: money, currency: EUR} # a number; in EUR: the document's x-currency"),
                "\(extended.yaml)")
        #expect(extended.yaml.contains("- {field: price, title: Price, width: 10, align: right}"))
        // A sibling that holds one code: a count named `total` is money too.
        let fixed = try item("""
                total: {type: integer}
                currency: {type: string, enum: [usd]}
        """)
        let total = try #require(try fixed.endpoint("products").item.field("total"))
        #expect(total.type == .money && total.currency == "USD", "\(fixed.yaml)")
        #expect(fixed.yaml.contains("in USD: its currency is always USD"), "\(fixed.yaml)")
        // A Money object (amount and currency, as Zalando's guidelines and Google's Money have them).
        let object = try item("""
                price:
                  type: object
                  properties:
                    amount: {type: string, format: decimal}
                    value: {type: number}
                    currency: {const: GBP}
        """)
        let amount = try #require(try object.endpoint("products").item.field("price"), "\(object.yaml)")
        #expect(amount.path.description == "price.value" && amount.currency == "GBP" && amount.type == .money, "\(object.yaml)")
        #expect(object.yaml.contains("in GBP: its price.currency is always GBP"), "\(object.yaml)")
        // Named for this amount, among other currencies.
        let named = try item("""
                price: {type: number}
                price_currency: {type: string, enum: [JPY]}
                currency: {type: string, enum: [EUR, USD]}
        """)
        #expect(try named.endpoint("products").item.field("price")?.currency == "JPY", "\(named.yaml)")
        // A currency per item: mapped beside the amount, with a note.
        let varying = try item("""
                price: {type: number}
                currency: {type: string, example: EUR}
        """)
        let endpoint = try varying.endpoint("products")
        #expect(endpoint.item.field("price")?.currency == nil)
        #expect(endpoint.item.field("currency")?.path.description == "currency", "\(varying.yaml)")
        #expect(varying.yaml.contains("# price comes with its currency in each item's currency, mapped beside it; "
                                      + "if every item has the same one, write it as price's currency: (an ISO 4217 code)"), "\(varying.yaml)")
        // Not a code: nothing is made up.
        let wrong = try item("        price: {type: number, x-currency: euro}")
        #expect(try wrong.endpoint("products").item.field("price")?.currency == nil)
    }

    /// Security schemes: bearer, basic, OAuth2 client credentials; a flow
    /// that needs a browser becomes a bearer token with a comment; a key in
    /// a cookie is named, not written.
    @Test func securitySchemesBecomeAuth() throws {
        func auth(_ schemes: String, security: String = "") throws -> Imported {
            try imported("""
            {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://h.example"}],
             \(security)
             "components": {"securitySchemes": {\(schemes)}},
             "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
               {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}}
            """)
        }
        #expect(try auth(#""b": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}"#).config.auth == .bearer(token: "t"))
        #expect(try auth(#""b": {"type": "http", "scheme": "basic"}"#).config.auth == .basic(username: "u", password: "p"))
        let oauth = try auth(#""o": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://h.example/token", "scopes": {}}}}"#)
        #expect(oauth.yaml.contains("  type: oauth2\n  tokenURL: https://h.example/token\n"))
        let browser = try auth(#""o": {"type": "oauth2", "flows": {"authorizationCode": {"authorizationUrl": "https://h/a", "tokenUrl": "https://h/t", "scopes": {}}}}"#)
        #expect(browser.config.auth == .bearer(token: "t"))
        #expect(browser.yaml.contains("# the security scheme o is OAuth2 without client credentials: get a token yourself and set API_TOKEN."))
        let cookie = try auth(#""c": {"type": "apiKey", "in": "cookie", "name": "sid"}"#)
        #expect(cookie.config.auth == nil)
        #expect(cookie.yaml.contains("# the security scheme c sends its key in a cookie: add it under headers: yourself."))
        // The document's security picks among several.
        let picked = try auth(#""k": {"type": "apiKey", "in": "query", "name": "api_key"}, "b": {"type": "http", "scheme": "bearer"}"#,
                              security: #""security": [{"b": []}],"#)
        #expect(picked.config.auth == .bearer(token: "t"))
        #expect(picked.yaml.contains("# the security scheme k is not written (auth: takes one)."))
    }

    /// What FuzzOpenAPI found: a token URL that is neither a URL nor a path
    /// made a config that did not load. A relative one is a path on the
    /// server; one that cannot be a path is named in a comment.
    @Test func aTokenURLThatIsNotAURLStillLoads() throws {
        func swagger(_ tokenURL: String) throws -> Imported {
            try imported("""
            swagger: "2.0"
            host: api.example.com
            securityDefinitions: {o: {type: oauth2, flow: application, tokenUrl: "\(tokenURL)"}}
            paths: {/users: {get: {responses: {200: {schema: {type: array, items: {properties: {id: {type: integer}, name: {type: string}}}}}}}}}
            """)
        }
        #expect(try swagger("+woken").yaml.contains("  tokenURL: /+woken\n"))
        #expect(try swagger("oauth/token").yaml.contains("  tokenURL: /oauth/token\n"))
        let bad = try swagger("::not a url")
        #expect(bad.config.auth == .bearer(token: "t"))
        #expect(bad.yaml.contains("# the security scheme o's tokenUrl ::not a url is not a URL."))
    }

    /// What FuzzOpenAPI found next: a query param named like a body path
    /// (`$.sort`) made a GET endpoint that did not load; it is left out
    /// with a comment.
    @Test func aParamNamedLikeABodyPathIsLeftOut() throws {
        let i = try imported("""
        {"openapi": "3.0.0", "servers": [{"url": "https://h.example"}], "paths": {"/items": {"get": {
          "parameters": [{"name": "$.sort", "in": "query", "schema": {"enum": ["a", "b"]}}, {"name": "$[0]", "in": "query", "required": true, "schema": {"type": "string"}}],
          "responses": {"200": {"content": {"application/json": {"schema": {"type": "array", "items": {"properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}}
        """)
        let items = try i.endpoint("items")
        #expect(items.query.sort == nil && items.params.isEmpty)
        #expect(i.yaml.contains("# the query param $.sort is not written: a name starting $. is a body path to Rowboat"))
    }

    /// What FuzzOpenAPI found after WebSocket streams came: a `paths` key
    /// that is a `wss://` URL made an endpoint whose url the loader refuses.
    /// A key that is no path (OpenAPI's begin with `/`) is left out and said.
    @Test func aPathsKeyThatIsNoPathIsLeftOutAndSaid() throws {
        let i = try imported("""
        {"openapi": "3.0.0", "servers": [{"url": "https://h.example"}], "paths": {
          "wss:///": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"type": "array", "items": {"properties": {"id": {"type": "integer"}}}}}}}}}},
          "items": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"type": "array", "items": {"properties": {"id": {"type": "integer"}}}}}}}}}},
          "/things": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"type": "array", "items": {"properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}}
        """)
        #expect(i.config.endpoints.map(\.key) == ["things"])
        #expect(i.yaml.contains("wss:///: not a path (an OpenAPI path begins with /)"))
        #expect(i.yaml.contains("items: not a path (an OpenAPI path begins with /)"))
    }

    /// And a declared response header whose name HTTP does not allow.
    @Test func aHeaderNameHTTPDoesNotAllowIsNotRead() throws {
        let i = try imported("""
        {"openapi": "3.0.0", "servers": [{"url": "https://h.example"}], "paths": {"/pets": {"get": {
          "responses": {"200": {"headers": {"x next": {"schema": {"type": "string"}}, "x-next:": {"schema": {"type": "string"}}},
            "content": {"application/json": {"schema": {"type": "array", "items": {"properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}}
        """)
        #expect(try i.endpoint("pets").paging.style == .none)
        #expect(i.yaml.contains("# the response header x next is not a header name HTTP allows (not read)"))
    }

    /// And an API key whose name could not be sent (a line break in it).
    @Test func anAPIKeyNameThatCannotBeSentIsNamed() throws {
        let i = try imported("""
        {"openapi": "3.0.0", "servers": [{"url": "https://h.example"}],
         "components": {"securitySchemes": {"k": {"type": "apiKey", "in": "header", "name": "X-Key\\nX-Other: 1"}}},
         "paths": {"/pets": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"type": "array", "items": {"properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}}
        """)
        #expect(i.config.auth == nil)
        #expect(i.yaml.contains("# the security scheme k's key name cannot be sent in a header."))
    }

    /// A document whose server is link-local or a cloud metadata address
    /// (in any spelling) is not contacted nor written unless `--server`
    /// names it; the line says so.
    @Test func aLinkLocalOrMetadataServerIsUsedOnlyWhenNamed() throws {
        let body = #""paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}"#
        for (server, what) in [("http://169.254.169.254/latest", "a cloud metadata address"), ("http://[fd00:ec2::254]", "a cloud metadata address"),
                               ("http://[fe80::1%25eth0]:8080", "a link-local address"), ("http://2852039166", "a cloud metadata address"),
                               ("http://0xA9FE0001", "a link-local address"), ("http://metadata.google.internal", "a cloud metadata host"),
                               ("http://[::ffff:169.254.169.254]", "a cloud metadata address"), ("{s}://{h}", "a cloud metadata address")] {
            let doc = #"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "\#(server)", "variables": {"s": {"default": "http"}, "h": {"default": "169.254.169.254"}}}], "# + body + "}"
            let i = try imported(doc)
            #expect(i.made.serverContacted == false, "\(server)")
            #expect(i.config.server == "http://127.0.0.1:8080", "\(server)")
            let shown = server == "{s}://{h}" ? "http://169.254.169.254" : server
            #expect(i.yaml.contains("# the document's server \(shown) is \(what): not contacted nor written; if you mean it, "
                                    + "import with --server \(shown)."), "\(i.yaml)")
            #expect(i.yaml.contains("# Not checked: no server was asked"))
            let document = try OpenAPIDocument(OpenAPIReader.read(Array(doc.utf8), name: "doc"), name: "doc")
            let named = OpenAPIConfig.make(document, source: "doc", server: shown)
            #expect(named.serverContacted && named.server == shown, "\(server)")
        }
        for server in ["http://169.255.0.1", "http://10.0.0.1", "http://[fec0::1]", "http://[fd00:ec2::253]", "http://127.0.0.1:9",
                       "https://api.example.com", "http://metadata.example.com"] {
            #expect(ReservedAddress.reason(server) == nil, "\(server)")
        }
    }

    /// Servers: variables take their defaults; a relative one joins the
    /// origin the document came from; --server replaces it.
    @Test func serversAreResolved() throws {
        let body = #""paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}"#
        let variables = try imported(#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "{scheme}://{host}/v1", "variables": {"scheme": {"default": "https"}, "host": {"default": "api.example.com"}}}], "# + body + "}")
        #expect(variables.config.server == "https://api.example.com/v1")
        let relative = try imported(#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "/api/v3"}], "# + body + "}",
                                    url: "https://petstore3.example/api/v3/openapi.json")
        #expect(relative.config.server == "https://petstore3.example/api/v3")
        let empty = try imported(#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [], "# + body + "}")
        #expect(empty.config.server == "http://127.0.0.1:8080")
        #expect(empty.yaml.contains("# the document names no server (nor a usable one): set yours here, or import with --server URL."))
        let replaced = try imported(#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://a.example"}], "# + body + "}",
                                    server: "http://127.0.0.1:9999/")
        #expect(replaced.config.server == "http://127.0.0.1:9999")
    }

    /// An IPv6 literal server (`http://[::1]:8080`), named by the document,
    /// by `--server` or by the URL a relative document was read from, is
    /// written with its brackets once, and its operations are imported.
    @Test func anIPv6ServerIsJoinedWithItsPaths() throws {
        let body = #""paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}}"#
        let head = #"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "#
        let named = try imported(head + #""servers": [{"url": "http://[::1]:8080/v1"}], "# + body + "}")
        let relative = try imported(head + #""servers": [{"url": "/v1"}], "# + body + "}", url: "http://[::1]:8080/openapi.json")
        let replaced = try imported(head + #""servers": [{"url": "/v1"}], "# + body + "}", server: "http://[::1]:8080/v1/")
        for i in [named, relative, replaced] {
            #expect(i.config.server == "http://[::1]:8080/v1", "\(i.yaml)")
            #expect(!i.yaml.contains("Not imported"), "\(i.yaml)")
            #expect(i.made.endpoints.map(\.requestURL) == ["http://[::1]:8080/v1/a"], "\(i.yaml)")
            #expect(try i.endpoint("a").url == "/a")
        }
        #expect(relative.yaml.contains("# the document's server /v1 is relative: taken from http://[::1]:8080, where the document was read."))
        // Swagger 2.0's host with a port.
        let swagger = try imported(#"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "host": "[::1]:8080", "basePath": "/v1", "schemes": ["http"], "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}}}"#)
        #expect(swagger.config.server == "http://[::1]:8080/v1")
        #expect(swagger.made.endpoints.count == 1)
    }

    /// allOf parts merge; a oneOf of two shapes takes the first and says so;
    /// an item schema that names itself is read once.
    @Test func compositionAndCycles() throws {
        let i = try imported("""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://h.example"}],
         "paths": {"/nodes": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
           {"allOf": [{"$ref": "#/components/schemas/Meta"}, {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}]}}}}}}},
          "/either": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
           {"oneOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Node"}}, {"$ref": "#/components/schemas/Meta"}]}}}}}}}},
         "components": {"schemas": {
          "Meta": {"type": "object", "properties": {"total_count": {"type": "integer"}}},
          "Node": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                   "parent": {"$ref": "#/components/schemas/Node"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}}}
        """)
        let nodes = try i.endpoint("nodes")
        #expect(nodes.response.listPath.description == "results")
        #expect(nodes.item.field("title")?.path.description == "name")
        #expect(i.yaml.contains("refers to itself (not expanded)"))
        let either = try i.endpoint("either")
        #expect(either.response.listPath.steps.isEmpty)
        #expect(i.yaml.contains("oneOf of 2 shapes: the first array is used"))
    }

    // MARK: Documents that are wrong

    /// A $ref to a place the document lacks, or to another file: the
    /// operation is named, not imported, the rest is.
    @Test func missingAndExternalRefsAreSaid() throws {
        let i = try imported("""
        {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://h.example"}],
         "paths": {
          "/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}}}},
          "/b": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "other.yaml#/components/schemas/B"}}}}}}},
          "/c": {"get": {"responses": {"200": {"$ref": "#/components/responses/Loop"}}}},
          "/d": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "x": {"$ref": "https://example.com/x.json"}}}}}}}}}}},
         "components": {"responses": {"Loop": {"$ref": "#/components/responses/Loop"}}}}
        """)
        #expect(i.config.endpoints.map(\.key) == ["d"])
        #expect(i.yaml.contains("# Not imported: GET /a: its response is not a list of objects"))
        #expect(i.yaml.contains("# Not imported: GET /b:"))
        #expect(i.yaml.contains("# Not imported: GET /c: no success response with a JSON schema."))
        #expect(i.yaml.contains("#   … the $ref https://example.com/x.json points outside the document (not followed)")
                || i.yaml.contains("  # the $ref https://example.com/x.json points outside the document (not followed)"))
    }

    @Test func notOpenAPIIsOneLine() {
        #expect(failure(#"{"name": "not a document", "paths": {}}"#)
                == "doc is not an OpenAPI document (no openapi or swagger key; it has name, paths)")
        #expect(failure("- a\n- b\n") == "doc is not an OpenAPI document (its top level is an array, not an object)")
        #expect(failure(#"{"openapi": "3.0.0", "paths": [}"#)?.hasPrefix("doc is not valid JSON (") == true)
        #expect(failure("openapi: 3.0.0\npaths: {a: [}\n")?.hasPrefix("doc:2: ") == true)
        #expect(failure(#"{"swagger": "1.2", "apis": []}"#) == "doc: Swagger 1.2 is not read (2.0 is)")
        #expect(failure("<!doctype html><html><body>Docs</body></html>")?.contains("not an OpenAPI document") == true)
    }

    /// A YAML alias bomb stops at the bound without expanding it.
    @Test func aYAMLAliasBombIsRefused() {
        var text = "openapi: 3.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for n in 1...9 { text += "a\(n): &a\(n) [" + Array(repeating: "*a\(n - 1)", count: 10).joined(separator: ", ") + "]\n" }
        text += "paths: {}\n"
        let clock = ContinuousClock()
        let start = clock.now
        #expect(failure(text)?.hasSuffix("holds more than 4000000 values (with YAML aliases expanded); refused") == true)
        #expect(clock.now - start < .seconds(5))
    }

    @Test func tooLargeAndTooDeepAreRefused() {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: OpenAPIReader.maxBytes + 1)
        #expect(throws: OpenAPIError("big.json is 24.0 MB; an OpenAPI document may be at most 24.0 MB")) {
            try OpenAPIReader.read(big, name: "big.json")
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(failure(deep)?.contains("nested deeper than") == true)
        let deepYAML = String(repeating: "- ", count: 300) + "x\n"
        #expect(failure(deepYAML)?.contains("nested deeper than 256 levels") == true)
    }

    /// 10,000 operations: read up to the bound, at most 200 endpoints
    /// written, the rest counted; the config still loads.
    @Test func tenThousandOperations() throws {
        var paths: [String] = []
        for n in 0..<10_000 {
            paths.append(##""/r\##(n)": {"get": {"summary": "R\##(n)", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/List"}}}}}}}"##)
        }
        let text = #"{"openapi": "3.0.0", "info": {"title": "many", "version": "1"}, "servers": [{"url": "https://h.example"}], "paths": {"#
            + paths.joined(separator: ",")
            + #"}, "components": {"schemas": {"List": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}"#
        let i = try imported(text)
        #expect(i.config.endpoints.count == OpenAPIConfig.maxEndpoints)
        #expect(i.yaml.contains("# 8000 more GET or POST operations past the first 2000 were not read."))
        #expect(i.yaml.contains("# Not imported: GET /r1999: past the 200 endpoints a config takes."))
    }

    // MARK: Hostile values

    /// Keys and values with quotes, colons, newlines, anchors, aliases and
    /// `${` cannot change the config's structure or read a variable: the
    /// loader reads them back as the text they were.
    @Test func hostileValuesStayText() throws {
        let nasty = #"a\"b: c\n  injected: true &x *y ${HOME} #"#
        let i = try imported("""
        {"openapi": "3.0.0", "info": {"title": "\(nasty)", "version": "1"}, "servers": [{"url": "https://h.example"}],
         "paths": {"/x/{id}/${HOME}": {"get": {"summary": "\(nasty)",
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "example": "\(nasty)"},
                          {"name": "k: v", "in": "query", "schema": {"type": "string", "enum": ["\(nasty)", "${PATH}"]}},
                          {"name": "sort", "in": "query", "schema": {"type": "string", "enum": ["a\\nb"]}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {
             "we: ird\\n": {"type": "array", "items": {"type": "object", "properties": {"id\\"": {"type": "integer"}, "${HOME}": {"type": "string"}, "- x": {"type": "string"}}}}}}}}}}}}}}
        """)
        let e = try #require(i.config.endpoints.first)
        #expect(e.title == "a\"b: c   injected: true &x *y ${HOME} #")
        #expect(e.url == "/x/{id}/${HOME}")
        #expect(e.params["id"] == .one("a\"b: c\n  injected: true &x *y ${HOME} #"))
        #expect(e.query.filters.first?.options.flatMap { $0.params.keys } == ["k: v", "k: v"])
        #expect(e.query.filters.first?.options.flatMap { $0.params.values } == ["a\"b: c\n  injected: true &x *y ${HOME} #", "${PATH}"])
        #expect(e.response.listPath == JSONPath(steps: [.key("we: ird\n")]))
        #expect(i.config.auth == nil)
        #expect(!i.yaml.contains("\ninjected"))
    }
}
