import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of navigation: the tabs line, the related strip, a detail
/// stacked on a detail, and every overlay over every screen.
@Suite struct NavigationFrameTests {
    let renderer = AppRenderer(theme: .default)

    /// Two tabs (items with related reviews), items loaded, reviews not
    /// visited yet.
    func app(size: TerminalSize = .init(columns: 80, rows: 24)) -> AppState {
        var items = TabState(endpointKey: "items", title: "Items", columns: Fixtures.columns,
                             list: ListState(paging: Fixtures.paging()))
        items.query = QueryState(options: QueryFrameTests.options)
        let reviews = TabState(endpointKey: "reviews", title: "Reviews", columns: Fixtures.columns,
                               list: ListState(paging: Fixtures.paging()))
        var state = AppState(tabs: [items, reviews], size: size)
        state.endpoints = [
            "items": EndpointInfo(title: "Items", paging: Fixtures.paging(),
                                  related: RelatedSpec(endpoint: "reviews", params: ["item": "${item.id}"])),
            "reviews": EndpointInfo(title: "Reviews", paging: Fixtures.paging()),
        ]
        _ = AppReducer.reduce(&state, .clock(Fixtures.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, PageLoad(
            rows: (1...30).map { Fixtures.row($0) }, totalPages: 34, totalCount: 1000, fetchedAt: Fixtures.now - 120))))
        return state
    }

    /// Review cards for the strip.
    func reviews(_ ids: ClosedRange<Int>) -> [RowModel] {
        ids.map { RowModel(id: "r\($0)", title: "Reviewer \($0)", subtitle: "Lovely finish",
                           fields: ["title": .text("Reviewer \($0)"), "subtitle": .text("Lovely finish")]) }
    }

    @Test func theTabsLineShowsEachTabsState() throws {
        var state = app()
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "tabs-80x24")
        _ = AppReducer.reduce(&state, .selectTab(1))
        let loading = renderer.render(state, now: Fixtures.now).lines()[0]
        #expect(loading.contains("1 Items 30") && loading.contains("2 Reviews ⠋"))
        _ = AppReducer.reduce(&state, .answer(.tab("reviews"), .pageFailed(requestID: 1, message: "HTTP 500")))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "tabs-failed-80x24")
    }

    @Test func theDetailShowsItsRelatedStrip() throws {
        var state = app(size: .init(columns: 80, rows: 30))
        _ = AppReducer.reduce(&state, .openDetail)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "detail-strip-loading-80x30")
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, PageLoad(
            rows: reviews(1...7), totalPages: 1, totalCount: 7, fetchedAt: Fixtures.now))))
        _ = AppReducer.reduce(&state, .stripMove(1))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "detail-strip-80x30")
        // The selected card is highlighted where the layout puts it.
        let detail = try #require(state.detail)
        let shape = try #require(ScreenLayout.of(state).detail(detail).strip)
        let card = try #require(shape.rect(of: 1))
        #expect(grid[card.x, card.y + GridLayout.thumbnailRows].style.background == renderer.theme.selected.background)
    }

    /// Under 14 rows the strip is left out (config.md), and so is its hint;
    /// h/l and Enter act as if there were none (left goes back).
    @Test func aStripLeftOutIsNotOffered() throws {
        var state = app(size: .init(columns: 80, rows: 14))
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, PageLoad(
            rows: reviews(1...7), totalPages: 1, totalCount: 7, fetchedAt: Fixtures.now))))
        let detail = try #require(state.detail)
        #expect(ScreenLayout.of(state).detail(detail).strip == nil)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "detail-short-80x14")
        #expect(!grid.text.contains("related"))
        let before = state
        #expect(AppReducer.reduce(&state, .stripMove(1)) == [])
        #expect(AppReducer.reduce(&state, .openRelated) == [])
        #expect(state == before)
        _ = AppReducer.reduce(&state, .stripMove(-1))
        #expect(state.detail == nil)
        // Taller, the strip and its hint are back.
        var tall = before
        _ = AppReducer.reduce(&tall, .resized(.init(columns: 80, rows: 30)))
        #expect(renderer.render(tall, now: Fixtures.now).text.contains("h/l related · enter open"))
    }

    @Test func aFailedStripIsOneLineAndTheDetailStays() throws {
        var state = app(size: .init(columns: 80, rows: 30))
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageFailed(requestID: 1, message: "HTTP 500")))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "detail-strip-failed-80x30")
    }

    /// A detail that loads its own (a kit's detail hook): "loading…" until
    /// it comes; a failure is one sanitized line with the retry key in force.
    @Test func aDetailThatLoadsItsOwnSaysLoadingThenWhyItFailed() throws {
        var state = app()
        state.endpoints["items"]?.loadsDetail = true
        #expect(AppReducer.reduce(&state, .openDetail).first == .loadDetail(endpoint: "items", row: Fixtures.row(1)))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "detail-own-loading-80x24")
        _ = AppReducer.reduce(&state, .detail(.failed(endpoint: "items", rowID: Fixtures.row(1).id,
                                                          message: "status \u{1B}[31mdown\u{7}: try later")))
        let failed = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(failed, "detail-own-failed-80x24")
        #expect(failed.text.contains("✗ status [31mdown: try later · r to retry"))
        #expect(!failed.text.contains("\u{1B}"))
    }

    @Test func aRelatedItemsDetailStacksOnTheItemsDetail() throws {
        var state = app(size: .init(columns: 80, rows: 30))
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageLoaded(requestID: 1, PageLoad(
            rows: reviews(1...7), totalPages: 1, totalCount: 7, fetchedAt: Fixtures.now))))
        _ = AppReducer.reduce(&state, .openRelated)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "detail-stacked-80x30")
    }

    /// The screens an overlay can sit over.
    static let screens = ["list", "grid", "favorites", "search", "detail"]
    /// The overlays.
    static let overlays = ["filters", "sheet", "dialog", "help"]

    func state(screen: String, overlay: String) -> AppState {
        var state = app()
        switch screen {
        case "grid": _ = AppReducer.reduce(&state, .toggleView)
        case "favorites":
            _ = AppReducer.reduce(&state, .favoritesLoaded(endpoint: "items", (3...9).map { Fixtures.row($0) }))
            _ = AppReducer.reduce(&state, .toggleFavoritesList)
        case "search":
            // Browsing the matches of "1" (the prompt left with Enter).
            state.tab.stack = [.search(SearchState(text: "1", editing: false,
                                                   matches: SearchState.matches("1", in: state.list.rows)))]
        case "detail": _ = AppReducer.reduce(&state, .openDetail)
        default: break
        }
        switch overlay {
        case "filters": state.overlay = .filterPanel(FilterPanel(draft: [1, 0, 0], cursor: 1))
        case "sheet": _ = AppReducer.reduce(&state, .sheet(.open))
        case "dialog":
            _ = AppReducer.reduce(&state, .cacheMeasured(CacheUsage(responseBytes: 25_500, responseCount: 3,
                                                                    imageBytes: 3_500_000, imageCount: 120), reason: nil))
        default: _ = AppReducer.reduce(&state, .toggleHelp)
        }
        return state
    }

    @Test(arguments: NavigationFrameTests.screens)
    func everyOverlayOverEveryScreen(screen: String) throws {
        for overlay in Self.overlays {
            let state = state(screen: screen, overlay: overlay)
            #expect(state.overlay != nil, "\(overlay) over \(screen)")
            try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "overlay-\(overlay)-over-\(screen)-80x24")
        }
    }
}
