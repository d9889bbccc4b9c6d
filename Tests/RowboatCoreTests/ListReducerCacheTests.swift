import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("ListReducer: cached then network")
struct ListReducerCacheTests {
    typealias F = Fixtures

    static let cachedAt: Double = 1_000
    static let now: Double = 2_000

    func cachedPage(_ ids: ClosedRange<Int>, tag: String = " (cached)") -> PageLoad<RowTable> {
        PageLoad(rows: F.rows(ids, tag: tag), totalPages: 5, fetchedAt: Self.cachedAt,
                 origin: .cache(fetchedAt: Self.cachedAt, offline: false), final: false)
    }

    @Test func cachedFirstPageShowsAtOnceAndKeepsTheRequestInFlight() {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        #expect(F.send(&state, .appeared) == [.fetchPage(requestID: 1, cursor: .page(1))])
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, cachedPage(1...30)), paging: Fixtures.paging) == [])

        var expected = ListState(paging: F.paging)
        expected.viewportItems = 10
        expected.phase = .refreshing
        expected.rows = RowTable(F.rows(1...30, tag: " (cached)"))
        expected.nextCursor = .page(2)
        expected.pagesLoaded = 1
        expected.totalPages = 5
        expected.lastRequestID = 1
        expected.lastUpdated = Self.cachedAt
        expected.cacheBadge = CacheBadge(fetchedAt: Self.cachedAt, offline: false)
        expected.inFlight = .init(id: 1, kind: .first, cursor: .page(1),
                                  provisional: .init(rowCount: 0, pagesLoaded: 0, badge: nil))
        #expect(state == expected)
        // Movement works on the cached rows; no load-more while the request is open.
        #expect(F.send(&state, .move(.to(29))) == [])
        #expect(F.send(&state, .loadMore, .refresh) == [])
    }

    @Test func networkAnswerReplacesRowsInPlaceKeepingSelection() {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        F.send(&state, .appeared, .pageLoaded(requestID: 1, cachedPage(1...30)), .move(.to(12)))
        let screenRow = state.selection - state.scrollOffset
        // The server's page has two new items at the top.
        let fresh = F.rows(ids: ["201", "202"]) + F.rows(1...28)
        let answer = PageLoad(rows: fresh, totalPages: 5, fetchedAt: Self.now)
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, answer), paging: Fixtures.paging) == [])

        var expected = ListState(paging: F.paging)
        expected.viewportItems = 10
        expected.phase = .idle
        expected.rows = RowTable(fresh)
        expected.selection = 14
        expected.scrollOffset = 14 - screenRow
        expected.nextCursor = .page(2)
        expected.pagesLoaded = 1
        expected.totalPages = 5
        expected.lastRequestID = 1
        expected.lastUpdated = Self.now
        #expect(state == expected)
        #expect(state.selectedRow?.id == "13")
        #expect(state.cacheBadge == nil)
    }

    @Test func networkFailureAfterCachedPageKeepsRowsOffline() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared, .pageLoaded(requestID: 1, cachedPage(1...30)))
        #expect(ListReducer.reduce(&state, .pageFailed(requestID: 1, message: "network: connection refused"), paging: Fixtures.paging) == [])
        #expect(state.rows == F.rows(1...30, tag: " (cached)"))
        #expect(state.inFlight == nil && state.failedLoad == nil)
        #expect(state.phase == .idle)
        #expect(state.cacheBadge == CacheBadge(fetchedAt: Self.cachedAt, offline: true))
        #expect(state.lastError == "network: connection refused")
        // Refresh asks the network again.
        #expect(F.send(&state, .refresh) == [.fetchPage(requestID: 2, cursor: .page(1))])
    }

    @Test func cachedLoadMoreIsReplacedNotAppendedTwice() {
        var state = F.loaded(pages: 1, viewport: 10)
        #expect(F.send(&state, .loadMore) == [.fetchPage(requestID: 2, cursor: .page(2))])
        let cached = PageLoad(rows: F.rows(31...60, tag: " (cached)"), totalPages: 5, fetchedAt: Self.cachedAt,
                              origin: .cache(fetchedAt: Self.cachedAt, offline: false), final: false)
        F.send(&state, .pageLoaded(requestID: 2, cached))
        #expect(state.rows.count == 60 && state.pagesLoaded == 2 && state.phase == .loadingMore)
        #expect(state.cacheBadge == CacheBadge(fetchedAt: Self.cachedAt, offline: false))
        F.send(&state, .move(.to(40)))
        // The network's page 2 lost one item: 31 is gone.
        let fresh = PageLoad(rows: F.rows(32...60), totalPages: 5, fetchedAt: Self.now)
        F.send(&state, .pageLoaded(requestID: 2, fresh))
        #expect(state.rows == F.rows(1...30) + F.rows(32...60))
        #expect(F.positions(state.rows) == F.positions(state.rows))
        #expect(state.pagesLoaded == 2 && state.inFlight == nil)
        #expect(state.selectedRow?.id == "41")
        #expect(state.cacheBadge == nil)
    }

    /// Rows whose "v" counts down (a local sort by it reverses them), every third in Lisbon.
    func valued(_ ids: ClosedRange<Int>, tag: String = "") -> [RowModel] {
        ids.map { id in
            RowModel(id: String(id), title: "Item \(id)\(tag)",
                     fields: ["title": .text("Item \(id)\(tag)"), "v": .text(String(1_000 - id)),
                              "city": .text(id % 3 == 0 ? "Lisbon" : "Porto")],
                     fieldOrder: ["title", "v", "city"])
        }
    }

    func valuedPage(_ ids: ClosedRange<Int>, cached: Bool = false, dropping: Set<Int> = []) -> PageLoad<RowTable> {
        let rows = valued(ids, tag: cached ? " (cached)" : "").filter { !dropping.contains(Int($0.id)!) }
        return cached
            ? PageLoad(rows: rows, totalPages: 5, fetchedAt: Self.cachedAt,
                       origin: .cache(fetchedAt: Self.cachedAt, offline: false), final: false)
            : PageLoad(rows: rows, totalPages: 5, fetchedAt: Self.now)
    }

    @Test func aCachedPageUnderALocalSortIsTakenBackByArrivalNotByPlace() {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        F.send(&state, .appeared, .pageLoaded(requestID: 1, valuedPage(1...30)))
        F.send(&state, .sort(LocalSort(field: "v", title: "V", kind: .number)))
        #expect(F.send(&state, .loadMore) == [.fetchPage(requestID: 2, cursor: .page(2))])
        F.send(&state, .pageLoaded(requestID: 2, valuedPage(31...60, cached: true)))
        // The cached rows sort first (the lowest "v"), ahead of the rows that came before them.
        #expect(state.rows.map(\.id) == (1...60).reversed().map(String.init))
        #expect(state.inFlight?.provisional?.rowCount == 30)
        // The network's page 2 lost item 31: the cached page goes, not the first 30 rows shown.
        F.send(&state, .pageLoaded(requestID: 2, valuedPage(31...60, dropping: [31])))
        let expected = Array(1...30) + Array(32...60)
        #expect(state.rows.map(\.id) == expected.reversed().map(String.init))
        #expect(!state.rows.contains { $0.title.hasSuffix("(cached)") })
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // (The selected item 1 is near the end of the sorted rows: page 3 is asked for.)
        #expect(state.pagesLoaded == 2 && state.inFlight?.provisional == nil && state.cacheBadge == nil)
        F.send(&state, .sort(nil))
        #expect(state.rows.map(\.id) == expected.map(String.init))
    }

    @Test func aCachedPageUnderALocalFilterIsTakenBackWithTheRowsItSetAside() {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        F.send(&state, .appeared, .pageLoaded(requestID: 1, valuedPage(1...30)))
        let lisbon = FilterCondition(field: "city", title: "City", relation: .equals, value: "Lisbon", kind: .text)
        // Ten rows shown, near their end: the next page is asked for.
        #expect(F.send(&state, .filter(RowFilter([lisbon]))) == [.fetchPage(requestID: 2, cursor: .page(2))])
        F.send(&state, .pageLoaded(requestID: 2, valuedPage(31...60, cached: true)))
        #expect(state.rows.count == 20 && state.rows.hiddenCount == 40)
        #expect(state.inFlight?.provisional?.rowCount == 30)
        // The network's page 2 lost items 31 (set aside) and 33 (shown).
        F.send(&state, .pageLoaded(requestID: 2, valuedPage(31...60, dropping: [31, 33])))
        #expect(state.rows.map(\.id) == (1...20).map { $0 * 3 }.filter { $0 != 33 }.map(String.init))
        #expect(state.rows.hiddenCount == 20 + 19)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // Every row back: none of the cached page's is left behind.
        F.send(&state, .filter(nil))
        let expected = Array(1...30) + Array(32...60).filter { $0 != 33 }
        #expect(state.rows.map(\.id) == expected.map(String.init))
        #expect(!state.rows.contains { $0.title.hasSuffix("(cached)") })
    }

    @Test func keepFirstArrivedCountsRowsSortedAndSetAsideByWhenTheyCame() {
        let sort = LocalSort(field: "v", title: "V", kind: .number)
        var table = RowTable(valued(1...12))
        table.reorder(sort.order(of: table))
        let lisbon = FilterCondition(field: "city", title: "City", relation: .equals, value: "Lisbon", kind: .text)
        table.hide(keeping: table.rows(Array(table.indices), matching: RowFilter([lisbon])))
        table.append(contentsOf: valued(13...18))
        // Shown: 12 9 6 3 (sorted) then 13…18 as they came; 8 set aside. The first 12 that came stay.
        table.keepFirstArrived(12)
        #expect(table.map(\.id) == ["12", "9", "6", "3"] && table.hiddenCount == 8)
        table.unhideAll()
        table.restoreNaturalOrder()
        #expect(table.map(\.id) == (1...12).map(String.init))
        #expect(F.positions(table) == F.positions(Array(table)))
        // In the natural order with nothing set aside, it is `truncate(to:)`.
        table.keepFirstArrived(5)
        #expect(table.map(\.id) == (1...5).map(String.init))
    }

    @Test func offlineCachedFinalPageSetsOfflineBadge() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let offline = PageLoad(rows: F.rows(1...30), totalPages: 5, fetchedAt: Self.cachedAt,
                               origin: .cache(fetchedAt: Self.cachedAt, offline: true))
        F.send(&state, .pageLoaded(requestID: 1, offline))
        #expect(state.inFlight == nil && state.phase == .idle)
        #expect(state.cacheBadge == CacheBadge(fetchedAt: Self.cachedAt, offline: true))
    }

    /// Offline on cached pages, the next page neither cached nor reachable:
    /// the list has not failed (no ✗, no "failed — r to retry"); it stops
    /// there saying so, automatic loads wait, and space asks the server again.
    @Test func offlineTheNextPageMissingIsNotAFailure() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let offline = PageLoad(rows: F.rows(1...30), totalPages: 5, fetchedAt: Self.cachedAt,
                               origin: .cache(fetchedAt: Self.cachedAt, offline: true))
        F.send(&state, .pageLoaded(requestID: 1, offline), .loadMore)
        #expect(state.inFlight?.kind == .more)
        F.send(&state, .pageFailed(requestID: 2, message: "network: connection refused by 127.0.0.1:9"))
        #expect(state.phase == .idle && state.halt == .offlineEnd && state.failedLoad == nil)
        #expect(state.footer == .halted(.offlineEnd) && state.isOffline && state.rows.count == 30)
        #expect(state.footer.hint.text(in: .default) == "offline: the next page is not cached — space asks the server again")
        // The end of the list does not ask again by itself; space does.
        #expect(F.send(&state, .move(.end)) == [])
        #expect(F.send(&state, .loadMore) == [.fetchPage(requestID: 3, cursor: .page(2))])
    }

    @Test func noticeStaysUntilTheUserActs() {
        var state = ListState(paging: F.paging)
        state.notice = "cache disabled: /x is not writable"
        F.send(&state, .appeared, .pageLoaded(requestID: 1, F.page(1...30, totalPages: 5)))
        #expect(state.notice != nil)
        F.send(&state, .move(.down))
        #expect(state.notice == nil)
    }
}

@Suite("Config: get mode")
struct GetModeConfigTests {
    func config(mode: String?) throws -> RowboatConfig {
        let line = mode.map { "    mode: \($0)\n" } ?? ""
        return try ConfigLoader.parse("""
            server: http://h
            interfaces:
              items:
                url: /x
            \(line)    item: {title: t}
            """, file: "t.yaml", environment: [:])
    }

    @Test func modeParsesAndDefaultsToNetwork() throws {
        #expect(try config(mode: nil).endpoints[0].mode == .network)
        #expect(try config(mode: "cache-then-network").endpoints[0].mode == .cacheThenNetwork)
        #expect(try config(mode: "cache-only").endpoints[0].mode == .cacheOnly)
    }

    @Test func unknownModeIsOneLineWithSuggestion() {
        #expect(throws: ConfigError.self) { try config(mode: "cache-else-netwrk") }
        do {
            _ = try config(mode: "cache-else-netwrk")
        } catch {
            #expect("\(error)".contains("did you mean \"cache-else-network\""))
        }
    }

    /// Cache-only: a load-more the cache cannot serve is where the cached
    /// pages end — the rows stay, nothing failed, no retry is offered —
    /// and space asks the cache again.
    @Test func aLoadMoreNotInTheCacheIsTheEndOfTheCachedPages() {
        var state = Fixtures.loaded(pages: 1)
        #expect(Fixtures.send(&state, .loadMore) == [.fetchPage(requestID: 2, cursor: .page(2))])
        let before = state
        #expect(ListReducer.reduce(&state, .pageNotCached(requestID: 2, message: "not in the cache"), paging: Fixtures.paging) == [])
        var expected = before
        expected.inFlight = nil
        expected.phase = .idle
        expected.halt = .endOfCache
        #expect(state == expected)
        #expect(state.footer == .halted(.endOfCache))
        #expect(state.footer.hint.text(in: .default) == "end of the cached pages")
        // Not automatic again (halted), but space asks once more.
        #expect(Fixtures.send(&state, .move(.end)) == [])
        #expect(Fixtures.send(&state, .loadMore) == [.fetchPage(requestID: 3, cursor: .page(2))])
        // A stale answer for another id changes nothing.
        let waiting = state
        #expect(ListReducer.reduce(&state, .pageNotCached(requestID: 2, message: "not in the cache"), paging: Fixtures.paging) == [])
        #expect(state == waiting)
    }

    /// The first page not in the cache is a failure: there is nothing to show.
    @Test func aFirstPageNotInTheCacheFails() {
        var state = ListState(paging: Fixtures.paging)
        Fixtures.send(&state, .appeared)
        #expect(ListReducer.reduce(&state, .pageNotCached(requestID: 1, message: "not in the cache"), paging: Fixtures.paging) == [])
        #expect(state.phase == .failed("not in the cache"))
        #expect(state.failedLoad == .init(kind: .first, cursor: .page(1)))
        #expect(state.halt == nil)
    }
}
