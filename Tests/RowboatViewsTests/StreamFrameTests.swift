import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of a stream list: rows newest on top, no "load more", the
/// count its rows, and the status bar's "connected", "reconnecting in 2 s"
/// (after the server's retry:) and an unreadable event's line.
@Suite struct StreamFrameTests {
    let renderer = AppRenderer(theme: .default)

    /// A stream (upsert) with five events, the last updating item 2 in place.
    func stream(_ size: TerminalSize, ends: Bool) -> AppState {
        var list = ListState()
        list.stream = StreamSpec(mode: .upsert, keep: 100)
        list.live = LiveRefresh(every: 3)
        var state = AppState(endpointKey: "market", columns: Fixtures.columns, list: list, size: size)
        _ = AppReducer.reduce(&state, .clock(Fixtures.now - 10))
        _ = AppReducer.reduce(&state, .list(.appeared))
        var part = PageLoad(rows: (1...4).map { Fixtures.row($0) } + [Fixtures.row(2, title: "Item 2 (price up)")],
                            fetchedAt: Fixtures.now - 10, final: false)
        part.facts.continues = true
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, part)))
        if ends {
            var bad = PageLoad(rows: [], fetchedAt: Fixtures.now - 5, final: false)
            bad.facts.continues = true
            bad.stream = StreamNews(problem: "event 6 is not JSON: hello", skipped: 1, retrySeconds: 2)
            _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, bad)))
            _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: [], fetchedAt: Fixtures.now - 5))))
        }
        return state
    }

    @Test func connected() throws {
        let grid = renderer.render(stream(.init(columns: 80, rows: 10), ends: false), now: Fixtures.now)
        try GoldenFrame.check(grid, "stream-connected-80x10")
        let lines = grid.lines()
        #expect(lines[1].contains("Item 4") && lines[3].contains("Item 2 (price up)"))
        #expect(lines.last?.contains("market · 4/4") == true && lines.last?.contains("connected") == true)
        #expect(!grid.text.contains("load more"))
    }

    @Test func reconnectingWithAnUnreadableEvent() throws {
        let grid = renderer.render(stream(.init(columns: 100, rows: 10), ends: true), now: Fixtures.now)
        try GoldenFrame.check(grid, "stream-reconnecting-100x10")
        #expect(grid.text.contains("reconnecting in 2 s") && grid.text.contains("event 6 is not JSON: hello"))
    }

    /// A stream whose server answered and has sent nothing yet: it says it
    /// waits (not "No items", not a spinner forever); before the answer, it
    /// says it connects.
    @Test func openButQuiet() throws {
        var list = ListState()
        list.stream = StreamSpec(mode: .append, keep: 100)
        list.live = LiveRefresh(every: 3)
        var state = AppState(endpointKey: "log", columns: Fixtures.columns, list: list, size: .init(columns: 60, rows: 10))
        _ = AppReducer.reduce(&state, .clock(Fixtures.now - 10))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let connecting = renderer.render(state, now: Fixtures.now)
        #expect(connecting.text.contains("Connecting…") && !connecting.text.contains("Loading"))
        var opened = PageLoad(rows: [], fetchedAt: Fixtures.now - 9, final: false)
        opened.facts.continues = true
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, opened)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "stream-waiting-60x10")
        #expect(grid.text.contains("Waiting for events") && grid.text.contains("connected"))
        #expect(!grid.text.contains("No items"))
    }
}
