import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews

/// A golden frame of the status bar naming a paging path the first page
/// did not have (a likely typo in the config).
@Suite struct PagingNoticeFrameTests {
    let renderer = AppRenderer(theme: .default)

    @Test func absentCursorPathInTheStatusBar() throws {
        var state = AppState(endpointKey: "posts", columns: Fixtures.columns,
                             paging: Paging(style: .cursor(param: "after", next: JSONPath("data.aftr")!)),
                             size: .init(columns: 100, rows: 8))
        _ = AppReducer.reduce(&state, .list(.appeared))
        var facts = PageFacts(itemCount: 3)
        facts.absentPaths = [#"paging.nextCursor "data.aftr""#]
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(
            rows: (1...3).map { Fixtures.row($0) }, facts: facts, fetchedAt: Fixtures.now))))
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines().last?.contains(#"paging.nextCursor "data.aftr" is not in the first page"#) == true)
        try GoldenFrame.check(grid, "paging-notice-100x8")
    }

    @Test func noLinkHeaderInTheStatusBar() throws {
        var state = AppState(endpointKey: "issues", columns: Fixtures.columns,
                             paging: Paging(style: .link), size: .init(columns: 100, rows: 8))
        _ = AppReducer.reduce(&state, .list(.appeared))
        var facts = PageFacts(itemCount: 3)
        facts.absentPaths = [PagingNotice.noNextLink]
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(
            rows: (1...3).map { Fixtures.row($0) }, facts: facts, fetchedAt: Fixtures.now))))
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines().last?.contains(#"no next page: the server sent no Link header with rel="next"…"#) == true)
        try GoldenFrame.check(grid, "paging-notice-no-link-100x8")
    }
}
