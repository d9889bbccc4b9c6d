import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// A stream tab in the app: made from the config's `stream:`, connected
/// only while shown, reconnected at once when shown again, paused by the
/// live key, closed on quit; the status bar says which.
@Suite("Stream tabs")
struct StreamTabTests {
    typealias F = Fixtures
    static let now: Double = 1_800_000_000

    func app() throws -> AppState {
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        interfaces:
          items: {url: /items, item: {id: id, title: name}}
          market: {url: /market, stream: {mode: upsert, keep: 50}, item: {id: symbol, title: symbol}}
        """, file: "streams.yaml")
        var state = AppState(config: config)
        _ = AppReducer.reduce(&state, .clock(Self.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, F.page(1...30))))
        return state
    }

    func events(_ ids: [String]) -> PageLoad<RowTable> {
        var page = PageLoad(rows: F.rows(ids: ids), fetchedAt: Self.now)
        page.facts.continues = true
        return page
    }

    @Test func theConfigMakesAStreamTabWithTheLiveRules() throws {
        let state = try app()
        #expect(state.tabs[1].list.stream == StreamSpec(mode: .upsert, keep: 50))
        #expect(state.tabs[1].list.live?.every == 3 && state.tabs[1].list.live?.paused == false)
        #expect(state.tabs[0].list.stream == nil && state.tabs[0].list.live == nil)
    }

    @Test func connectedOnlyWhileShown() throws {
        var state = try app()
        let opened = AppReducer.reduce(&state, .selectTab(1))
        #expect(opened.last == .fetchPage(list: .tab("market"), endpoint: "market", requestID: 1, cursor: .page(0), params: [:]))
        #expect(state.tabs[1].list.inFlight?.id == 1)
        _ = AppReducer.reduce(&state, .answer(.tab("market"), .pageLoaded(requestID: 1, events(["ACME", "BOLT"]))))
        #expect(Array(state.tabs[1].list.rows).map(\.id) == ["BOLT", "ACME"])
        #expect(state.list.liveStatus == "connected")
        // Away: the connection closes; the rows stay.
        #expect(AppReducer.reduce(&state, .selectTab(0)) == [.cancelFetch(list: .tab("market"), requestID: 1)])
        #expect(state.tabs[1].list.inFlight == nil && state.tabs[1].list.rows.count == 2)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 60)) == [], "not on screen: no connection")
        // Back: it connects at the next clock, at once.
        _ = AppReducer.reduce(&state, .selectTab(1))
        #expect(AppReducer.reduce(&state, .clock(Self.now + 61))
                == [.fetchLive(list: .tab("market"), endpoint: "market", requestID: 2, cursor: PagingPlan(paging: state.paging(of: "market")).first)])
        #expect(state.list.liveStatus == "connected")
    }

    @Test func theLiveKeyPausesAndQuitCloses() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .selectTab(1))
        #expect(AppReducer.reduce(&state, .toggleLive) == [.cancelFetch(list: .tab("market"), requestID: 1)])
        #expect(state.list.liveStatus == "paused" && state.toast?.text == "stream paused")
        #expect(AppReducer.reduce(&state, .clock(Self.now + 60)) == [])
        _ = AppReducer.reduce(&state, .toggleLive)
        #expect(state.toast?.text == "stream on: connecting")
        #expect(AppReducer.reduce(&state, .clock(Self.now + 61)).count == 1)
        #expect(state.list.liveStatus == "connected")
        #expect(AppReducer.reduce(&state, .quit) == [.cancelFetch(list: .tab("market"), requestID: 2)])
    }

    @Test func theResponseEndingReconnectsAfterTheWait() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .selectTab(1))
        var ended = events(["ACME"])
        ended.facts.continues = false
        _ = AppReducer.reduce(&state, .answer(.tab("market"), .pageLoaded(requestID: 1, ended)))
        #expect(state.list.liveStatus == "reconnecting in 3 s" && state.nextLiveTick == Self.now + 3)
        #expect(AppReducer.reduce(&state, .clock(Self.now + 2)) == [])
        #expect(AppReducer.reduce(&state, .clock(Self.now + 3)).count == 1)
    }

    /// A connected stream is not a load: no spinner turns in its tab and
    /// the run loop sleeps until an event wakes it (a tab open all day
    /// costs no frames).
    @Test func aConnectedStreamIsNotLoading() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .selectTab(1))
        #expect(state.tabs[1].list.inFlight != nil)
        #expect(!state.isLoading)
        _ = AppReducer.reduce(&state, .answer(.tab("market"), .pageLoaded(requestID: 1, events(["ACME", "BOLT"]))))
        #expect(TabLabel.text(state.tabs[1], number: 2, spinner: "⠋") == " 2 market 2 ")
        #expect(!state.isLoading)
    }
}
