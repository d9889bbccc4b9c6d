import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing
import RowboatCells

/// Live lists (`refresh.every`): a tick comes due from the clock the app
/// reducer is given, fetches the first page again and merges it by id
/// (new rows at the top, changed rows in place, the selection and scroll
/// kept); ticks never stack, failures back off and say so, a paused, cached
/// or hidden list does not tick, and quitting stops every tick.
@Suite("Live lists")
struct LiveReducerTests {
    typealias F = Fixtures
    static let now: Double = 1_800_000_000

    // MARK: the list

    /// A live list (every 30 s) with its first page (ids 1...30) loaded.
    func loaded(viewport: Int = 10) -> ListState {
        var state = ListState(paging: F.paging)
        state.viewportItems = viewport
        state.live = LiveRefresh(every: 30)
        F.send(&state, .appeared, .pageLoaded(requestID: 1, F.page(1...30, totalPages: 5)))
        return state
    }

    func page(_ rows: [RowModel], at time: Double = F.fetchedAt + 30) -> PageLoad<RowTable> {
        PageLoad(rows: rows, totalPages: 5, fetchedAt: time)
    }

    @Test func newRowsGoToTheTopChangedOnesChangeInPlaceAndTheSelectionStays() {
        var state = loaded()
        F.send(&state, .move(.to(4)))
        #expect(F.send(&state, .liveTick) == [.fetchLive(requestID: 2, cursor: .page(1))])
        #expect(state.inFlight == .init(id: 2, kind: .live, cursor: .page(1)) && state.phase == .idle)
        let before = state
        // The server's first page now: two new items first, item 1 renamed, items 2...28.
        let renamed = RowModel(id: "1", title: "Item 1 renamed")
        #expect(F.send(&state, .pageLoaded(requestID: 2, page(F.rows(ids: ["101", "102"]) + [renamed] + F.rows(2...28)))) == [])
        var expected = before
        expected.rows = RowTable(F.rows(ids: ["101", "102"]) + [renamed] + F.rows(2...30))
        expected.selection = 6
        expected.scrollOffset = 0
        expected.inFlight = nil
        expected.lastUpdated = F.fetchedAt + 30
        expected.live?.newIDs = ["101", "102"]
        expected.live?.lastNew = 2
        expected.live?.lastMarked = 2
        // What changed: item 1's title, held one tick period; the tick's first page, for what goes next time.
        expected.changes.changed = ["1": .init(fields: ["title"], at: F.fetchedAt + 30)]
        expected.changes.firstPage = ["101", "102"] + (1...28).map(String.init)
        #expect(state == expected)
        #expect(state.changesText(now: F.fetchedAt + 31) == "2 new · 1 changed")
        #expect(state.changesText(now: F.fetchedAt + 60) == "2 new", "a tick period later the change is no longer marked")
        // Still on item 5; rows 29 and 30, not on the fresh page, stay; paging goes on where it was.
        #expect(state.selectedRow?.id == "5")
        #expect(state.live?.newText == "2 new")
        #expect(state.nextCursor == .page(2) && state.pagesLoaded == 1)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
    }

    @Test func scrolledDownTheSameRowsStayOnScreen() {
        var state = loaded(viewport: 10)
        F.send(&state, .move(.to(15)))
        let (offset, screenRow) = (state.scrollOffset, state.selection - state.scrollOffset)
        #expect(offset > 0)
        F.send(&state, .liveTick, .pageLoaded(requestID: 2, page(F.rows(ids: ["101", "102", "103"]) + F.rows(1...27))))
        #expect(state.selectedRow?.id == "16")
        #expect(state.selection - state.scrollOffset == screenRow && state.scrollOffset == offset + 3)
        #expect(Array(state.rows.prefix(4)).map(\.id) == ["101", "102", "103", "1"])
    }

    @Test func movingOntoANewRowTakesItsMarkAway() {
        var state = loaded()
        F.send(&state, .liveTick, .pageLoaded(requestID: 2, page(F.rows(ids: ["101", "102"]) + F.rows(1...28))))
        #expect(state.live?.newIDs == ["101", "102"] && state.selection == 2)
        F.send(&state, .move(.up))
        #expect(state.live?.newIDs == ["101"] && state.live?.newText == "1 new")
        F.send(&state, .move(.home))
        #expect(state.live?.newIDs == [] && state.live?.newText == nil)
    }

    @Test func aFirstPageThatIsNewEveryTimeMarksAFewRowsNotTheScreen() {
        var state = loaded()
        // Thirty new ids: all go in at the top, five get the mark, the status bar says so.
        F.send(&state, .liveTick, .pageLoaded(requestID: 2, page(F.rows(101...130))))
        #expect(state.rows.count == 60 && state.rows.id(at: 0) == "101")
        #expect(state.live?.newIDs == Set((101...105).map(String.init)))
        #expect(state.live?.newText == "30 new (5 marked)")
        #expect(state.selectedRow?.id == "1")
        // The next thirty: the newest five are marked, the older marks go.
        F.send(&state, .liveTick, .pageLoaded(requestID: 3, page(F.rows(201...230))))
        #expect(state.rows.count == 90)
        #expect(state.live?.newIDs == Set((201...205).map(String.init)))
        #expect(state.selectedRow?.id == "1")
    }

    @Test func theSameIDsWithNewContentChangeInPlaceAndMarkNothing() {
        var state = loaded()
        F.send(&state, .move(.to(7)))
        for tick in 1...3 {
            let changed = (1...30).map { RowModel(id: String($0), title: "Item \($0) v\(tick)") }
            F.send(&state, .liveTick)
            F.send(&state, .pageLoaded(requestID: state.lastRequestID, page(changed)))
            #expect(state.rows.count == 30 && state.rows[0].title == "Item 1 v\(tick)")
            #expect(state.selection == 7 && state.selectedRow?.id == "8" && state.scrollOffset == 0)
            #expect(state.live?.newIDs == [] && state.live?.newText == nil)
        }
    }

    @Test func rowsThatComeBackTheSameWriteNothing() {
        var table = RowTable(F.rows(1...30))
        let bytes = table.storageBytes
        #expect(table.update(RowModel(id: "3", title: "Item 3")) == .same(2))
        #expect(table.storageBytes == bytes && table.garbage == 0)
        #expect(table.update(RowModel(id: "3", title: "Item three")) == .changed(2))
        #expect(table[2].title == "Item three" && table.garbage > 0)
        #expect(table.update(RowModel(id: "31", title: "Item 31")) == .added(30))
    }

    @Test func ticksNeverStackAndGiveWayToTheUsersLoads() {
        var state = loaded()
        // A tick waits for a load in flight.
        F.send(&state, .loadMore)
        #expect(F.send(&state, .liveTick) == [] && state.inFlight?.kind == .more)
        F.send(&state, .pageLoaded(requestID: 2, F.page(31...60, totalPages: 5)))
        // One tick at a time.
        #expect(F.send(&state, .liveTick) == [.fetchLive(requestID: 3, cursor: .page(1))])
        #expect(F.send(&state, .liveTick) == [])
        // Space while a tick is in flight: the tick is cancelled for the page asked for.
        #expect(F.send(&state, .loadMore) == [.cancelFetch(requestID: 3), .fetchPage(requestID: 4, cursor: .page(3))])
        #expect(state.inFlight?.kind == .more)
        // Its late answer is dropped.
        let before = state
        F.send(&state, .pageLoaded(requestID: 3, page(F.rows(101...102))))
        #expect(state == before)
        // A refresh overtakes a tick the same way.
        F.send(&state, .pageLoaded(requestID: 4, F.page(61...90, totalPages: 5)), .liveTick)
        #expect(F.send(&state, .refresh) == [.cancelFetch(requestID: 5), .fetchPage(requestID: 6, cursor: .page(1))])
    }

    @Test func aFailedTickBacksOffAndKeepsTheRows() {
        var state = loaded()
        F.send(&state, .liveTick)
        let before = state
        #expect(F.send(&state, .pageFailed(requestID: 2, message: "HTTP 503")) == [])
        var expected = before
        expected.inFlight = nil
        expected.lastError = "live: HTTP 503"
        expected.live?.backOff.delay = 60
        #expect(state == expected)
        #expect(state.live?.status(inFlight: false) == "live: next try in 1 min")
        #expect(state.footer == .loadMore)
    }

    @Test func backOffDoublesUpToFiveMinutesAndHonoursRetryAfter() {
        var backOff = LiveBackOff(every: 30)
        var waits: [Double] = []
        for _ in 1...5 {
            backOff.failed()
            waits.append(backOff.wait)
        }
        #expect(waits == [60, 120, 240, 300, 300])
        backOff.succeeded()
        #expect(backOff.wait == 30)
        backOff.failed(retryAfter: 90)
        #expect(backOff.wait == 90)
        backOff.failed(retryAfter: 7200)
        #expect(backOff.wait == 3600)
        // An interval longer than five minutes is never shortened by a failure.
        var slow = LiveBackOff(every: 600)
        slow.failed()
        #expect(slow.wait == 600)
        #expect(LiveBackOff.human(30) == "30 s" && LiveBackOff.human(90) == "1 min 30 s" && LiveBackOff.human(300) == "5 min")
    }

    @Test func retryAfterFromTheServerSetsTheWait() {
        var state = loaded()
        F.send(&state, .liveTick)
        #expect(F.send(&state, .pageDeferred(requestID: 2, message: "HTTP 429: slow down", retryAfter: 120)) == [])
        #expect(state.live?.backOff.delay == 120 && state.lastError == "live: HTTP 429: slow down")
        // Any other load the server defers simply fails.
        F.send(&state, .loadMore)
        F.send(&state, .pageDeferred(requestID: 3, message: "HTTP 429: slow down", retryAfter: 120))
        #expect(state.phase == .failed("HTTP 429: slow down") && state.failedLoad?.kind == .more)
    }

    // MARK: the app: when ticks come

    /// An app with one live tab ("items", every 30 s), its first page
    /// loaded at `now`.
    func app(size: TerminalSize = TerminalSize(columns: 80, rows: 24)) -> AppState {
        var list = ListState(paging: F.paging)
        list.live = LiveRefresh(every: 30)
        var state = AppState(endpointKey: "items", columns: [], paging: F.paging, list: list, size: size)
        _ = AppReducer.reduce(&state, .clock(Self.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, F.page(1...30, totalPages: 5, at: Self.now))))
        return state
    }

    @Test func aTickComesDueFromTheClockAndAsksForTheFirstPage() {
        var state = app()
        #expect(state.list.live?.due == Self.now + 30 && state.nextLiveTick == Self.now + 30)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 29)) == [])
        let before = state
        let effects = AppReducer.reduce(&state, .clock(Self.now + 30))
        #expect(effects == [.fetchLive(list: .tab("items"), endpoint: "items", requestID: 2, cursor: .page(1))])
        var expected = before
        expected.clock = Self.now + 30
        expected.list.lastRequestID = 2
        expected.list.inFlight = .init(id: 2, kind: .live, cursor: .page(1))
        expected.list.live?.due = nil
        #expect(state == expected)
        // While it is in flight no time wakes the loop: the answer does.
        #expect(state.nextLiveTick == nil)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 90)) == [])
        // The next one is due an interval after the answer.
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 2, page(F.rows(1...30), at: Self.now + 91))))
        #expect(state.list.live?.due == Self.now + 90 + 30)
    }

    @Test func afterAFailureTheNextTickWaitsTheBackOffAndRAsksAtOnce() {
        var state = app()
        _ = AppReducer.reduce(&state, .clock(Self.now + 30))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageFailed(requestID: 2, message: "network: timed out after 10 s")))
        #expect(state.list.live?.due == Self.now + 30 + 60)
        #expect(state.list.lastError == "live: network: timed out after 10 s")
        #expect(AppReducer.reduce(&state, .clock(Self.now + 89)) == [])
        _ = AppReducer.reduce(&state, .clock(Self.now + 90))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageFailed(requestID: 3, message: "HTTP 500")))
        #expect(state.list.live?.due == Self.now + 90 + 120)
        // r: the first page now, and the interval again after it.
        #expect(AppReducer.reduce(&state, .list(.refresh)) == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 4, cursor: .page(1))])
        #expect(state.list.live?.backOff.delay == 0)
        _ = AppReducer.reduce(&state, .clock(Self.now + 100))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 4, F.page(1...30, totalPages: 5, at: Self.now + 100))))
        #expect(state.list.live?.due == Self.now + 100 + 30 && state.list.lastError == nil)
    }

    /// The first page failed (the server down at start): the back-off runs
    /// from that failure too, the status says when the next try is, and the
    /// try asks for the first page again; once it comes, the interval.
    @Test func aFirstLoadThatFailsIsTriedAgainBackingOff() {
        var list = ListState(paging: F.paging)
        list.live = LiveRefresh(every: 30)
        var state = AppState(endpointKey: "items", columns: [], paging: F.paging, list: list, size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageFailed(requestID: 1, message: "network: connection refused by 127.0.0.1:9")))
        #expect(state.list.phase == .failed("network: connection refused by 127.0.0.1:9"))
        #expect(state.list.live?.due == Self.now + 60 && state.nextLiveTick == Self.now + 60)
        #expect(state.list.liveStatus == "live: next try in 1 min")
        #expect(AppReducer.reduce(&state, .clock(Self.now + 59)) == [])
        #expect(AppReducer.reduce(&state, .clock(Self.now + 60)) == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 2, cursor: .page(1))])
        #expect(state.list.phase == .firstLoad && state.list.live?.due == nil)
        // Down still: twice as long; a 503's Retry-After is honoured.
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageFailed(requestID: 2, message: "network: connection refused by 127.0.0.1:9")))
        #expect(state.list.live?.due == Self.now + 60 + 120)
        _ = AppReducer.reduce(&state, .clock(Self.now + 180))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageDeferred(requestID: 3, message: "HTTP 503", retryAfter: 600)))
        #expect(state.list.live?.due == Self.now + 180 + 600)
        // Up again: the first page, then ticks at the interval.
        _ = AppReducer.reduce(&state, .clock(Self.now + 780))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 4, F.page(1...30, totalPages: 5, at: Self.now + 780))))
        #expect(state.list.rows.count == 30 && state.list.live?.newIDs == [] && state.list.live?.backOff.delay == 0)
        #expect(state.list.live?.due == Self.now + 780 + 30 && state.list.liveStatus == "live 30 s")
    }

    @Test func theLiveKeyPausesAndResumesAtOnce() {
        var state = app()
        #expect(KeyMap.default.action(for: .character("t"), in: state) == .toggleLive)
        #expect(AppReducer.reduce(&state, .toggleLive) == [])
        #expect(state.list.live?.paused == true && state.toast?.text == "live refresh paused")
        #expect(state.nextLiveTick == nil && AppReducer.reduce(&state, .clock(Self.now + 300)) == [])
        #expect(state.list.live?.status(inFlight: false) == "live paused")
        _ = AppReducer.reduce(&state, .toggleLive)
        #expect(state.toast?.text == "live refresh on: every 30 s")
        #expect(state.nextLiveTick == 0)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 301))
                == [.fetchLive(list: .tab("items"), endpoint: "items", requestID: 2, cursor: .page(1))])
        // Pausing with a tick in flight cancels it.
        #expect(AppReducer.reduce(&state, .toggleLive) == [.cancelFetch(list: .tab("items"), requestID: 2)])
        #expect(state.list.inFlight == nil)
    }

    @Test func aListThatIsNotLiveHasNoLiveKey() {
        var state = AppState(endpointKey: "items", columns: [], paging: F.paging)
        #expect(KeyMap.default.action(for: .character("t"), in: state) == nil)
        #expect(AppReducer.reduce(&state, .toggleLive) == [])
        #expect(state.toast?.text == "items is not a live list (refresh.every in the config)")
    }

    @Test func aScreenOrAnOverlayOverTheListHoldsTheTicks() {
        var state = app()
        _ = AppReducer.reduce(&state, .openDetail)
        #expect(state.nextLiveTick == nil && AppReducer.reduce(&state, .clock(Self.now + 60)) == [])
        _ = AppReducer.reduce(&state, .closeDetail)
        _ = AppReducer.reduce(&state, .toggleHelp)
        #expect(state.nextLiveTick == nil && AppReducer.reduce(&state, .clock(Self.now + 61)) == [])
        _ = AppReducer.reduce(&state, .toggleHelp)
        _ = AppReducer.reduce(&state, .search(.begin))
        #expect(AppReducer.reduce(&state, .clock(Self.now + 62)) == [])
        _ = AppReducer.reduce(&state, .search(.cancel))
        // Back on the list: the overdue tick comes at once.
        #expect(state.nextLiveTick == Self.now + 30)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 63)).count == 1)
    }

    @Test func aTabNotOnScreenDoesNotTickUntilItIsShown() {
        var one = TabState(endpointKey: "a", columns: [], list: ListState(paging: F.paging))
        var two = TabState(endpointKey: "b", columns: [], list: ListState(paging: F.paging))
        one.list.live = LiveRefresh(every: 30)
        two.list.live = LiveRefresh(every: 10)
        var state = AppState(tabs: [one, two])
        for key in ["a", "b"] { state.endpoints[key] = EndpointInfo(title: key, paging: F.paging) }
        _ = AppReducer.reduce(&state, .clock(Self.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("a"), .pageLoaded(requestID: 1, F.page(1...30))))
        _ = AppReducer.reduce(&state, .selectTab(1))
        _ = AppReducer.reduce(&state, .answer(.tab("b"), .pageLoaded(requestID: 1, F.page(1...30))))
        _ = AppReducer.reduce(&state, .selectTab(0))
        // b's tick is due first, but a is on screen: only a ticks, and only at its own time.
        #expect(state.tabs[1].list.live?.due == Self.now + 10)
        #expect(state.nextLiveTick == Self.now + 30)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 20)) == [])
        #expect(AppReducer.reduce(&state, .clock(Self.now + 30)) == [.fetchLive(list: .tab("a"), endpoint: "a", requestID: 2, cursor: .page(1))])
        #expect(state.tabs[1].list.inFlight == nil)
        // Shown again, b ticks at the next clock.
        _ = AppReducer.reduce(&state, .selectTab(1))
        #expect(AppReducer.reduce(&state, .clock(Self.now + 31)) == [.fetchLive(list: .tab("b"), endpoint: "b", requestID: 2, cursor: .page(1))])
    }

    @Test func quittingStopsEveryTickAtOnce() {
        var state = app()
        _ = AppReducer.reduce(&state, .clock(Self.now + 30))
        #expect(AppReducer.reduce(&state, .quit) == [.cancelFetch(list: .tab("items"), requestID: 2)])
        #expect(state.list.inFlight == nil && state.nextLiveTick == nil)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 600)) == [])
        #expect(state.list.live?.due == nil)
    }

    // MARK: the config

    func parse(_ refresh: String) -> (every: Double?, error: String?) {
        let text = """
        server: http://127.0.0.1:1
        interfaces:
          items:
            url: /items
            \(refresh)
            item: {id: id, title: name}
        """
        do {
            return (try ConfigLoader.parse(text, file: "live.yaml").endpoint("items")?.refreshEvery, nil)
        } catch {
            return (nil, error.description)
        }
    }

    @Test func refreshEveryReadsDurations() {
        #expect(parse("refresh: {every: 30s}").every == 30)
        #expect(parse("refresh: {every: 5m}").every == 300)
        #expect(parse("refresh: {every: 1h}").every == 3600)
        #expect(parse("refresh: {every: 45}").every == 45)
        #expect(parse("refresh: {every: off}") == (nil, nil))
        #expect(parse("title: Items") == (nil, nil))
        #expect(parse("refresh: {every: 500ms}").error == "live.yaml:5:22: interfaces.items.refresh.every: refresh every 500ms is too often: at least 1s")
        #expect(parse("refresh: {every: soon}").error == "live.yaml:5:22: interfaces.items.refresh.every: expected a duration like 30s, 5m or 1h (or off), found \"soon\"")
        #expect(parse("refresh: {evry: 30s}").error?.contains("unknown key \"evry\"; did you mean \"every\"?") == true)
    }

    @Test func goneIsKeepOrDrop() throws {
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        interfaces:
          kept: {url: /k, refresh: {every: 10s}, item: {id: id, title: name}}
          dropped: {url: /d, refresh: {every: 10s, gone: drop}, item: {id: id, title: name}}
        """, file: "live.yaml")
        #expect(config.endpoint("kept")?.refreshGone == .keep && config.endpoint("dropped")?.refreshGone == .drop)
        let state = AppState(config: config)
        #expect(state.tabs[0].list.live?.dropsGone == false && state.tabs[1].list.live?.dropsGone == true)
        #expect(parse("refresh: {every: 30s, gone: hide}").error
                == "live.yaml:5:33: interfaces.items.refresh.gone: expected one of keep, drop, found \"hide\"")
    }

    @Test func cacheOnlyNeverTicks() throws {
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        interfaces:
          items: {url: /items, refresh: {every: 10s}, item: {id: id, title: name}}
          offline: {url: /o, mode: cache-only, refresh: {every: 10s}, item: {id: id, title: name}}
        """, file: "live.yaml")
        let state = AppState(config: config)
        #expect(state.tabs[0].list.live?.blocked == nil && state.tabs[1].list.live?.blocked == "cache-only")
        #expect(AppState(config: config, mode: .cacheElseNetwork).tabs[0].list.live?.blocked == nil)
        var cached = AppState(config: config, mode: .cacheOnly)
        #expect(cached.tabs[0].list.live?.blocked == "cache-only")
        #expect(cached.list.liveStatus == "live off (cache-only)")
        _ = AppReducer.reduce(&cached, .clock(Self.now))
        _ = AppReducer.reduce(&cached, .list(.appeared))
        _ = AppReducer.reduce(&cached, .list(.pageLoaded(requestID: 1, F.page(1...30))))
        #expect(cached.nextLiveTick == nil && AppReducer.reduce(&cached, .clock(Self.now + 60)) == [])
        _ = AppReducer.reduce(&cached, .toggleLive)
        #expect(cached.toast?.text == "live refresh is off here (cache-only)")
    }

    /// In a cache mode a tick that cannot reach the server gets the cached
    /// copy marked offline: the rows stay, the ticks pause and say so, and
    /// a refresh that reaches the server (r) resumes them.
    @Test func offlineTheTicksPauseAndRResumesThem() {
        var state = app()
        _ = AppReducer.reduce(&state, .clock(Self.now + 30))
        let before = state
        var offline = page(F.rows(1...30), at: Self.now - 600)
        offline.origin = .cache(fetchedAt: Self.now - 600, offline: true)
        #expect(AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 2, offline))) == [])
        var expected = before
        expected.list.inFlight = nil
        expected.list.cacheBadge = CacheBadge(fetchedAt: Self.now - 600, offline: true)
        #expect(state == expected)
        #expect(state.list.liveStatus == "live paused (offline)" && state.nextLiveTick == nil)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 600)) == [])
        // r: the first page again; from the server, the ticks resume at their pace.
        #expect(AppReducer.reduce(&state, .list(.refresh))
                == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 3, cursor: .page(1))])
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 3, F.page(1...30, totalPages: 5, at: Self.now + 600))))
        #expect(state.list.isOffline == false && state.list.liveStatus == "live 30 s")
        #expect(state.nextLiveTick == Self.now + 600 + 30)
    }
}
