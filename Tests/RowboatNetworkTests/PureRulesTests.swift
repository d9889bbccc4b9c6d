import Foundation
import RowboatSpec
import RowboatParsing
import Testing
@testable import RowboatNetwork

@Suite("Pure paging rules, Link headers, Retry-After and config keys")
struct PureRulesTests {
    func plan(_ style: Paging.Style) -> PagingPlan { PagingPlan(paging: Paging(style: style)) }

    @Test func firstCursors() {
        #expect(plan(.offset(param: "o")).first == .offset(0))
        #expect(plan(.cursor(param: "c", next: JSONPath("n")!)).first == .first)
        #expect(plan(.nextURL(path: JSONPath("next")!)).first == .first)
        #expect(plan(.link).first == .first)
        #expect(plan(.lastID(param: "after")).first == .first)
    }

    @Test func offsetAdvancesByItemsReceived() {
        let p = plan(.offset(param: "o"))
        #expect(p.next(after: .offset(0), page: PageFacts(itemCount: 7), loadedCount: 7) == .offset(7))
        #expect(p.next(after: .offset(7), page: PageFacts(itemCount: 7, totalCount: 14), loadedCount: 14) == nil)
        #expect(p.next(after: .offset(7), page: PageFacts(itemCount: 0), loadedCount: 7) == nil)
        #expect(p.next(after: .offset(7), page: PageFacts(itemCount: 3, hasMore: false), loadedCount: 10) == nil)
    }

    @Test func tokensAndURLsEndWhenMissingOrRepeated() {
        let c = plan(.cursor(param: "c", next: JSONPath("n")!))
        #expect(c.next(after: .first, page: PageFacts(itemCount: 5, nextToken: "b"), loadedCount: 5) == .token("b"))
        #expect(c.next(after: .token("b"), page: PageFacts(itemCount: 5, nextToken: "b"), loadedCount: 10) == nil)
        #expect(c.next(after: .token("b"), page: PageFacts(itemCount: 5), loadedCount: 10) == nil)
        #expect(c.next(after: .token("b"), page: PageFacts(itemCount: 5, totalCount: 10, nextToken: "c"), loadedCount: 10) == nil)
        let u = plan(.link)
        #expect(u.next(after: .first, page: PageFacts(itemCount: 5, nextURL: "http://h/2"), loadedCount: 5) == .url("http://h/2"))
        #expect(u.next(after: .url("http://h/2"), page: PageFacts(itemCount: 5, nextURL: "http://h/2"), loadedCount: 10) == nil)
        #expect(u.next(after: .first, page: PageFacts(itemCount: 5, hasMore: true), loadedCount: 5) == nil)
        let l = plan(.lastID(param: "after"))
        #expect(l.next(after: .first, page: PageFacts(itemCount: 5, lastItemID: "t3_e"), loadedCount: 5) == .token("t3_e"))
    }

    @Test func requestsForEachCursor() {
        func spec(_ style: Paging.Style, _ cursor: PageCursor) -> RequestSpec {
            let endpoint = Endpoint(key: "e", url: "/e", params: ["q": .one("x")], headers: ["X-Key": "k"],
                                    paging: Paging(style: style, sizeParam: "n", size: 5),
                                    item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
            let config = RowboatConfig(source: "c", server: "https://h.example", communication: Communication(),
                                       endpoints: [endpoint])
            return RequestBuilder(config: config, endpoint: endpoint).request(cursor: cursor)
        }
        #expect(spec(.offset(param: "o"), .offset(15)).url == "https://h.example/e?n=5&o=15&q=x")
        #expect(spec(.offset(param: "o"), .first).url == "https://h.example/e?n=5&o=0&q=x")
        #expect(spec(.cursor(param: "after", next: JSONPath("n")!), .first).url == "https://h.example/e?n=5&q=x")
        #expect(spec(.cursor(param: "after", next: JSONPath("n")!), .token("t 1")).url == "https://h.example/e?after=t%201&n=5&q=x")
        #expect(spec(.lastID(param: "since"), .token("9")).url == "https://h.example/e?n=5&q=x&since=9")
        let same = spec(.link, .url("https://h.example/e?page=2&x=%20"))
        #expect(same.url == "https://h.example/e?page=2&x=%20")
        #expect(same.headers.contains { $0.0 == "X-Key" })
        #expect(same.configHeaderNames == ["x-key"])
        let other = spec(.nextURL(path: JSONPath("next")!), .url("https://elsewhere.example/e?page=2"))
        #expect(!other.headers.contains { $0.0 == "X-Key" })
        #expect(other.configHeaderNames.isEmpty)
    }

    @Test func linkHeaders() {
        let github = #"<https://api.github.com/search/repositories?q=x&page=2>; rel="next", <https://api.github.com/search/repositories?q=x&page=34>; rel="last""#
        #expect(LinkHeader.target(rel: "next", in: github) == "https://api.github.com/search/repositories?q=x&page=2")
        #expect(LinkHeader.target(rel: "last", in: github) == "https://api.github.com/search/repositories?q=x&page=34")
        #expect(LinkHeader.target(rel: "prev", in: github) == nil)
        #expect(LinkHeader.target(rel: "next", in: #"</a,b>; title="x, y"; rel="prev", </c>; REL="last Next""#) == "/c")
        #expect(LinkHeader.target(rel: "next", in: "</p>; rel=next") == "/p")
        #expect(LinkHeader.target(rel: "next", in: "garbage") == nil)
        #expect(LinkHeader.target(rel: "next", in: "<unclosed; rel=next") == nil)
    }

    @Test func retryAfterAndBackoff() {
        let now = Date(timeIntervalSince1970: 784_111_777)   // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryPolicy.retryAfterSeconds("120", now: now) == 120)
        #expect(RetryPolicy.retryAfterSeconds("Sun, 06 Nov 1994 08:49:40 GMT", now: now) == 3)
        #expect(RetryPolicy.retryAfterSeconds("Sunday, 06-Nov-94 08:49:47 GMT", now: now) == 10)
        #expect(RetryPolicy.retryAfterSeconds("Sun Nov  6 08:49:38 1994", now: now) == 1)
        #expect(RetryPolicy.retryAfterSeconds("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == 0)
        #expect(RetryPolicy.retryAfterSeconds("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfterSeconds("-1", now: now) == nil)
        let policy = RetryPolicy()
        func delay(_ status: Int, _ after: String? = nil, retries: Int = 0, remaining: Double = 30, jitter: Double = 1) -> Double? {
            policy.delay(status: status, retryAfter: after, retriesSoFar: retries, now: now, remaining: remaining, jitter: jitter)
        }
        #expect(delay(500) == nil)
        #expect(delay(404) == nil)
        #expect(delay(429, "2") == 2)
        #expect(delay(503, "Sun, 06 Nov 1994 08:49:41 GMT") == 4)
        #expect(delay(429, retries: 0) == 0.5)
        #expect(delay(429, retries: 2) == 2)
        #expect(delay(429, retries: 2, jitter: 0) == 1)
        #expect(delay(429, retries: 3) == nil)
        #expect(delay(429, "20", remaining: 30) == nil)
        #expect(delay(429, "15", remaining: 30) == 15)
    }

    func loadError(_ paging: String) -> ConfigError? {
        do {
            _ = try ConfigLoader.parse("server: http://x\ninterfaces:\n  e:\n    url: /e\n    paging: \(paging)\n    item: {title: t}\n",
                                       file: "t.yaml")
            return nil
        } catch { return error }
    }

    @Test func pagingKeys() throws {
        let yaml = """
        server: http://x
        interfaces:
          o: {url: /o, paging: {style: offset, size: 25, totalCountHeader: X-Total-Count}, item: {title: t}}
          c: {url: /c, paging: {style: cursor, cursorParam: after, nextCursor: data.after, hasMore: more}, item: {title: t}}
          n: {url: /n, paging: {style: nextURL, nextURL: next, totalCount: count}, item: {title: t}}
          l: {url: /l, paging: {style: link, sizeParam: per_page, size: 50}, item: {title: t}}
          i: {url: /i, paging: {style: lastId}, item: {id: id, title: t}}
          p: {url: /p, paging: {totalPagesHeader: X-Pages}, item: {title: t}}
        """
        let config = try ConfigLoader.parse(yaml, file: "t.yaml")
        #expect(config.endpoint("o")?.paging == Paging(style: .offset(param: "offset"), sizeParam: "limit", size: 25,
                                                      totalCountHeader: "X-Total-Count"))
        #expect(config.endpoint("c")?.paging == Paging(style: .cursor(param: "after", next: JSONPath("data.after")!),
                                                      hasMorePath: JSONPath("more")))
        #expect(config.endpoint("n")?.paging == Paging(style: .nextURL(path: JSONPath("next")!), totalCountPath: JSONPath("count")))
        #expect(config.endpoint("l")?.paging == Paging(style: .link, sizeParam: "per_page", size: 50))
        #expect(config.endpoint("i")?.paging == Paging(style: .lastID(param: "cursor")))
        #expect(config.endpoint("p")?.paging == Paging(style: .pageNumber(param: "page", first: 1), totalPagesHeader: "X-Pages"))
    }

    @Test func pagingKeyErrors() {
        #expect(loadError("{style: cursor, nextCursr: a}")?.message == "unknown key \"nextCursr\"; did you mean \"nextCursor\"?")
        #expect(loadError("{style: offset, totalCountHeadr: X}")?.message
            == "unknown key \"totalCountHeadr\"; did you mean \"totalCountHeader\"?")
        #expect(loadError("{style: nexturl}")?.message == "unknown paging style \"nexturl\"; did you mean \"nextURL\"?")
        #expect(loadError("{style: lastID}")?.message == "unknown paging style \"lastID\"; did you mean \"lastId\"?")
        #expect(loadError("{style: cursor}")?.message == "paging style cursor needs \"nextCursor\"")
        #expect(loadError("{style: nextURL}")?.message == "paging style nextURL needs \"nextURL\"")
        #expect(loadError("{style: cursor, nextCursor: n, totalPages: p}")?.message
            == "totalPages does not apply to paging style cursor (only to page)")
        #expect(loadError("{style: offset, param: p}")?.message == "param does not apply to paging style offset (only to page)")
        #expect(loadError("{style: offset, sizeParam: a, limitParam: b}")?.message
            == "limitParam and sizeParam name the same thing; give one")
        #expect(loadError("{style: link, hasMore: '['}")?.message == "malformed path \"[\" (use a.b[0].c)")
    }

    @Test func decoderReadsFactsAndRejectsOddOnes() throws {
        let endpoint = Endpoint(key: "e", url: "/e",
                                paging: Paging(style: .cursor(param: "c", next: JSONPath("next")!),
                                               totalCountHeader: "X-Total-Count", hasMorePath: JSONPath("more")),
                                response: ResponseShape(listPath: JSONPath("items")!),
                                item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let decoder = PageDecoder(endpoint: endpoint)
        let page = try decoder.decode(body: Array(#"{"items": [{"t": "a"}], "next": 42, "more": "Yes"}"#.utf8),
                                      contentType: nil, headers: [("x-total-count", " 47 ")])
        #expect(page.facts == PageFacts(itemCount: 1, totalCount: 47, hasMore: true, nextToken: "42"))
        #expect(throws: DataError.mappingMismatch(path: "next", found: "an object with keys a")) {
            try decoder.decode(body: Array(#"{"items": [], "next": {"a": 1}}"#.utf8), contentType: nil)
        }
        #expect(throws: DataError.mappingMismatch(path: "more", found: "\"maybe\"")) {
            try decoder.decode(body: Array(#"{"items": [], "more": "maybe"}"#.utf8), contentType: nil)
        }
        let noID = PageDecoder(endpoint: Endpoint(key: "e", url: "/e", paging: Paging(style: .lastID(param: "a")),
                                                  item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)])))
        #expect(throws: DataError.mappingMismatch(path: "item.id", found: "no id field (lastId paging needs one)")) {
            try noID.decode(body: Array(#"[{"t": "a"}]"#.utf8), contentType: nil)
        }
    }
}
