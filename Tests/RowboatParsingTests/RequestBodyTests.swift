import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("Typed JSON request bodies and body paths")
struct RequestBodyTests {
    func config(_ yaml: String, communication: String = "") throws -> RowboatConfig {
        try ConfigLoader.parse("server: https://api.example.com\n\(communication)interfaces:\n  e:\n" + yaml, file: "b.yaml")
    }

    func request(_ yaml: String, communication: String = "", cursor: PageCursor = .first,
                 params: [String: ParamValue] = [:]) throws -> RequestSpec {
        let c = try config(yaml, communication: communication)
        let e = try #require(c.endpoint("e"))
        return RequestBuilder(config: c, endpoint: e).request(cursor: cursor, params: params)
    }

    /// The body as a JSON value, to compare regardless of key order.
    func body(_ spec: RequestSpec) throws -> JSONValue {
        try JSONValue.parse(Data(try #require(spec.body)))
    }

    let graphQL = """
        url: /graphql
        method: POST
        body:
          query: "query($first: Int!, $after: String) { x }"
          variables: {first: 1, after: null, owner: "5", on: true, tags: [a, 2, 1.5], nested: {n: ~}}
        paging: {style: cursor, cursorParam: $.variables.after, nextCursor: data.pageInfo.endCursor,
                 sizeParam: $.variables.first, size: 20}
        params: {api-version: "7"}
        search: $.variables.q
        item: {title: t}
    """

    @Test func theTemplateKeepsYAMLTypesAndPagingGoesToBodyPaths() throws {
        let first = try request(graphQL)
        #expect(first.method == .post)
        #expect(first.url == "https://api.example.com/graphql?api-version=7")
        #expect(first.headers.contains { $0 == ("Content-Type", "application/json") })
        #expect(try body(first) == .object([
            "query": .string("query($first: Int!, $after: String) { x }"),
            "variables": .object(["first": .int(20), "after": .null, "owner": .string("5"), "on": .bool(true),
                                  "tags": .array([.string("a"), .int(2), .double(1.5)]),
                                  "nested": .object(["n": .null])]),
        ]))
        let next = try request(graphQL, cursor: .token("Y3Vyc29yOjIw"), params: ["$.variables.q": .one("swift")])
        let variables = try #require(JSONPath("variables")?.lookup(in: try body(next)))
        #expect(JSONPath("after")?.lookup(in: variables) == .string("Y3Vyc29yOjIw"))
        #expect(JSONPath("q")?.lookup(in: variables) == .string("swift"))
        #expect(JSONPath("first")?.lookup(in: variables) == .int(20))
    }

    @Test func bodiesAreCompactAndStable() throws {
        let a = try request(graphQL, cursor: .token("c"))
        let b = try request(graphQL, cursor: .token("c"))
        #expect(a.body == b.body)
        let text = String(decoding: try #require(a.body), as: UTF8.self)
        #expect(text.hasPrefix(#"{"query":"query($first: Int!, $after: String) { x }","variables":{"after":"c","#))
    }

    @Test func aJSONCursorIsPlacedAsItsValue() throws {
        let yaml = """
            url: /products/_search
            method: POST
            body: {query: {match_all: {}}, sort: [{created_at: desc}, {id: asc}]}
            paging: {style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: $.search_after,
                     sizeParam: $.size, size: 20}
            response: {list: hits.hits}
            item: {id: _id, title: _source.name}
        """
        let first = try body(try request(yaml))
        #expect(JSONPath("search_after")?.lookup(in: first) == nil)
        #expect(JSONPath("size")?.lookup(in: first) == .int(20))
        let next = try body(try request(yaml, cursor: .token(#"[1700000000000,"p20"]"#)))
        #expect(JSONPath("search_after")?.lookup(in: next) == .array([.int(1_700_000_000_000), .string("p20")]))
        #expect(JSONPath("sort[1].id")?.lookup(in: next) == .string("asc"))
    }

    @Test func aJSONCursorInAQueryParamIsItsJSONText() throws {
        let spec = try request("""
            url: /items.json
            params: {orderBy: '"$key"'}
            paging: {style: lastId, cursorParam: startAt, cursorFormat: json, sizeParam: limitToFirst, size: 2}
            response: {keyed: true}
            item: {id: $key, title: name}
        """, cursor: .token(#""-Nb""#))
        #expect(spec.url == "https://api.example.com/items.json?limitToFirst=2&orderBy=%22%24key%22&startAt=%22-Nb%22")
    }

    @Test func bodyPathsInAFlatJSONBody() throws {
        let spec = try request("""
            url: /search
            method: POST
            paging: {style: offset, offsetParam: $.page.from, sizeParam: $.page.size, size: 10}
            params: {q: shoes}
            item: {title: t}
        """, communication: "communication: {bodyFormat: json}\n", cursor: .offset(30))
        #expect(try body(spec) == .object(["q": .string("shoes"), "page": .object(["from": .int(30), "size": .int(10)])]))
        #expect(spec.url == "https://api.example.com/search")
    }

    @Test func aFlatJSONBodyWithoutBodyPathsIsUnchanged() throws {
        let spec = try request("""
            url: /search
            method: POST
            paging: {style: page, sizeParam: size, size: 5}
            params: {q: shoes, tag: [a, b]}
            item: {title: t}
        """, communication: "communication: {bodyFormat: json}\n")
        #expect(String(decoding: try #require(spec.body), as: UTF8.self) == #"{"page":"1","q":"shoes","size":"5","tag":["a","b"]}"#)
    }

    @Test func placingCreatesAndReplacesWhatIsInTheWay() {
        var body: JSONValue = .object(["a": .string("x")])
        JSONBody.place(.int(1), at: JSONPath("a.b")!, in: &body)
        JSONBody.place(.bool(true), at: JSONPath("list[2]")!, in: &body)
        JSONBody.place(.string("k"), at: JSONPath(#"["odd key"]"#)!, in: &body)
        JSONBody.place(.null, at: JSONPath("[-1]")!, in: &body)
        #expect(body == .object(["a": .object(["b": .int(1)]), "list": .array([.null, .null, .bool(true)]),
                                 "odd key": .string("k")]))
        var root: JSONValue = .null
        JSONBody.place(.int(7), at: JSONPath("")!, in: &root)
        #expect(root == .int(7))
        JSONBody.place(.int(1), at: JSONPath("[\(JSONBody.maxIndex + 1)]")!, in: &root)
        #expect(root == .int(7))
    }

    @Test func bodyPathNames() {
        #expect(JSONBody.path("$.variables.after")?.steps == [.key("variables"), .key("after")])
        #expect(JSONBody.path(#"$["page size"]"#)?.steps == [.key("page size")])
        #expect(JSONBody.path("$.a[3]")?.steps == [.key("a"), .index(3)])
        #expect(JSONBody.path("after") == nil)
        #expect(JSONBody.path("$") == nil)
        #expect(JSONBody.path("$.") == nil)
        #expect(JSONBody.path("$.a[*]") == nil)
        #expect(JSONBody.path("$.a[-1]") == nil)
        #expect(JSONBody.path("$.a[1001]") == nil)
        #expect(JSONBody.path("$key") == nil)
    }

    @Test func misusedBodiesAndBodyPathsNameTheSpot() {
        func error(_ yaml: String, communication: String = "") -> String? {
            do { _ = try config(yaml, communication: communication); return nil } catch { return "\(error)" }
        }
        #expect(error("""
            url: /graphql
            body: {query: x}
            item: {title: t}
        """) == "b.yaml:5:11: interfaces.e.body: a request body needs method POST (this endpoint sends GET)")
        #expect(error("""
            url: /x
            paging: {style: cursor, nextCursor: next, cursorParam: $.after}
            item: {title: t}
        """) == "b.yaml:5:60: interfaces.e.paging.cursorParam: $.after is a body path; it needs method POST (this endpoint sends GET)")
        #expect(error("""
            url: /x
            method: POST
            paging: {style: page, param: $.page}
            item: {title: t}
        """) == "b.yaml:6:34: interfaces.e.paging.param: $.page is a body path; it needs a JSON body (communication.bodyFormat: json, or a body: on the endpoint)")
        #expect(error("""
            url: /x
            method: POST
            body: {}
            paging: {style: page, sizeParam: "$.a[*]"}
            item: {title: t}
        """)?.hasPrefix(#"b.yaml:7:38: interfaces.e.paging.sizeParam: malformed body path "$.a[*]""#) == true)
        #expect(error("""
            url: /x
            search: $.q
            item: {title: t}
        """) == "b.yaml:5:13: interfaces.e.search: $.q is a body path; it needs method POST (this endpoint sends GET)")
        #expect(error("""
            url: /x
            method: POST
            body: {}
            filters: [{title: S, param: "$.s[-1]", options: [{title: A}]}]
            item: {title: t}
        """)?.hasPrefix("b.yaml:7:33: interfaces.e.filters[0].param: malformed body path") == true)
        #expect(error("""
            url: /x
            method: POST
            body: {n: .inf}
            item: {title: t}
        """) == "b.yaml:6:15: interfaces.e.body.n: \".inf\" is not a number JSON can hold")
        #expect(error("""
            url: /x
            paging: {style: cursor, nextCursor: a, lastItemCursor: b}
            item: {title: t}
        """) == "b.yaml:5:60: interfaces.e.paging.lastItemCursor: give one of nextCursor (read from the body), lastItemCursor (read in the last item) or nextCursorHeader (a response header), not nextCursor and lastItemCursor")
        #expect(error("""
            url: /x
            paging: {style: page, cursorFormat: json}
            item: {title: t}
        """) == "b.yaml:5:41: interfaces.e.paging.cursorFormat: cursorFormat does not apply to paging style page (only to cursor, lastId)")
        #expect(error("""
            url: /x
            paging: {style: lastId, cursorFormat: jsn}
            item: {title: t}
        """) == #"b.yaml:5:43: interfaces.e.paging.cursorFormat: expected one of text, json, encoded, found "jsn"; did you mean "json"?"#)
        #expect(error("""
            url: /x
            paging: {style: cursor, nextCursor: n, endOnEmptyPages: true}
            item: {title: t}
        """) == #"b.yaml:5:44: interfaces.e.paging.endOnEmptyPages: unknown key "endOnEmptyPages"; did you mean "endOnEmptyPage"?"#)
        #expect(error("""
            url: /x
            paging: {style: offset, endOnEmptyPage: true}
            item: {title: t}
        """) == "b.yaml:5:45: interfaces.e.paging.endOnEmptyPage: endOnEmptyPage does not apply to paging style offset (only to cursor, nextURL, link, continuation)")
    }
}
