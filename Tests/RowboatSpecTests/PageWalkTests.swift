import Testing
@testable import RowboatSpec

/// The one set of walk rules the list, `fetch` and the probe share: the
/// end and why, a page of repeats, a loop, the page cap.
@Suite("PageWalk: the end, repeats, loops and the page cap, one set of rules")
struct PageWalkTests {
    let pages = Paging(style: .pageNumber(param: "page", first: 1))
    let cursor = Paging(style: .cursor(param: "cursor", next: JSONPath("next")!))

    @Test func aPageOfRepeatsEndsThePageAndOffsetStylesOnly() {
        var walk = PageWalk(from: .page(1))
        #expect(walk.land(PageFacts(itemCount: 20), from: .page(1), paging: pages, loaded: 20, fresh: 20) == .next(.page(2)))
        #expect(walk.land(PageFacts(itemCount: 7), from: .page(2), paging: pages, loaded: 27, fresh: 7) == .next(.page(3)))
        // The server answers page 3 with page 2 again: the end, and the page is not counted.
        #expect(walk.land(PageFacts(itemCount: 7), from: .page(3), paging: pages, loaded: 27, fresh: 0) == .end(.repeatedPage))
        #expect(walk.pages == 2)

        // A cursor that moved goes on, but brought nothing new.
        var byCursor = PageWalk(from: .first)
        _ = byCursor.land(PageFacts(itemCount: 3, nextToken: "a"), from: .first, paging: cursor, loaded: 3, fresh: 3)
        let step = byCursor.land(PageFacts(itemCount: 3, nextToken: "b"), from: .token("a"), paging: cursor, loaded: 3, fresh: 0)
        #expect(step == .next(.token("b")))
        #expect(byCursor.broughtNothingNew(fresh: 0))
    }

    @Test func aCursorFollowedBeforeIsALoopAndTheCapStops() {
        var walk = PageWalk(from: .first)
        _ = walk.land(PageFacts(itemCount: 1, nextToken: "a"), from: .first, paging: cursor, loaded: 1, fresh: 1)
        _ = walk.land(PageFacts(itemCount: 1, nextToken: "b"), from: .token("a"), paging: cursor, loaded: 2, fresh: 1)
        let loop = walk.land(PageFacts(itemCount: 1, nextToken: "a"), from: .token("b"), paging: cursor, loaded: 3, fresh: 1)
        #expect(loop == .stop(.loop(.token("a"))))
        #expect(WalkStop.loop(.token("a")).notice(pages: 3)
            == "stopped after 3 pages: the server sent a cursor it had sent before (a paging loop)")

        var capped = PageWalk(from: .page(1))
        _ = capped.land(PageFacts(itemCount: 5), from: .page(1), paging: pages, loaded: 5, fresh: 5, cap: 2)
        #expect(capped.land(PageFacts(itemCount: 5), from: .page(2), paging: pages, loaded: 10, fresh: 5, cap: 2)
            == .stop(.pageCap(2)))
        #expect(WalkStop.pageCap(2).notice(pages: 2) == "stopped after 2 pages (paging.maxPages)")
    }

    @Test func eachEndRuleSaysWhichItIs() {
        let plan = PagingPlan(paging: pages)
        #expect(plan.step(after: .page(1), page: PageFacts(itemCount: 5, hasMore: false), loadedCount: 5) == .end(.hasMoreFalse))
        #expect(plan.step(after: .page(2), page: PageFacts(itemCount: 0), loadedCount: 5) == .end(.emptyPage))
        #expect(plan.step(after: .page(3), page: PageFacts(itemCount: 5, totalPages: 3), loadedCount: 15) == .end(.lastOfPages(3)))
        #expect(plan.step(after: .page(3), page: PageFacts(itemCount: 5, totalCount: 15), loadedCount: 15) == .end(.totalCount(15)))
        var past = PageFacts(itemCount: 0)
        past.pastEnd = .pastEndStatus(404)
        #expect(plan.step(after: .page(4), page: past, loadedCount: 15) == .end(.pastEndStatus(404)))

        var short = pages
        short.endOnShortPage = true
        var walk = PageWalk(from: .page(1))
        #expect(walk.land(PageFacts(itemCount: 20), from: .page(1), paging: short, loaded: 20, fresh: 20) == .next(.page(2)))
        #expect(walk.land(PageFacts(itemCount: 7), from: .page(2), paging: short, loaded: 27, fresh: 7)
            == .end(.shortPage(items: 7, full: 20)))

        let urls = PagingPlan(paging: Paging(style: .link))
        #expect(urls.step(after: .first, page: PageFacts(itemCount: 5), loadedCount: 5) == .end(.noNextLink))
        #expect(PagingPlan(paging: cursor).step(after: .token("a"), page: PageFacts(itemCount: 5, nextToken: "a"), loadedCount: 5)
            == .end(.sameCursor))
    }

    @Test func anOffsetMovesByTheItemsOrByTheSizeAsked() {
        var paging = Paging(style: .offset(param: "offset"), sizeParam: "limit", size: 20)
        let plan = PagingPlan(paging: paging)
        #expect(plan.next(after: .offset(0), page: PageFacts(itemCount: 18), loadedCount: 18) == .offset(18))
        paging.offsetStep = .size
        #expect(PagingPlan(paging: paging).next(after: .offset(0), page: PageFacts(itemCount: 18), loadedCount: 18) == .offset(20))
    }
}
