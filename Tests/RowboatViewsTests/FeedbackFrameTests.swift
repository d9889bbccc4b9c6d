import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews

/// Golden frames of the action sheet, the confirm dialog and toasts.
@Suite struct FeedbackFrameTests {
    let renderer = AppRenderer(theme: .default)

    func app() -> AppState {
        var rows = (1...30).map { Fixtures.row($0) }
        rows[0].linkURL = "https://example.com/items/1"
        var state = Fixtures.loaded(rows, size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .clock(Fixtures.now))
        return state
    }

    @Test func actionSheetOffersTheRequestAsCurl() throws {
        var state = app()
        state.copiesRequests = true
        _ = AppReducer.reduce(&state, .sheet(.openCopy))
        #expect(state.sheet?.items[state.sheet!.cursor] == .copyAsCurl || state.sheet?.items.contains(.copyAsCurl) == true)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "action-sheet-copy-curl-80x24")
    }

    @Test func actionSheetHighlightsTheCursorLine() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        _ = AppReducer.reduce(&state, .sheet(.move(1)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "action-sheet-80x24")
        let lines = grid.lines()
        let y = try #require(lines.firstIndex { $0.contains("Copy link") })
        let x = try #require(lines[y].range(of: "Copy link")).lowerBound.utf16Offset(in: lines[y])
        #expect(grid[x, y].style == renderer.theme.selected)
    }

    @Test func clearCacheDialogShowsSizesWithCancelFocused() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .cacheMeasured(CacheUsage(responseBytes: 25_500, responseCount: 3,
                                                                imageBytes: 3_500_000, imageCount: 120), reason: nil))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "confirm-dialog-80x24")
        let lines = grid.lines()
        let y = try #require(lines.firstIndex { $0.contains("[ n Cancel ]") })
        let cancelX = try #require(lines[y].range(of: "[ n Cancel ]")).lowerBound.utf16Offset(in: lines[y])
        let clearX = try #require(lines[y].range(of: "[ y Clear ]")).lowerBound.utf16Offset(in: lines[y])
        #expect(grid[cancelX, y].style == renderer.theme.selected)
        #expect(grid[clearX, y].style != renderer.theme.selected)
    }

    @Test func toastSitsAtTheRightOfTheFooterLine() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .toggleFavorite)
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.lines()[22].hasSuffix(" ★ added to favorites  "))
        try GoldenFrame.check(grid, "toast-80x24")
        _ = AppReducer.reduce(&state, .clock(Fixtures.now + Toast.lifetime))
        #expect(!renderer.render(state, now: Fixtures.now).lines()[22].contains("added"))
    }

    @Test func errorToastIsTruncatedToTheWidth() throws {
        var state = app()
        _ = AppReducer.reduce(&state, .notify("cannot run xdg-open: No such file or directory (set $BROWSER) — "
                                              + String(repeating: "x", count: 100), isError: true))
        let line = renderer.render(state, now: Fixtures.now).lines()[22]
        #expect(line.contains("cannot run xdg-open"))
        #expect(line.contains("…"))
        #expect(DisplayWidth.of(line) == 80)
    }

    @Test func aToastTakesAwayTheWholeWordItWouldCut() throws {
        var state = app()
        let text = "saved " + String(repeating: "y", count: 54)   // 62 cells with its margins: from column 17
        _ = AppReducer.reduce(&state, .notify(text, isError: false))
        let line = renderer.render(state, now: Fixtures.now).lines()[22]
        #expect(line.hasPrefix(" load more        saved yyy"), "\(line)")   // not "(space" cut to "(spac"
        #expect(DisplayWidth.of(line) == 80)
    }
}
