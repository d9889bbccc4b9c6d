import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("End rules: cursor styles end with the cursor; a missing path is said once")
struct EndRulesTests {
    typealias F = Fixtures

    let cursor = Paging(style: .cursor(param: "cursor", next: JSONPath("next")!))

    @Test func anEmptyPageWithACursorGoesOn() {
        let plan = PagingPlan(paging: cursor)
        #expect(plan.next(after: .first, page: PageFacts(itemCount: 0, nextToken: "c2"), loadedCount: 0) == .token("c2"))
        #expect(plan.next(after: .token("c2"), page: PageFacts(itemCount: 0, nextToken: nil), loadedCount: 0) == nil)
        #expect(plan.next(after: .token("c2"), page: PageFacts(itemCount: 0, hasMore: false, nextToken: "c3"), loadedCount: 0) == nil)
        let link = PagingPlan(paging: Paging(style: .link))
        #expect(link.next(after: .first, page: PageFacts(itemCount: 0, nextURL: "https://h/2"), loadedCount: 5) == .url("https://h/2"))
        let next = PagingPlan(paging: Paging(style: .nextURL(path: JSONPath("n")!)))
        #expect(next.next(after: .first, page: PageFacts(itemCount: 0, nextURL: "https://h/2"), loadedCount: 5) == .url("https://h/2"))
    }

    @Test func endOnEmptyPageRestoresTheOldRule() {
        var paging = cursor
        paging.endOnEmptyPage = true
        #expect(PagingPlan(paging: paging).next(after: .first, page: PageFacts(itemCount: 0, nextToken: "c2"), loadedCount: 0) == nil)
        #expect(paging.endsOnEmptyPage)
        for style: Paging.Style in [.none, .pageNumber(param: "p", first: 1), .offset(param: "o"), .lastID(param: "c")] {
            #expect(Paging(style: style).endsOnEmptyPage)
        }
    }

    @Test func theListLoadsOnAfterAnEmptyFirstPageWithACursor() {
        var state = ListState(paging: cursor)
        F.send(&state, paging: cursor, .appeared)
        let empty = PageLoad(rows: [], facts: PageFacts(itemCount: 0, nextToken: "c2"), fetchedAt: F.fetchedAt)
        let effects = ListReducer.reduce(&state, .pageLoaded(requestID: 1, empty), paging: cursor)
        #expect(effects == [.fetchPage(requestID: 2, cursor: .token("c2"))])
        var expected = ListState(paging: cursor)
        expected.phase = .loadingMore
        expected.nextCursor = .token("c2")
        expected.pagesLoaded = 1
        expected.lastRequestID = 2
        expected.lastUpdated = F.fetchedAt
        expected.inFlight = .init(id: 2, kind: .more, cursor: .token("c2"), automatic: true)
        expected.trail.insert(.first)
        expected.trail.insert(.token("c2"))
        #expect(state == expected)
        let rows = F.rows(1...3)
        F.send(&state, paging: cursor, .pageLoaded(requestID: 2, PageLoad(rows: rows, facts: PageFacts(itemCount: 3), fetchedAt: F.fetchedAt)))
        #expect(state.rows == rows)
        #expect(state.phase == .exhausted)
    }

    @Test func absentPathsOnTheFirstPageBecomeTheStatusNotice() {
        var state = ListState(paging: cursor)
        F.send(&state, paging: cursor, .appeared)
        var facts = PageFacts(itemCount: 2)
        facts.absentPaths = [#"paging.nextCursor "nxt""#]
        F.send(&state, paging: cursor, .pageLoaded(requestID: 1, PageLoad(rows: F.rows(1...2), facts: facts, fetchedAt: F.fetchedAt)))
        #expect(state.pagingNotice == #"paging.nextCursor "nxt" is not in the first page (a typo in the config?)"#)
        #expect(state.phase == .exhausted)
        // Moving does not clear it (the config is still wrong); a first page without absent paths does.
        F.send(&state, paging: cursor, .move(.down))
        #expect(state.pagingNotice != nil)
        F.send(&state, paging: cursor, .refresh, .pageLoaded(requestID: 2, PageLoad(rows: F.rows(1...2), facts: PageFacts(itemCount: 2),
                                                                    fetchedAt: F.fetchedAt)))
        #expect(state.pagingNotice == nil)
    }

    @Test func laterPagesDoNotSetTheNotice() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared, .pageLoaded(requestID: 1, F.page(1...30, totalPages: 3)))
        var facts = PageFacts(itemCount: 30)
        facts.absentPaths = [#"paging.totalPages "meta.pages""#]
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: F.rows(31...60), facts: facts, fetchedAt: F.fetchedAt)))
        #expect(state.pagingNotice == nil)
    }

    @Test func noticeText() {
        #expect(PagingNotice.text([]) == nil)
        #expect(PagingNotice.text(["a", "b"]) == "a, b are not in the first page (a typo in the config?)")
    }

    @Test func theDecoderReportsAbsentButNotNullPaths() throws {
        let config = try ConfigLoader.parse("""
        server: http://x
        interfaces:
          e:
            url: /e
            paging: {style: cursor, nextCursor: meta.next, totalCount: meta.total, hasMore: meta.more}
            response: {list: items}
            item: {title: t}
        """, file: "t.yaml")
        let decoder = PageDecoder(endpoint: try #require(config.endpoint("e")))
        let typo = try decoder.decode(body: Array(#"{"items": [{"t": "a"}], "meta": {"nxt": "c"}}"#.utf8), contentType: nil)
        // (An absent has-more flag stops nothing: it is not remarked.)
        #expect(typo.absentPaths == [#"paging.totalCount "meta.total""#, #"paging.nextCursor "meta.next""#])
        #expect(typo.facts.absentPaths == typo.absentPaths)
        let end = try decoder.decode(body: Array(#"{"items": [], "meta": {"next": null, "total": 1, "more": false}}"#.utf8),
                                     contentType: nil)
        #expect(end.absentPaths == [])
        // A page that looks like the last (has-more false, the total reached)
        // may leave the cursor out, as OData leaves out its next link.
        for body in [#"{"items": [{"t": "a"}], "meta": {"more": false, "total": 5}}"#,
                     #"{"items": [{"t": "a"}], "meta": {"total": 1}}"#] {
            #expect(try decoder.decode(body: Array(body.utf8), contentType: nil).absentPaths == [])
        }
    }

    @Test func lastItemCursorsAndJSONCursors() throws {
        let config = try ConfigLoader.parse("""
        server: http://x
        interfaces:
          es:
            url: /s
            method: POST
            body: {}
            paging: {style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: $.search_after}
            response: {list: hits.hits}
            item: {id: _id, title: t}
          fb:
            url: /f
            paging: {style: lastId, cursorParam: startAt, cursorFormat: json}
            response: {keyed: true}
            item: {id: $key, title: t}
          text:
            url: /t
            paging: {style: cursor, lastItemCursor: at}
            item: {title: t}
        """, file: "t.yaml")
        func decode(_ key: String, _ body: String) throws -> PageResult {
            try PageDecoder(endpoint: try #require(config.endpoint(key))).decode(body: Array(body.utf8), contentType: nil)
        }
        let es = try decode("es", #"{"hits": {"hits": [{"_id": "1", "t": "a", "sort": [5, "1"]}, {"_id": "2", "t": "b", "sort": [4, "2"]}]}}"#)
        #expect(es.nextToken == #"[4,"2"]"#)
        #expect(try decode("es", #"{"hits": {"hits": []}}"#).nextToken == nil)
        #expect(try decode("es", #"{"hits": {"hits": [{"_id": "1", "t": "a", "sort": null}]}}"#).nextToken == nil)
        let fb = try decode("fb", #"{"-Nb": {"t": "x"}, "-Na": {"t": "y"}}"#)
        #expect(fb.lastItemID == #""-Na""#)
        #expect(fb.items.map(\.id) == ["-Nb", "-Na"])
        #expect(try decode("text", #"[{"t": "a", "at": 17}, {"t": "b", "at": 12}]"#).nextToken == "12")
        #expect(throws: DataError.mappingMismatch(path: "at", found: "an array of 1")) {
            try decode("text", #"[{"t": "a", "at": [1]}]"#)
        }
    }
}
