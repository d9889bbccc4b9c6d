import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews

/// Golden frames of the status bar showing cached and offline rows.
@Suite struct CacheStatusFrameTests {
    let renderer = AppRenderer(theme: .default)

    func cachedList(offline: Bool) -> AppState {
        var state = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging(),
                             size: .init(columns: 80, rows: 10))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let cachedAt = Fixtures.now - 12 * 60
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(
            rows: (1...30).map { Fixtures.row($0) }, totalPages: 34, totalCount: 1000, fetchedAt: cachedAt,
            origin: .cache(fetchedAt: cachedAt, offline: false), final: false))))
        if offline {
            _ = AppReducer.reduce(&state, .list(.pageFailed(requestID: 1, message: "network: connection refused")))
        }
        return state
    }

    @Test func offlineStatusBar() throws {
        let state = cachedList(offline: true)
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines().last?.contains("offline · cached 12 min ago") == true)
        try GoldenFrame.check(grid, "offline-cached-80x10")
    }

    @Test func cachedWhileRefreshingStatusBar() throws {
        let state = cachedList(offline: false)
        let grid = renderer.render(state, now: Fixtures.now, spinnerFrame: 0)
        #expect(grid.lines().last?.contains("cached 12 min ago") == true)
        #expect(grid.lines().last?.contains("offline") == false)
        try GoldenFrame.check(grid, "cached-refreshing-80x10")
    }
}
