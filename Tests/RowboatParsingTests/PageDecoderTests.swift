import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("PageDecoder: envelopes, lists and decode errors")
struct PageDecoderTests {
    /// An endpoint shaped like the demo one.
    let endpoint = Endpoint(
        key: "items", url: "/api/items",
        paging: Paging(style: .pageNumber(param: "page", first: 1),
                       totalPagesPath: JSONPath("datas.totalPage"), totalCountPath: JSONPath("datas.total")),
        response: ResponseShape(listPath: JSONPath("datas.list")!, successPath: JSONPath("code"),
                                successValues: ["200"], messagePath: JSONPath("msg")),
        item: ItemMapping(fields: [
            FieldSpec(name: "id", path: JSONPath("id")!),
            FieldSpec(name: "title", path: JSONPath("title")!),
            FieldSpec(name: "price", path: JSONPath("price")!, type: .money),
        ]))

    func decode(_ body: String, contentType: String? = "application/json") throws(DataError) -> PageResult {
        try PageDecoder(endpoint: endpoint).decode(body: Array(body.utf8), contentType: contentType)
    }

    func failure(_ body: String, contentType: String? = "application/json") -> DataError? {
        do { _ = try decode(body, contentType: contentType); return nil } catch { return error }
    }

    @Test func decodesAPage() throws {
        let page = try decode("""
        {"code": 200, "msg": "ok", "datas": {"totalPage": 5, "total": 150,
          "list": [{"id": 1, "title": "A &amp; B", "price": "9.5"}, {"id": "x2", "title": "B"}]}}
        """)
        #expect(page == PageResult(items: [
            Item(id: "1", values: ["id": .text("1"), "title": .text("A & B"), "price": .money(9.5)]),
            Item(id: "x2", values: ["id": .text("x2"), "title": .text("B"), "price": .missing]),
        ], facts: PageFacts(itemCount: 2, totalPages: 5, totalCount: 150)))
    }

    @Test func totalsAsStringsOrMissing() throws {
        let page = try decode(#"{"code": "200", "datas": {"totalPage": "3", "list": []}}"#)
        // The page's facts say which configured path the body lacks.
        var facts = PageFacts(itemCount: 0, totalPages: 3, totalCount: nil)
        facts.absentPaths = [#"paging.totalCount "datas.total""#]
        #expect(page == PageResult(items: [], facts: facts))
    }

    @Test func nullListIsEmpty() throws {
        #expect(try decode(#"{"code": 200, "datas": {"list": null}}"#).items == [])
    }

    @Test func serverErrorCarriesTheMessage() {
        let e = failure(#"{"code": 500, "msg": "database down", "datas": null}"#)
        #expect(e == .server(message: "database down"))
        #expect(e?.description == "server error: database down")
    }

    @Test func serverErrorWithoutMessageOrCode() {
        #expect(failure(#"{"datas": {"list": []}}"#) == .server(message: nil))
        #expect(failure(#"{"code": 401}"#)?.description == "server error: no message")
        #expect(failure("[]") == .server(message: nil))
    }

    @Test func serverMessageIsSanitized() {
        let e = failure(#"{"code": 500, "msg": "bad\n\u001b[2Jthing"}"#)
        #expect(e == .server(message: "bad [2Jthing"))
    }

    @Test func htmlBodyIsNotJSON() {
        let html = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
        let e = failure(html, contentType: "text/html; charset=utf-8")
        #expect(e == .notJSON(contentType: "text/html; charset=utf-8",
                              firstBytes: "\"" + String(html.prefix(48)) + "…\""))
        #expect(e?.description == "not JSON (text/html; charset=utf-8): \"<html><head><title>502 Bad Gateway</title></head…\"")
    }

    @Test func notJSONPreviewIsSanitizedAndShort() {
        let e = failure("\u{1B}[2J\u{07}oops\nmore", contentType: nil)
        #expect(e == .notJSON(contentType: nil, firstBytes: "\"[2Joops more\""))
        #expect(e?.description == "not JSON (no content type): \"[2Joops more\"")
    }

    @Test func emptyBody() {
        #expect(failure("") == .emptyResponse)
        #expect(DataError.emptyResponse.description == "empty response")
    }

    @Test func listPathMissing() {
        let e = failure(#"{"code": 200, "datas": {}}"#)
        #expect(e == .mappingMismatch(path: "datas.list", found: "nothing"))
        #expect(e?.description == "mapping mismatch at datas.list: found nothing")
    }

    @Test func listNotAnArray() {
        #expect(failure(#"{"code": 200, "datas": {"list": {"b": 1, "a": 2}}}"#)
            == .mappingMismatch(path: "datas.list", found: "an object with keys a, b"))
        #expect(failure(#"{"code": 200, "datas": {"list": "soon"}}"#)
            == .mappingMismatch(path: "datas.list", found: "\"soon\""))
        #expect(failure(#"{"code": 200, "datas": {"list": 3}}"#)
            == .mappingMismatch(path: "datas.list", found: "3"))
    }

    @Test func missingIDNamesTheElement() {
        let e = failure(#"{"code": 200, "datas": {"list": [{"id": 1, "title": "a"}, {"title": "b"}]}}"#)
        #expect(e == .mappingMismatch(path: "datas.list[1].id", found: "nothing"))
        #expect(e?.description == "mapping mismatch at datas.list[1].id: found nothing")
    }

    @Test func rootArrayWithTheEmptyListPath() throws {
        let bare = Endpoint(key: "e", url: "/e", item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let page = try PageDecoder(endpoint: bare).decode(body: Array(#"[{"t": "a"}, {"t": "b"}]"#.utf8), contentType: nil)
        #expect(page == PageResult(items: [Item(id: "0", values: ["title": .text("a")]),
                                           Item(id: "1", values: ["title": .text("b")])]))
        #expect(throws: DataError.mappingMismatch(path: "(root)", found: "an object with keys t")) {
            try PageDecoder(endpoint: bare).decode(body: Array(#"{"t": 1}"#.utf8), contentType: nil)
        }
    }
}
