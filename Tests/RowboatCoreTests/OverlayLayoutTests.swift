import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("ScreenLayout: where overlays, toasts, the search prompt and messages go")
struct OverlayLayoutTests {
    func layout(_ columns: Int, _ rows: Int) -> ScreenLayout {
        ScreenLayout.of(AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 1),
                                 size: TerminalSize(columns: columns, rows: rows)))
    }

    @Test func anOverlayIsAsLargeAsItsContentAndCentred() {
        #expect(layout(80, 24).overlayBox(width: 30, height: 8) == Rect(x: 25, y: 8, width: 30, height: 8))
        // Odd leftovers go right and down.
        #expect(layout(81, 25).overlayBox(width: 30, height: 8) == Rect(x: 25, y: 8, width: 30, height: 8))
    }

    @Test func anOverlayKeepsACellAllRoundAndIsNotDrawnBelowItsMinimum() {
        #expect(layout(80, 24).overlayBox(width: 200, height: 100) == Rect(x: 1, y: 1, width: 78, height: 22))
        #expect(layout(80, 24).overlayBox(width: 12, height: 8) == nil)
        #expect(layout(80, 24).overlayBox(width: 30, height: 4) == nil)
        #expect(layout(14, 24).overlayBox(width: 30, height: 8) == nil)   // 12 columns left
        #expect(layout(15, 7).overlayBox(width: 30, height: 8) == Rect(x: 1, y: 1, width: 13, height: 5))
        #expect(layout(15, 6).overlayBox(width: 30, height: 8) == nil)
    }

    @Test func thePagerTakesNearlyTheWholeScreen() {
        #expect(layout(80, 24).pagerBox == Rect(x: 2, y: 1, width: 76, height: 22))
        #expect(layout(16, 24).pagerBox == nil)
        #expect(layout(80, 6).pagerBox == nil)
    }

    @Test func aToastEndsAColumnBeforeTheScreenOnTheFooterRow() {
        let l = layout(80, 24)
        #expect(l.toast(width: 10) == Rect(x: 69, y: 22, width: 10, height: 1))
        #expect(l.toastRoom == 76)
        #expect(layout(80, 24).toast(width: 100)?.x == 0)
    }

    @Test func theSearchPromptIsTheFooterRowWithTheTextInTheLeftHalf() {
        let l = layout(80, 24)
        #expect(l.searchPrompt == Rect(x: 0, y: 22, width: 80, height: 1))
        #expect(l.searchTextRoom == 40)
    }

    @Test func aMessageIsCentredLineByLine() {
        let l = layout(80, 24)
        // The body is rows 1...21 (21 rows): two lines start at row 1 + 9.
        #expect(l.message([10, 20], in: l.body) == [Rect(x: 35, y: 10, width: 10, height: 1),
                                                  Rect(x: 30, y: 11, width: 20, height: 1)])
        // More lines than rows: from the top.
        #expect(l.message([4, 4, 4], in: Rect(x: 0, y: 5, width: 80, height: 2)).map(\.y) == [5, 6, 7])
        #expect(l.messageRoom == 78)
        #expect(l.screen == Rect(x: 0, y: 0, width: 80, height: 24))
    }

    @Test func theDetailPictureIsCentredAcross() throws {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 1),
                             size: TerminalSize(columns: 100, rows: 40))
        _ = AppReducer.reduce(&state, .openDetail)
        let detail = try #require(state.detail)
        let geometry = ScreenLayout.of(state).detail(detail)
        #expect(geometry.picture.columns == 64)
        #expect(geometry.pictureX == 18)
    }
}
