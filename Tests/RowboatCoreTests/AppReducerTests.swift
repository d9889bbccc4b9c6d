import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("AppReducer and AppState")
struct AppReducerTests {
    func app(rows: Int = 24) -> AppState {
        AppState(endpointKey: "items", columns: [], paging: Fixtures.paging,
                 size: TerminalSize(columns: 80, rows: rows))
    }

    @Test func initialViewportIsRowsMinusChrome() {
        #expect(ScreenLayout.of(app()).chromeRows == 3)
        #expect(app().list.viewportItems == 21)
        #expect(app(rows: 2).list.viewportItems == 1)
    }

    @Test func resizedSetsSizeAndViewportRows() {
        var state = app()
        let effects = AppReducer.reduce(&state, .resized(TerminalSize(columns: 100, rows: 40)))
        #expect(effects == [])
        #expect(state.size == TerminalSize(columns: 100, rows: 40))
        #expect(state.list.viewportItems == 37)
        _ = AppReducer.reduce(&state, .resized(TerminalSize(columns: 10, rows: 2)))
        #expect(state.list.viewportItems == 1)
    }

    @Test func resizedClampsScrollAndMayLoadMore() {
        var state = app()
        #expect(AppReducer.reduce(&state, .list(.appeared)) == [.loadFavorites(endpoint: "items"), .fetchPage(list: .tab("items"), endpoint: "items", requestID: 1, cursor: .page(1))])
        #expect(AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, Fixtures.page(1...30, totalPages: 5)))) == [])
        _ = AppReducer.reduce(&state, .list(.move(.to(25))))
        // 30 rows, selection 25 is within a 21-row screen of the end → load-more started already.
        #expect(state.list.phase == .loadingMore)

        var other = app()
        _ = AppReducer.reduce(&other, .list(.appeared))
        _ = AppReducer.reduce(&other, .list(.pageLoaded(requestID: 1, Fixtures.page(1...30, totalPages: 5))))
        let effects = AppReducer.reduce(&other, .resized(TerminalSize(columns: 80, rows: 43)))
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 2, cursor: .page(2))])
        #expect(other.list.viewportItems == 40)
        #expect(other.list.scrollOffset == 0)
    }

    @Test func resizedKeepsSelectionVisible() {
        var state = AppState(endpointKey: "items", columns: [],
                             paging: Paging(), size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, Fixtures.page(1...100))))
        _ = AppReducer.reduce(&state, .list(.move(.to(50))))
        #expect(state.list.scrollOffset == 30)
        #expect(AppReducer.reduce(&state, .resized(TerminalSize(columns: 80, rows: 8))) == [])
        #expect(state.list.viewportItems == 5)
        #expect(state.list.scrollOffset == 46)
    }

    @Test func quit() {
        var state = app()
        #expect(!state.shouldQuit)
        #expect(AppReducer.reduce(&state, .quit) == [])
        #expect(state.shouldQuit)
    }

    @Test func tooSmallBelowThirtyBySix() {
        #expect(AppState.minimumSize == TerminalSize(columns: 30, rows: 6))
        func small(_ c: Int, _ r: Int) -> Bool {
            AppState(endpointKey: "x", columns: [], size: TerminalSize(columns: c, rows: r)).isTooSmall
        }
        #expect(!small(30, 6))
        #expect(!small(80, 24))
        #expect(small(29, 6))
        #expect(small(30, 5))
        #expect(small(0, 0))
        var state = app()
        _ = AppReducer.reduce(&state, .resized(TerminalSize(columns: 20, rows: 24)))
        #expect(state.isTooSmall)
    }
}
