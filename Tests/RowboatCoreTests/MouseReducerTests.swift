import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("Mouse: click selects or opens, the wheel moves and pulls")
struct MouseReducerTests {
    /// 60 rows loaded, 80x24: the table body is screen rows 1...21.
    func app() -> AppState {
        AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 2),
                 size: TerminalSize(columns: 80, rows: 24))
    }

    func click(_ x: Int, _ y: Int) -> AppAction { .mouse(MouseEvent(.click, x: x, y: y)) }

    @Test func clickSelectsTheRowUnderIt() {
        var state = app()
        #expect(AppReducer.reduce(&state, click(5, 4)) == [])
        #expect(state.list.selection == 3)
        #expect(state.detail == nil)
    }

    @Test func clickOnTheSelectedRowOpensIt() {
        var state = app()
        _ = AppReducer.reduce(&state, click(5, 4))
        _ = AppReducer.reduce(&state, click(40, 4))
        #expect(state.detail?.rowID == "4")
    }

    @Test func clickFollowsTheScrollOffset() {
        var state = app()
        _ = AppReducer.reduce(&state, .list(.move(.to(40))))
        let offset = state.list.scrollOffset
        #expect(offset > 0)
        _ = AppReducer.reduce(&state, click(0, 1))
        #expect(state.list.selection == offset)
    }

    @Test func clicksOutsideTheRowsDoNothing() {
        var state = app()
        for y in [0, 22, 23, 24, -1] {
            #expect(AppReducer.reduce(&state, click(3, y)) == [])
            #expect(state.list.selection == 0)
        }
        var short = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 1),
                             size: TerminalSize(columns: 80, rows: 50))
        _ = AppReducer.reduce(&short, click(3, 40))       // below the last of 30 rows
        #expect(short.list.selection == 0)
    }

    @Test func clickNearTheEndLoadsMoreLikeMoving() {
        // 60 rows on a 47-row body: a click on row 40 is within a screen of the end.
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 2),
                             size: TerminalSize(columns: 80, rows: 50))
        let effects = AppReducer.reduce(&state, click(0, 40))
        #expect(state.list.selection == 39)
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 3, cursor: .page(3))])
    }

    @Test func wheelMovesTheSelectionAndWheelUpAtTheTopPulls() {
        var state = app()
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.wheelDown, x: 0, y: 5)))
        #expect(state.list.selection == 1)
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.wheelUp, x: 0, y: 5)))
        #expect(state.list.selection == 0)
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.wheelUp, x: 0, y: 5)))
        #expect(state.list.phase == .pulling)
        let effects = AppReducer.reduce(&state, .mouse(MouseEvent(.wheelUp, x: 0, y: 5)))
        #expect(state.list.phase == .refreshing)
        #expect(effects.count == 1)
    }

    @Test func gridClickHitsTheCardAndSkipsTheGap() {
        var state = app()
        _ = AppReducer.reduce(&state, .toggleView)
        let layout = ScreenLayout.of(state).grid
        #expect(layout.columns == 3)
        // Second card of the second card row.
        _ = AppReducer.reduce(&state, click(layout.cardWidth + GridLayout.gap + 2, 1 + GridLayout.cardHeight + 1))
        #expect(state.list.selection == layout.columns + 1)
        // The one-column gap between cards is not a card.
        _ = AppReducer.reduce(&state, click(layout.cardWidth, 2))
        #expect(state.list.selection == layout.columns + 1)
    }

    @Test func clicksInFavoritesAndSearchPickFromWhatIsShown() {
        var state = app()
        state.favorites = (1...5).map { RowModel(id: "f\($0)", title: "Fav \($0)") }
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        _ = AppReducer.reduce(&state, click(0, 3))
        #expect(state.favoritesSelection == 2)
        _ = AppReducer.reduce(&state, .toggleFavoritesList)

        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("5")))
        _ = AppReducer.reduce(&state, click(0, 2))
        #expect(state.currentRow?.id == "15")
    }

    @Test func overlaysSwallowClicksAndDetailScrollsWithTheWheel() {
        var state = app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        _ = AppReducer.reduce(&state, click(0, 5))
        #expect(state.list.selection == 0)
        _ = AppReducer.reduce(&state, .sheet(.cancel))
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.wheelDown, x: 0, y: 5)))
        #expect(state.detail?.scroll == 3)
        state.overlay = .help(over: nil)
        #expect(KeyMap.default.action(for: .mouse(MouseEvent(.click, x: 1, y: 1)), in: state) == .toggleHelp)
        #expect(KeyMap.default.action(for: .mouse(MouseEvent(.wheelUp, x: 1, y: 1)), in: state) == nil)
    }
}
