import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of a live list: the badge in the status bar ("live 30 s",
/// "2 new", the back-off's next try), rows a tick brought marked + and
/// bold until the selection has been on them.
@Suite struct LiveFrameTests {
    let renderer = AppRenderer(theme: .default)

    /// A live list (every 30 s) of thirty rows, the fourth selected.
    func live(_ size: TerminalSize) -> AppState {
        var list = ListState(paging: Fixtures.paging())
        list.live = LiveRefresh(every: 30)
        var state = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging(), list: list, size: size)
        _ = AppReducer.reduce(&state, .clock(Fixtures.now - 120))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(
            rows: (1...30).map { Fixtures.row($0) }, totalPages: 34, totalCount: 1000, fetchedAt: Fixtures.now - 120))))
        _ = AppReducer.reduce(&state, .list(.move(.to(3))))
        return state
    }

    /// The tick due: its answer has two new rows on top and item 2 renamed.
    func ticked(_ size: TerminalSize) -> AppState {
        var state = live(size)
        let effects = AppReducer.reduce(&state, .clock(Fixtures.now - 90))
        guard case .fetchLive(_, _, let id, _, _)? = effects.first else {
            Issue.record("no tick: \(effects)")
            return state
        }
        let fresh = [Fixtures.row(1001, title: "Fresh arrival"), Fixtures.row(1002, title: "Another one"),
                     Fixtures.row(1), Fixtures.row(2, title: "Item 2 (price cut)")] + (3...30).map { Fixtures.row($0) }
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: id, PageLoad(
            rows: fresh, totalPages: 34, totalCount: 1002, fetchedAt: Fixtures.now - 90))))
        return state
    }

    @Test func newRowsAreMarkedAndTheBadgeSaysHowMany() throws {
        let state = ticked(.init(columns: 80, rows: 12))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "live-new-80x12")
        let lines = grid.lines()
        // The + is in the row's gutter: the titles stay in line with the others.
        #expect(lines[1].hasPrefix("+  Fresh arrival") && lines[2].hasPrefix("+  Another one"))
        #expect(lines[4].hasPrefix("   Item 2 (price cut)"))
        // In the grid, the new cards carry it before their titles.
        var cards = state
        _ = AppReducer.reduce(&cards, .toggleView)
        _ = AppReducer.reduce(&cards, .list(.move(.to(1))))
        #expect(renderer.render(cards, now: Fixtures.now).text.contains("+ Fresh arrival"))
        // The selection stayed on item 4, two rows lower.
        #expect(state.list.selectedRow?.id == "4" && grid[0, 6].style == renderer.theme.selected)
        #expect(grid[2, 1].style.attributes.contains(.bold) && !grid[2, 3].style.attributes.contains(.bold))
        #expect(lines.last?.contains("live 30 s · 2 new") == true)
    }

    @Test func moreNewRowsThanMarksSaySo() throws {
        var state = live(.init(columns: 80, rows: 12))
        let effects = AppReducer.reduce(&state, .clock(Fixtures.now - 90))
        guard case .fetchLive(_, _, let id, _, _)? = effects.first else { Issue.record("no tick"); return }
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: id, PageLoad(
            rows: (2001...2030).map { Fixtures.row($0) }, totalPages: 34, fetchedAt: Fixtures.now - 90))))
        let lines = renderer.render(state, now: Fixtures.now).lines()
        #expect(lines.last?.contains("30 new (5 marked)") == true)
        #expect(state.list.live?.newIDs == Set((2001...2005).map(String.init)))
        // The selection stays on its item, on screen.
        #expect(state.list.selectedRow?.id == "4" && lines.contains { $0.hasPrefix("   Item 4 ") })
    }

    @Test func aFailedTickSaysWhenItTriesAgain() throws {
        var state = live(.init(columns: 100, rows: 10))
        let effects = AppReducer.reduce(&state, .clock(Fixtures.now - 90))
        guard case .fetchLive(_, _, let id, _, _)? = effects.first else { Issue.record("no tick"); return }
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageDeferred(requestID: id, message: "HTTP 429: slow down",
                                                                          retryAfter: 120)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "live-backoff-100x10")
        #expect(grid.lines().last?.contains("live: next try in 2 min") == true)
        #expect(grid.lines().last?.contains("live: HTTP 429: slow down") == true)
    }

    @Test func pausedOffAndOfflineAreSaid() {
        var state = live(.init(columns: 100, rows: 10))
        _ = AppReducer.reduce(&state, .toggleLive)
        #expect(renderer.render(state, now: Fixtures.now).lines().last?.contains("· live paused") == true)
        state.list.live?.paused = false
        state.list.cacheBadge = CacheBadge(fetchedAt: Fixtures.now - 600, offline: true)
        let offline = renderer.render(state, now: Fixtures.now).lines().last ?? ""
        #expect(offline.contains("live paused (offline)") && offline.contains("offline · cached 10 min ago"))
        state.list.live?.blocked = "cache-only"
        #expect(renderer.render(state, now: Fixtures.now).lines().last?.contains("live off (cache-only)") == true)
    }
}
