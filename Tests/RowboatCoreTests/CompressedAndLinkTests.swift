import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// Smaller cases of issue #28: a compressed body nobody asked for says so
/// (it used to read as "JSON nested deeper than 512 levels" when streamed,
/// or "not JSON" with binary bytes), and a `link` endpoint whose first page
/// comes without a `Link` header says once that there is no next page.
@Suite("Compressed bodies and a missing Link header")
struct CompressedAndLinkTests {
    let endpoint = Fixtures.demoEndpoint

    @Test func aCompressedBodyIsNamedNotParsed() {
        let decoder = PageDecoder(endpoint: endpoint)
        let json = Array(#"{"code": 200, "datas": {"list": []}}"#.utf8)
        for (headers, body, encoding) in [([("Content-Encoding", "gzip")], json, "gzip"),
                                          ([("content-encoding", " BR ")], json, "br"),
                                          ([], [0x1F, 0x8B, 0x08, 0x00, 0x00], "gzip")] as [([(String, String)], [UInt8], String)] {
            #expect(throws: DataError.compressedBody(encoding)) {
                try decoder.decode(body: body, contentType: "application/json", headers: headers)
            }
        }
        // identity is no compression.
        #expect(throws: Never.self) {
            try decoder.decode(body: json, contentType: "application/json", headers: [("Content-Encoding", "identity")])
        }
        #expect(DataError.compressedBody("gzip").description
            == "response body is compressed (gzip) though no compression was asked for")
        #expect(DataError.compressedBody("x\u{1B}]0;t\u{07}" + String(repeating: "y", count: 100)).description.count < 110)
    }

    let link = Endpoint(key: "l", url: "/l", paging: Paging(style: .link, size: 10),
                        response: ResponseShape(listPath: JSONPath("datas.list")!),
                        item: ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath("id")!),
                                                   FieldSpec(name: "title", path: JSONPath("title")!)]))

    func page(items: Int, headers: [(String, String)]) throws -> PageResult {
        let list = (0..<items).map { #"{"id": \#($0), "title": "t"}"# }.joined(separator: ",")
        return try PageDecoder(endpoint: link).decode(body: Array(#"{"datas": {"list": [\#(list)]}}"#.utf8),
                                                      contentType: nil, headers: headers)
    }

    @Test func aLinkPageWithoutANextLinkSaysSoUnlessItLooksLikeTheLast() throws {
        let full = try page(items: 10, headers: [])
        #expect(full.nextURL == nil)
        #expect(full.absentPaths == [PagingNotice.noNextLink])
        #expect(PagingNotice.text(full.absentPaths)
            == #"no next page: the server sent no Link header with rel="next" (paging.style link)"#)
        // With the header, or on a short page (the last), nothing is said.
        #expect(try page(items: 10, headers: [("Link", #"<http://h/l?page=2>; rel="next""#)]).absentPaths.isEmpty)
        #expect(try page(items: 3, headers: []).absentPaths.isEmpty)
        #expect(try page(items: 10, headers: [("Link", #"<http://h/l?page=1>; rel="prev""#)]).absentPaths
            == [PagingNotice.noNextLink])
        // Said with an absent body path in one line.
        #expect(PagingNotice.text([#"paging.totalCount "total""#, PagingNotice.noNextLink])
            == #"paging.totalCount "total" is not in the first page (a typo in the config?); no next page: the server sent no Link header with rel="next" (paging.style link)"#)
    }

    @Test func theListSaysItOnceInItsNotice() throws {
        var state = ListState(paging: link.paging)
        _ = ListReducer.reduce(&state, .appeared, paging: link.paging)
        var facts = PageFacts(itemCount: 10)
        facts.absentPaths = [PagingNotice.noNextLink]
        _ = ListReducer.reduce(&state, .pageLoaded(requestID: 1, PageLoad(rows: [], facts: facts, fetchedAt: 0)), paging: link.paging)
        #expect(state.pagingNotice == #"no next page: the server sent no Link header with rel="next" (paging.style link)"#)
    }
}
