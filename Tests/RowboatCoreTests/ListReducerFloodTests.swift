import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// The list's flood rules against servers that never end their data: a
/// cursor loop ends loading, `maxPages` applies, a page with nothing new
/// stops automatic loads (space still loads), and automatic loads without a
/// key press stop after three screens of rows.
@Suite("ListReducer: flood rules (loops, maxPages, nothing new, automatic-load bound)")
struct ListReducerFloodTests {
    typealias F = Fixtures

    static func cursorPaging(maxPages: Int = Paging.defaultMaxPages) -> Paging {
        Paging(style: .cursor(param: "cursor", next: JSONPath("datas.next")!), maxPages: maxPages)
    }

    /// A page of rows `ids` whose next cursor is `next`.
    static func page(_ ids: ClosedRange<Int>, next: String?) -> PageLoad<RowTable> {
        PageLoad(rows: F.rows(ids), facts: PageFacts(itemCount: ids.count, nextToken: next), fetchedAt: F.fetchedAt)
    }

    static func trail(_ tokens: String...) -> CursorTrail {
        var trail = CursorTrail()
        for token in tokens { trail.insert(.token(token)) }
        return trail
    }

    @Test func aCursorLoopEndsLoadingWithTheLoopInTheFooter() {
        let paging = Self.cursorPaging()
        var state = ListState(paging: paging)
        #expect(F.send(&state, paging: paging, .appeared) == [.fetchPage(requestID: 1, cursor: .first)])
        // Three rows do not fill the screen: the list asks for more by itself.
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 1, Self.page(1...3, next: "A")))
            == [.fetchPage(requestID: 2, cursor: .token("A"))])
        #expect(state.inFlight == .init(id: 2, kind: .more, cursor: .token("A"), automatic: true))
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 2, Self.page(4...6, next: "B")))
            == [.fetchPage(requestID: 3, cursor: .token("B"))])
        // B points back at A: a loop of two, caught at the first repeat.
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 3, Self.page(1...3, next: "A"))) == [])

        var expected = ListState(paging: paging)
        expected.phase = .exhausted
        expected.rows = RowTable(F.rows(1...6))
        expected.nextCursor = nil
        expected.pagesLoaded = 3
        expected.lastRequestID = 3
        expected.lastUpdated = F.fetchedAt
        expected.trail = Self.trail("A", "B")
        expected.halt = .loop(noun: "cursor")
        expected.autoLoadedRows = 3
        #expect(state == expected)
        #expect(state.footer == .halted(.loop(noun: "cursor")))
        #expect(state.footer.hint.text(in: .default) == "stopped: the server sent a cursor it had sent before (a paging loop)")
        // Space and moving to the end ask for nothing more.
        #expect(F.send(&state, paging: paging, .loadMore, .move(.end), .move(.down)) == [])
    }

    @Test func aNextURLLoopIsNamedAsOne() {
        let paging = Paging(style: .nextURL(path: JSONPath("next")!))
        var state = ListState(paging: paging)
        func page(_ ids: ClosedRange<Int>, _ next: String) -> PageLoad<RowTable> {
            PageLoad(rows: F.rows(ids), facts: PageFacts(itemCount: ids.count, nextURL: next), fetchedAt: F.fetchedAt)
        }
        F.send(&state, paging: paging, .appeared, .pageLoaded(requestID: 1, page(1...3, "http://h/x?p=2")),
               .pageLoaded(requestID: 2, page(4...6, "http://h/x?p=3")),
               .pageLoaded(requestID: 3, page(7...9, "http://h/x?p=1")),
               .pageLoaded(requestID: 4, page(1...3, "http://h/x?p=2")))
        #expect(state.lastRequestID == 4)
        #expect(state.rows == F.rows(1...9))
        #expect(state.nextCursor == nil)
        #expect(state.halt == .loop(noun: "next-page URL"))
        #expect(state.footer.hint.text(in: .default) == "stopped: the server sent a next-page URL it had sent before (a paging loop)")
    }

    @Test func aPageWithNothingNewStopsAutomaticLoadsButSpaceStillLoads() {
        let paging = Self.cursorPaging()
        var state = ListState(paging: paging)
        F.send(&state, paging: paging, .appeared)
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 1, Self.page(1...3, next: "r1")))
            == [.fetchPage(requestID: 2, cursor: .token("r1"))])
        // The same three items again under a new cursor: nothing new.
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 2, Self.page(1...3, next: "r2"))) == [])

        var expected = ListState(paging: paging)
        expected.phase = .idle
        expected.rows = RowTable(F.rows(1...3))
        expected.nextCursor = .token("r2")
        expected.pagesLoaded = 2
        expected.lastRequestID = 2
        expected.lastUpdated = F.fetchedAt
        expected.trail = Self.trail("r1")
        expected.halt = .noNewItems
        #expect(state == expected)
        #expect(state.footer.hint.text(in: .default) == "the last page added nothing new — space loads more")

        // Moving at the end is not a request for more.
        #expect(F.send(&state, paging: paging, .move(.end), .move(.down), .viewportChanged(items: 30)) == [])
        #expect(state.halt == .noNewItems)

        // Space is: one load, not automatic.
        #expect(F.send(&state, paging: paging, .loadMore) == [.fetchPage(requestID: 3, cursor: .token("r2"))])
        #expect(state.halt == nil)
        #expect(state.inFlight == .init(id: 3, kind: .more, cursor: .token("r2"), automatic: false))
        #expect(state.footer == .loadingMore)
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 3, Self.page(1...3, next: "r3"))) == [])
        #expect(state.halt == .noNewItems)
        #expect(state.nextCursor == .token("r3"))
        #expect(state.phase == .idle)
    }

    @Test func maxPagesEndsLoadingInTheList() {
        let paging = Self.cursorPaging(maxPages: 3)
        var state = ListState(paging: paging)
        var effects = F.send(&state, paging: paging, .appeared)
        for n in 1...3 {
            effects += F.send(&state, paging: paging, .pageLoaded(requestID: n, Self.page(n...n, next: "e\(n)")))
        }
        #expect(effects == [.fetchPage(requestID: 1, cursor: .first), .fetchPage(requestID: 2, cursor: .token("e1")),
                            .fetchPage(requestID: 3, cursor: .token("e2"))])

        var expected = ListState(paging: paging)
        expected.phase = .exhausted
        expected.rows = RowTable(F.rows(1...3))
        expected.nextCursor = nil
        expected.pagesLoaded = 3
        expected.lastRequestID = 3
        expected.lastUpdated = F.fetchedAt
        expected.trail = Self.trail("e1", "e2")
        expected.halt = .pageCap(3)
        expected.autoLoadedRows = 2
        #expect(state == expected)
        #expect(state.footer.hint.text(in: .default) == "stopped after 3 pages (paging.maxPages)")
        #expect(F.send(&state, paging: paging, .loadMore) == [])

        // A refresh starts a new walk: trail, halt and the page count reset.
        #expect(F.send(&state, paging: paging, .refresh) == [.fetchPage(requestID: 4, cursor: .first)])
        F.send(&state, paging: paging, .pageLoaded(requestID: 4, Self.page(1...1, next: "e1")))
        #expect(state.halt == nil)
        #expect(state.trail == Self.trail("e1"))      // the automatic load that followed
        #expect(state.pagesLoaded == 1)
        #expect(state.inFlight == .init(id: 5, kind: .more, cursor: .token("e1"), automatic: true))
    }

    @Test func automaticLoadsStopAfterThreeScreensWithoutAKey() {
        let paging = Self.cursorPaging()
        var state = ListState(paging: paging)
        state.viewportItems = 5
        state.loadMoreThreshold = 1_000      // always "near the end": only the bound stops it
        var effects = F.send(&state, paging: paging, .appeared, .pageLoaded(requestID: 1, Self.page(1...4, next: "c1")))
        var id = 2
        while case .fetchPage(let requestID, _)? = effects.last, requestID == id, id < 50 {
            #expect(state.inFlight?.automatic == true)
            let first = (id - 1) * 4 + 1
            effects = F.send(&state, paging: paging, .pageLoaded(requestID: id, Self.page(first...first + 3, next: "c\(id)")))
            id += 1
        }
        // 3 x 5 rows: the fourth automatic page (16 rows) reaches the bound.
        #expect(id == 6)
        #expect(effects == [])

        var expected = ListState(paging: paging)
        expected.viewportItems = 5
        expected.loadMoreThreshold = 1_000
        expected.phase = .idle
        expected.rows = RowTable(F.rows(1...20))
        expected.nextCursor = .token("c5")
        expected.pagesLoaded = 5
        expected.lastRequestID = 5
        expected.lastUpdated = F.fetchedAt
        expected.trail = Self.trail("c1", "c2", "c3", "c4")
        expected.halt = .autoLimit
        expected.autoLoadedRows = 16
        #expect(state == expected)
        #expect(state.footer.hint.text(in: .default) == "paused after three screens loaded by themselves — space loads more")

        // Any key lifts the pause; the move itself asks for the next page.
        #expect(F.send(&state, paging: paging, .move(.down)) == [.fetchPage(requestID: 6, cursor: .token("c5"))])
        #expect(state.halt == nil)
        #expect(state.autoLoadedRows == 0)
        #expect(state.inFlight == .init(id: 6, kind: .more, cursor: .token("c5"), automatic: true))
    }

    @Test func aCachedPageThenItsFinalAnswerCountsRowsOnce() {
        let paging = Self.cursorPaging()
        var state = ListState(paging: paging)
        F.send(&state, paging: paging, .appeared, .pageLoaded(requestID: 1, Self.page(1...3, next: "A")))
        var cached = Self.page(4...6, next: "B")
        cached.final = false
        cached.origin = .cache(fetchedAt: F.fetchedAt - 60, offline: false)
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 2, cached)) == [])
        #expect(F.send(&state, paging: paging, .pageLoaded(requestID: 2, Self.page(4...6, next: "B")))
            == [.fetchPage(requestID: 3, cursor: .token("B"))])
        #expect(state.autoLoadedRows == 3)
        #expect(state.rows == F.rows(1...6))
        #expect(state.halt == nil)
    }

    /// The same rule as `fetch` and the probe (`PageWalk`): a page-number
    /// server that answers past the end with the last page again ends the
    /// list there, it does not stop it as "nothing new".
    @Test func aPageOfRepeatsInThePageStyleIsTheEnd() {
        let paging = Paging(style: .pageNumber(param: "page", first: 1))
        var state = ListState(paging: paging)
        F.send(&state, paging: paging, .appeared, .pageLoaded(requestID: 1, F.page(1...20)))
        F.send(&state, paging: paging, .loadMore, .pageLoaded(requestID: 2, F.page(21...27)))
        #expect(state.nextCursor == .page(3))
        F.send(&state, paging: paging, .loadMore, .pageLoaded(requestID: 3, F.page(21...27)))
        #expect(state.phase == .exhausted && state.nextCursor == nil && state.halt == nil)
        #expect(state.rows.count == 27 && state.pagesLoaded == 2)
    }
}
