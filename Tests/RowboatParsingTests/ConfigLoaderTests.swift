import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("ConfigLoader: accepted configs")
struct ConfigLoaderTests {
    @Test func fullEndpoint() throws {
        let yaml = """
        server: https://api.example.com
        communication:
          method: post
          timeout: 2.5
          userAgent: probe/1
          headers:
            X-Team: blue
        interfaces:
          search:
            url: https://other.example.com/v2/search
            method: GET
            params:
              q: red shoes
              tag: [a, b]
            headers: {X-Trace: "1"}
            paging: {style: page, param: p, firstPage: 0}
            response: {list: data}
            item:
              nullStrings: [N/A, "-"]
              title: name
              when: {path: meta.created, type: date-iso8601, relative: true, default: "2024-01-01"}
              count: {path: n, type: INT}
          second:
            url: /b
            item: {title: t}
        """
        let config = try ConfigLoader.parse(yaml, file: "c.yaml")
        #expect(config.communication == Communication(method: .post, timeoutSeconds: 2.5,
                                                      headers: ["X-Team": "blue"], userAgent: "probe/1"))
        #expect(config.endpoints.map(\.key) == ["search", "second"])
        let search = try #require(config.endpoint("search"))
        #expect(search.url == "https://other.example.com/v2/search")
        #expect(search.method == .get)
        #expect(search.params == ["q": .one("red shoes"), "tag": .many(["a", "b"])])
        #expect(search.headers == ["X-Trace": "1"])
        #expect(search.paging == Paging(style: .pageNumber(param: "p", first: 0)))
        #expect(search.response == ResponseShape(listPath: JSONPath("data")!,
                                                 successValues: ["true", "1", "200", "0", "ok", "success"]))
        #expect(search.item == ItemMapping(fields: [
            FieldSpec(name: "title", path: JSONPath("name")!),
            FieldSpec(name: "when", path: JSONPath("meta.created")!, type: .dateISO8601,
                      defaultValue: "2024-01-01", relative: true),
            FieldSpec(name: "count", path: JSONPath("n")!, type: .int),
        ], nullStrings: ["N/A", "-"]))
        #expect(search.columns == [ColumnSpec(field: "title", title: "Title", width: .weight(2, min: 10))])
    }

    @Test func defaultsWhenSectionsAreLeftOut() throws {
        let config = try ConfigLoader.parse("""
        server: http://x
        interfaces:
          e:
            url: /e
            item: {title: t, subtitle: s}
        """, file: "c.yaml")
        #expect(config.communication == Communication())
        let e = try #require(config.defaultEndpoint)
        #expect(e.paging == Paging())
        #expect(e.paging.style == .none)
        #expect(e.response == ResponseShape())
        #expect(e.columns == [
            ColumnSpec(field: "title", title: "Title", width: .weight(2, min: 10)),
            ColumnSpec(field: "subtitle", title: "Subtitle", width: .weight(1, min: 8)),
        ])
    }

    @Test func columnTitleDefaultsToCapitalizedField() throws {
        let config = try ConfigLoader.parse("""
        server: http://x
        interfaces:
          e:
            url: /e
            item: {title: t, price: {path: p, type: money}}
            columns:
              - {field: price}
        """, file: "c.yaml")
        #expect(config.endpoints[0].columns == [ColumnSpec(field: "price", title: "Price", width: .weight(1, min: 6))])
    }

    @Test func environmentExpansion() throws {
        let yaml = """
        server: ${BASE}
        communication:
          headers:
            Authorization: Bearer ${TOKEN}
            X-Price: $$5 and $ alone
        interfaces:
          e: {url: /e, item: {title: t}}
        """
        let config = try ConfigLoader.parse(yaml, file: "c.yaml",
                                            environment: ["BASE": "https://api.example.com", "TOKEN": "s3cret"])
        #expect(config.server == "https://api.example.com")
        #expect(config.communication.headers == ["Authorization": "Bearer s3cret", "X-Price": "$5 and $ alone"])
    }

    @Test func jsonTextIsAccepted() throws {
        let json = """
        {"server": "http://127.0.0.1:9", "communication": {"timeout": 3},
         "interfaces": {"items": {"url": "/api/items", "paging": {"style": "page", "size": 10, "sizeParam": "n"},
                                  "item": {"id": "id", "title": "title"}}}}
        """
        let config = try ConfigLoader.parse(json, file: "c.json")
        #expect(config.server == "http://127.0.0.1:9")
        #expect(config.communication.timeoutSeconds == 3)
        let items = try #require(config.endpoint("items"))
        #expect(items.paging == Paging(style: .pageNumber(param: "page", first: 1), sizeParam: "n", size: 10))
        #expect(items.item.fields.map(\.name) == ["id", "title"])
    }
}
