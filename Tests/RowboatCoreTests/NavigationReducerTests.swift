import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing
import RowboatCells

/// Navigation as data: tabs that keep their own lists and load on first
/// visit, answers routed to the list they are for, the detail stack, and
/// the related strip with its paging and races.
@Suite("Navigation: tabs, the screen stack, the related strip")
struct NavigationReducerTests {
    static let config = """
    server: http://127.0.0.1:9
    interfaces:
      items:
        title: Items
        url: /items
        paging: {style: page, param: page, sizeParam: limit, size: 30, totalPages: pages}
        item: {id: id, title: t}
        related: {endpoint: reviews, params: {item: "${item.id}"}}
      reviews:
        title: Reviews
        url: /reviews
        paging: {style: page, param: page, sizeParam: limit, size: 30, totalPages: pages}
        item: {id: id, title: t}
    """

    /// Both tabs, the items tab on screen with page 1 of 5 loaded.
    func app(size: TerminalSize = TerminalSize(columns: 80, rows: 30)) throws -> AppState {
        let config = try ConfigLoader.parse(Self.config, file: "test.yaml")
        var state = AppState(config: config, size: size)
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, Fixtures.page(1...30, totalPages: 5))))
        return state
    }

    func fetch(_ list: ListID, _ endpoint: String, _ id: Int, _ page: Int, params: [String: String] = [:]) -> AppEffect {
        .fetchPage(list: list, endpoint: endpoint, requestID: id, cursor: .page(page), params: params)
    }

    @Test func everyEndpointIsATabAndTheFirstLoadsAtStart() throws {
        let config = try ConfigLoader.parse(Self.config, file: "test.yaml")
        var state = AppState(config: config)
        #expect(state.tabs.map(\.title) == ["Items", "Reviews"])
        #expect(state.currentTab == 0)
        #expect(AppReducer.reduce(&state, .list(.appeared)) == [.loadFavorites(endpoint: "items"), fetch(.tab("items"), "items", 1, 1)])
        #expect(state.tabs[0].visited && !state.tabs[1].visited)
        // --endpoint reviews shows that tab first.
        #expect(AppState(config: config, showing: "reviews").currentTab == 1)
    }

    @Test func switchingTabsKeepsEachListAndLoadsATabOnItsFirstVisitOnly() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .list(.move(.to(5))))
        let items = state.tabs[0]
        // Tab 2 loads on its first visit.
        #expect(AppReducer.reduce(&state, .selectTab(1)) == [.loadFavorites(endpoint: "reviews"), fetch(.tab("reviews"), "reviews", 1, 1)])
        #expect(state.currentTab == 1)
        #expect(state.tabs[0] == items)
        #expect(state.list.phase == .firstLoad)
        _ = AppReducer.reduce(&state, .answer(.tab("reviews"), .pageLoaded(requestID: 1, Fixtures.page(101...130, totalPages: 2))))
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        // Back and forth: nothing is fetched again, and each keeps its place.
        #expect(AppReducer.reduce(&state, .previousTab) == [])
        #expect(state.currentTab == 0 && state.list.selection == 5)
        #expect(AppReducer.reduce(&state, .nextTab) == [])
        #expect(state.currentTab == 1 && state.list.selection == 1)
        #expect(AppReducer.reduce(&state, .nextTab) == [])
        #expect(state.currentTab == 0)
        #expect(AppReducer.reduce(&state, .selectTab(7)) == [])
        #expect(state.currentTab == 0)
    }

    /// A page of a tab the user left lands in that tab, not the one shown.
    @Test func anAnswerForATabNotOnScreenLandsInThatTab() throws {
        var state = try app()
        #expect(AppReducer.reduce(&state, .list(.loadMore)) == [fetch(.tab("items"), "items", 2, 2)])
        _ = AppReducer.reduce(&state, .selectTab(1))
        let reviews = state.list
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 2, Fixtures.page(31...60, totalPages: 5))))
        #expect(state.list == reviews)
        #expect(state.tabs[0].list.rows.count == 60)
        #expect(state.tabs[0].list.inFlight == nil)
        // An answer for no list of the app is dropped.
        let before = state
        #expect(AppReducer.reduce(&state, .answer(.tab("nope"), .pageLoaded(requestID: 1, Fixtures.page(1...3)))) == [])
        #expect(state == before)
    }

    @Test func theDetailPushesWithItsStripAndPopsToTheExactListBelow() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .list(.move(.to(24))))
        let list = state.list
        let effects = AppReducer.reduce(&state, .openDetail)
        #expect(effects == [fetch(.strip(1), "reviews", 1, 1, params: ["item": "25"])])
        let detail = try #require(state.detail)
        #expect(detail.row == list.rows[24])
        #expect(detail.endpointKey == "items")
        #expect(detail.strip?.id == 1 && detail.strip?.title == "Reviews" && detail.strip?.params == ["item": "25"])
        #expect(state.focus == .detail)
        _ = AppReducer.reduce(&state, .scrollDetail(3))
        #expect(state.detail?.scroll == 3)
        _ = AppReducer.reduce(&state, .closeDetail)
        #expect(state.screen == nil)
        #expect(state.list == list)
    }

    @Test func theStripPagesAlongAndLoadsMoreAtItsRightEnd() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, Fixtures.page(201...230, totalPages: 2))))
        #expect(state.detail?.strip?.list.rows.count == 30)
        let shown = try #require(state.detail)
        let perScreen = try #require(ScreenLayout.of(state).detail(shown).strip?.perScreen)
        #expect(state.detail?.strip?.list.viewportItems == perScreen)
        var effects: [AppEffect] = []
        for _ in 0..<29 { effects += AppReducer.reduce(&state, .stripMove(1)) }
        #expect(state.detail?.strip?.list.selection == 29)
        #expect(effects.filter { if case .fetchPage = $0 { true } else { false } } == [fetch(.strip(1), "reviews", 2, 2, params: ["item": "1"])])
        _ = AppReducer.reduce(&state, .stripMove(-1))
        #expect(state.detail?.strip?.list.selection == 28)
    }

    /// A strip page that answers after its detail was popped lands nowhere.
    @Test func aStripAnswerAfterThePopIsDropped() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .closeDetail)
        let before = state
        #expect(AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, Fixtures.page(201...230)))) == [])
        #expect(AppReducer.reduce(&state, .answer(.strip(1), .pageFailed(requestID: 1, message: "late"))) == [])
        #expect(state == before)
        // A new detail has a new strip: the old strip's answer is not its.
        #expect(AppReducer.reduce(&state, .openDetail) == [fetch(.strip(2), "reviews", 1, 1, params: ["item": "1"])])
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, Fixtures.page(201...230))))
        #expect(state.detail?.strip?.list.rows == [])
    }

    @Test func enterOpensTheRelatedItemAndEscComesBackToTheSameCard() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, Fixtures.page(201...230, totalPages: 1))))
        _ = AppReducer.reduce(&state, .stripMove(1))
        _ = AppReducer.reduce(&state, .stripMove(1))
        _ = AppReducer.reduce(&state, .scrollDetail(2))
        let parent = try #require(state.detail)
        // Reviews have no related items: no strip, and their favorites are read once.
        #expect(AppReducer.reduce(&state, .openRelated) == [.loadFavorites(endpoint: "reviews")])
        #expect(state.tab.stack.count == 2)
        #expect(state.detail?.row.id == "203")
        #expect(state.detail?.endpointKey == "reviews")
        #expect(state.detail?.strip == nil)
        #expect(state.favoritesEndpoint == "reviews")
        _ = AppReducer.reduce(&state, .closeDetail)
        #expect(state.detail == parent)
        // Without a strip, left is "back" as it always was.
        _ = AppReducer.reduce(&state, .openRelated)
        #expect(AppReducer.reduce(&state, .stripMove(-1)) == [])
        #expect(state.detail == parent)
    }

    @Test func aFailedStripSaysSoAndRightRetriesIt() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageFailed(requestID: 1, message: "HTTP 500")))
        #expect(state.detail?.strip?.list.phase == .failed("HTTP 500"))
        // The detail itself stays.
        #expect(state.detail?.row.id == "1")
        #expect(AppReducer.reduce(&state, .stripMove(1)) == [fetch(.strip(1), "reviews", 2, 1, params: ["item": "1"])])
    }

    @Test func favoritesPageByTableRowsEvenInGridMode() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .toggleView)
        #expect(state.list.viewportItems == ScreenLayout.of(state).grid.visibleItems)
        _ = AppReducer.reduce(&state, .favoritesLoaded(endpoint: "items", Fixtures.rows(1...60)))
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        _ = AppReducer.reduce(&state, .list(.move(.pageDown)))
        // The favorites list is a table: a page is its rows, not the grid's cards.
        #expect(state.favoritesSelection == ScreenLayout.of(state).tableRows - 1)
    }

    @Test func aClickOnATabShowsIt() throws {
        var state = try app()
        let layout = ScreenLayout.of(state)
        #expect(layout.tabsRow == 0 && layout.headerRow == 1 && layout.body.y == 2)
        let reviews = layout.tabRects[1]
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.click, x: reviews.x + 1, y: 0)))
        #expect(state.currentTab == 1)
    }

    @Test func helpRemembersTheOverlayItWasOpenedOver() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        let sheet = state.overlay
        _ = AppReducer.reduce(&state, .toggleHelp)
        #expect(state.focus == .help)
        _ = AppReducer.reduce(&state, .toggleHelp)
        #expect(state.overlay == sheet)
        #expect(state.focus == .sheet)
    }
}
