import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// The config keys the paging search writes, read and checked as any
/// other: the end rules past the end, a cursor from a header, a position in
/// a header, an offset by the size asked, plain-value items, optional
/// credentials; and the requests they make.
@Suite("Config: what the paging search writes")
struct PagingSearchConfigTests {
    func load(_ endpoint: String, top: String = "", environment: [String: String] = [:]) throws -> RowboatConfig {
        try ConfigLoader.parse("""
        server: http://h
        \(top)
        interfaces:
          e:
            url: /items
        \(endpoint)
        """, file: "t.yaml", environment: environment)
    }

    @Test func theEndRulesAreReadAndChecked() throws {
        let config = try load("""
            paging: {style: page, endOnStatus: [400, 416], endOnMissingList: true, endOnShortPage: true}
            item: {title: name}
        """)
        let paging = config.endpoints[0].paging
        #expect(paging.endOnStatus == [400, 416] && paging.endOnMissingList && paging.endOnShortPage)
        #expect(try load("    paging: {style: page, endOnStatus: 404}\n    item: {title: name}").endpoints[0].paging.endOnStatus == [404])
        #expect(throws: ConfigError.self) { try load("    paging: {style: page, endOnStatus: [500]}\n    item: {title: name}") }
        do {
            _ = try load("    paging: {style: offset, offsetBy: size}\n    item: {title: name}")
            Issue.record("offsetBy size without a size loaded")
        } catch let error as ConfigError {
            #expect(error.message == "offsetBy size needs the page size: give size")
        }
        #expect(try load("    paging: {style: offset, offsetBy: size, size: 20}\n    item: {title: name}").endpoints[0].paging.offsetStep == .size)
    }

    @Test func aCursorTravelsInHeaders() throws {
        let config = try load("""
            paging: {style: cursor, nextCursorHeader: x-ms-continuation, cursorParam: "header:x-ms-continuation"}
            item: {title: name}
        """)
        let endpoint = config.endpoints[0]
        #expect(endpoint.paging.nextCursorHeader == "x-ms-continuation")
        let spec = RequestBuilder(config: config, endpoint: endpoint).request(cursor: .token("eyJvZmZzZXQiOiAyMH0="))
        #expect(spec.url == "http://h/items")
        #expect(spec.headers.header("x-ms-continuation") == "eyJvZmZzZXQiOiAyMH0=")
        let page = try PageDecoder(endpoint: endpoint).decode(body: Array(#"[{"name": "a"}]"#.utf8), contentType: nil,
                                                              headers: [("x-ms-continuation", "abc")])
        #expect(page.facts.nextToken == "abc")
        #expect(throws: ConfigError.self) {
            try load("    paging: {style: cursor, nextCursor: n, cursorParam: \"header:bad name\"}\n    item: {title: name}")
        }
        #expect(throws: ConfigError.self) {
            try load("    paging: {style: cursor, nextCursor: n, nextCursorHeader: x}\n    item: {title: name}")
        }
    }

    @Test func aPageNumberFillsItsPathSegment() throws {
        let config = try load("    paging: {style: page}\n    item: {title: name}")
        var endpoint = config.endpoints[0]
        endpoint.url = "/archive/page/{page}.json"
        let builder = RequestBuilder(config: config, endpoint: endpoint)
        #expect(builder.missingPathParams().isEmpty)
        #expect(builder.request(cursor: .page(3)).url == "http://h/archive/page/3.json")
    }

    @Test func plainValuesAreTheirOwnIdAndTitle() throws {
        let config = try load("    response: {list: names}\n    item: value")
        let mapping = config.endpoints[0].item
        #expect(mapping.isValueForm)
        let page = try PageDecoder(endpoint: config.endpoints[0]).decode(body: Array(#"{"names": ["b", "a"]}"#.utf8),
                                                                         contentType: nil, headers: [])
        #expect(page.items.map(\.id) == ["b", "a"] && page.items.map { $0.text("title") } == ["b", "a"])
        do {
            _ = try load("    item: values")
            Issue.record("item: values loaded")
        } catch let error as ConfigError {
            #expect(error.message == "item is a mapping of fields, or \"value\" for items that are plain values, not \"values\"")
        }
    }

    @Test func optionalCredentialsAreLeftOutWhileTheirVariableIsUnset() throws {
        let auth = "auth: {type: bearer, token: \"${API_TOKEN}\", optional: true}"
        #expect(try load("    item: {title: name}", top: auth).auth == nil)
        #expect(try load("    item: {title: name}", top: auth, environment: ["API_TOKEN": "t0k"]).auth == .bearer(token: "t0k"))
        // Without optional, an unset variable is the error it always was.
        #expect(throws: ConfigError.self) {
            try load("    item: {title: name}", top: "auth: {type: bearer, token: \"${API_TOKEN}\"}")
        }
    }
}
