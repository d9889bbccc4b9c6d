import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("ListReducer: cached then network")
struct ListReducerCacheTests {
    typealias F = Fixtures

    static let cachedAt: Double = 1_000
    static let now: Double = 2_000

    func cachedPage(_ ids: ClosedRange<Int>, tag: String = " (cached)") -> PageLoad {
        PageLoad(rows: F.rows(ids, tag: tag), totalPages: 5, fetchedAt: Self.cachedAt,
                 origin: .cache(fetchedAt: Self.cachedAt, offline: false), final: false)
    }

    @Test func cachedFirstPageShowsAtOnceAndKeepsTheRequestInFlight() {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        #expect(F.send(&state, .appeared) == [.fetchPage(requestID: 1, cursor: .page(1))])
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, cachedPage(1...30))) == [])

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
        #expect(ListReducer.reduce(&state, .pageLoaded(requestID: 1, answer)) == [])

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
        #expect(ListReducer.reduce(&state, .pageFailed(requestID: 1, message: "network: connection refused")) == [])
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

    @Test func offlineCachedFinalPageSetsOfflineBadge() {
        var state = ListState(paging: F.paging)
        F.send(&state, .appeared)
        let offline = PageLoad(rows: F.rows(1...30), totalPages: 5, fetchedAt: Self.cachedAt,
                               origin: .cache(fetchedAt: Self.cachedAt, offline: true))
        F.send(&state, .pageLoaded(requestID: 1, offline))
        #expect(state.inFlight == nil && state.phase == .idle)
        #expect(state.cacheBadge == CacheBadge(fetchedAt: Self.cachedAt, offline: true))
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
        #expect(ListReducer.reduce(&state, .pageNotCached(requestID: 2, message: "not in the cache")) == [])
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
        #expect(ListReducer.reduce(&state, .pageNotCached(requestID: 2, message: "not in the cache")) == [])
        #expect(state == waiting)
    }

    /// The first page not in the cache is a failure: there is nothing to show.
    @Test func aFirstPageNotInTheCacheFails() {
        var state = ListState(paging: Fixtures.paging)
        Fixtures.send(&state, .appeared)
        #expect(ListReducer.reduce(&state, .pageNotCached(requestID: 1, message: "not in the cache")) == [])
        #expect(state.phase == .failed("not in the cache"))
        #expect(state.failedLoad == .init(kind: .first, cursor: .page(1)))
        #expect(state.halt == nil)
    }
}
