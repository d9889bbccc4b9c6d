import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// The paging shapes added for APIs the earlier styles could not walk: a
/// next URL in any response header, paging facts as JSON in a header, an
/// is-last flag, continuation objects, percent-encoded cursors and rows as
/// arrays named by a column list — loaded, decoded and sent back.
@Suite("Paging shapes: header next URLs, header facts, isLast, continuation, encoded cursors, column rows")
struct PagingShapesTests {
    static func endpoint(_ yaml: String) throws -> Endpoint {
        let config = try ConfigLoader.parse("""
        server: https://h.example
        interfaces:
          e:
            url: /e
        \(yaml.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        """, file: "c.yaml")
        return config.endpoints[0]
    }

    static func loadError(_ yaml: String) -> ConfigError? {
        do { _ = try endpoint(yaml); return nil } catch let error as ConfigError { return error } catch { return nil }
    }

    static func decode(_ endpoint: Endpoint, _ body: String, headers: [(String, String)] = []) throws -> PageResult {
        try PageDecoder(endpoint: endpoint).decode(body: Array(body.utf8), contentType: "application/json", headers: headers)
    }

    static func request(_ endpoint: Endpoint, _ cursor: PageCursor) -> String {
        let config = RowboatConfig(source: "c", server: "https://h.example", communication: Communication(),
                                   endpoints: [endpoint])
        return RequestBuilder(config: config, endpoint: endpoint).request(cursor: cursor).url
    }

    @Test func aNextURLInAnyHeaderWithOrWithoutAngleBrackets() throws {
        let e = try Self.endpoint("paging: {style: nextURL, nextURLHeader: Next-Page}\nitem: {id: id, title: t}")
        #expect(e.paging.style == .nextURLHeader(name: "Next-Page"))
        let body = #"[{"id": 1, "t": "a"}]"#
        #expect(try Self.decode(e, body, headers: [("next-page", "<https://h.example/e?after=1>")]).nextURL
                == "https://h.example/e?after=1")
        #expect(try Self.decode(e, body, headers: [("Next-Page", " /e?after=1 ")]).nextURL == "/e?after=1")
        #expect(try Self.decode(e, body).nextURL == nil)
        #expect(PagingPlan(paging: e.paging).next(after: .first, page: PageFacts(itemCount: 1, nextURL: "https://h.example/e?after=1"),
                                                  loadedCount: 1) == .url("https://h.example/e?after=1"))
        #expect(Self.loadError("paging: {style: nextURL, nextURL: next, nextURLHeader: Next-Page}\nitem: {title: t}")?.message
                == "give nextURL (read from the body) or nextURLHeader (a response header), not both")
        #expect(Self.loadError("paging: {style: page, nextURLHeader: Next-Page}\nitem: {title: t}")?.message
                == "nextURLHeader does not apply to paging style page (only to nextURL)")
        #expect(Self.loadError("paging: {style: nextURL, nextURLHeader: \"Next Page\"}\nitem: {title: t}")?.message
                == "a header name is printable ASCII without spaces or colons")
    }

    @Test func pagingFactsAsJSONInAHeader() throws {
        let e = try Self.endpoint("""
        paging: {style: page, param: pageNumber, pagingHeader: X-Pagination, totalPages: TotalPages, totalCount: TotalCount, hasMore: HasNext}
        item: {id: id, title: t}
        """)
        let facts = #"{"TotalCount": 47, "PageSize": 20, "CurrentPage": 3, "TotalPages": 3, "HasNext": false}"#
        let page = try Self.decode(e, #"[{"id": 1, "t": "a"}]"#, headers: [("x-pagination", facts)])
        #expect(page.totalPages == 3 && page.totalCount == 47 && page.hasMore == false)
        #expect(page.absentPaths.isEmpty)
        // Without the header, on a page that does not look like the last, it is said once.
        let missing = try Self.decode(e, #"[{"id": 1, "t": "a"}]"#)
        #expect(missing.absentPaths == [#"paging.pagingHeader "X-Pagination""#])
        // A path the header's JSON does not hold is named as a body path would be.
        let typo = try Self.decode(e, #"[{"id": 1, "t": "a"}]"#, headers: [("X-Pagination", #"{"HasNext": true}"#)])
        #expect(typo.absentPaths == [#"paging.totalPages "TotalPages""#, #"paging.totalCount "TotalCount""#])
        #expect(Self.loadError("paging: {style: page, pagingHeadr: X}\nitem: {title: t}")?.message
                .hasSuffix("did you mean \"pagingHeader\"?") == true)
    }

    @Test func anIsLastFlagEndsTheData() throws {
        let e = try Self.endpoint("paging: {style: page, firstPage: 0, isLast: last}\nresponse: {list: content}\nitem: {id: id, title: t}")
        let more = try Self.decode(e, #"{"content": [{"id": 1, "t": "a"}], "last": false}"#)
        #expect(more.hasMore == nil)
        #expect(PagingPlan(paging: e.paging).next(after: .page(0), page: more.facts, loadedCount: 1) == .page(1))
        let last = try Self.decode(e, #"{"content": [{"id": 2, "t": "b"}], "last": true}"#)
        #expect(last.hasMore == false)
        #expect(PagingPlan(paging: e.paging).next(after: .page(1), page: last.facts, loadedCount: 2) == nil)
    }

    @Test func aContinuationObjectGoesBackAsParams() throws {
        let e = try Self.endpoint("""
        params: {action: query, srlimit: "20"}
        paging: {style: continuation, continuation: continue}
        response: {list: query.search}
        item: {id: pageid, title: title}
        """)
        let page = try Self.decode(e, #"{"continue": {"sroffset": 20, "continue": "-||"}, "query": {"search": [{"pageid": 1, "title": "a"}]}}"#)
        #expect(page.nextToken == "continue=-%7C%7C&sroffset=20")
        let next = try #require(PagingPlan(paging: e.paging).next(after: .first, page: page.facts, loadedCount: 1))
        #expect(Self.request(e, .first) == "https://h.example/e?action=query&srlimit=20")
        #expect(Self.request(e, next) == "https://h.example/e?action=query&continue=-%7C%7C&srlimit=20&sroffset=20")
        // Absent, null or empty: the end.
        for end in [#"{"query": {"search": []}}"#, #"{"continue": null, "query": {"search": []}}"#,
                    #"{"continue": {}, "query": {"search": []}}"#] {
            #expect(try Self.decode(e, end).nextToken == nil)
        }
        // The default path is `continue`; a value that is not an object is a mismatch.
        let plain = try Self.endpoint("paging: {style: continuation}\nresponse: {list: l}\nitem: {title: t}")
        #expect(plain.paging.style == .continuation(path: JSONPath("continue")!))
        #expect(throws: DataError.mappingMismatch(path: "continue", found: "\"x\"")) {
            try Self.decode(plain, #"{"continue": "x", "l": [{"t": "a"}]}"#)
        }
    }

    @Test func anEncodedCursorGoesBackEncodedOnce() throws {
        let encoded = try Self.endpoint("paging: {style: cursor, nextCursor: next, cursorFormat: encoded}\nitem: {title: t}")
        #expect(Self.request(encoded, .token("YWZ0ZXI6MjA%3D")) == "https://h.example/e?cursor=YWZ0ZXI6MjA%3D")
        #expect(Self.request(encoded, .token("a+b%2Fc")) == "https://h.example/e?cursor=a%2Bb%2Fc")
        // As text the same cursor is encoded again, as the server must then decode it twice.
        let text = try Self.endpoint("paging: {style: cursor, nextCursor: next}\nitem: {title: t}")
        #expect(Self.request(text, .token("YWZ0ZXI6MjA%3D")) == "https://h.example/e?cursor=YWZ0ZXI6MjA%253D")
        #expect(Self.loadError("paging: {style: cursor, nextCursor: n, cursorFormat: encode}\nitem: {title: t}")?.message
                .contains("encoded") == true)
    }

    @Test func rowsAsArraysAreNamedByTheColumnList() throws {
        let e = try Self.endpoint("""
        paging: {style: nextURL, nextURL: next_url}
        response: {list: rows, columnNames: columns}
        item: {id: pk, title: name, stars: {path: stars, type: int}}
        """)
        let page = try Self.decode(e, #"{"columns": ["pk", "name", "stars"], "rows": [[1, "a", 5], [2, "b", null]], "next_url": null}"#)
        #expect(page.items.map(\.id) == ["1", "2"])
        #expect(page.items[0].values["title"] == .text("a"))
        #expect(page.items[0].values["stars"] == .int(5))
        #expect(page.nextURL == nil)
        #expect(throws: DataError.mappingMismatch(path: "columns", found: "nothing")) {
            try Self.decode(e, #"{"rows": [[1, "a", 5]]}"#)
        }
        #expect(throws: DataError.mappingMismatch(path: "rows[0]", found: "7")) {
            try Self.decode(e, #"{"columns": ["pk"], "rows": [7]}"#)
        }
        #expect(Self.loadError("response: {keyed: true, columnNames: c}\nitem: {title: t}")?.message
                == "columnNames names the cells of array rows; a keyed list has objects")
    }

    @Test func theYAMLWriterKeepsTheNewKeys() throws {
        let e = try Self.endpoint("""
        paging: {style: cursor, nextCursor: next, cursorFormat: encoded, pagingHeader: X-P, isLast: last}
        response: {list: rows, columnNames: columns}
        item: {id: pk, title: name}
        """)
        let config = RowboatConfig(source: "c", server: "https://h.example", communication: Communication(), endpoints: [e])
        let yaml = try ConfigYAMLWriter.yaml(config, header: [])
        let back = try ConfigLoader.parse(yaml, file: "back.yaml").endpoints[0]
        #expect(back.paging == e.paging)
        #expect(back.response.columnNamesPath == e.response.columnNamesPath)
        for style in ["{style: nextURL, nextURLHeader: Next-Page}", "{style: continuation, continuation: cont}"] {
            let e = try Self.endpoint("paging: \(style)\nitem: {title: t}")
            let config = RowboatConfig(source: "c", server: "https://h.example", communication: Communication(), endpoints: [e])
            #expect(try ConfigLoader.parse(try ConfigYAMLWriter.yaml(config, header: []), file: "b").endpoints[0].paging == e.paging)
        }
    }
}
