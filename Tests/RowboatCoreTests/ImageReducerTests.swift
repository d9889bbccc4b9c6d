import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("Images: what the screen wants, states from the queue, retry")
struct ImageReducerTests {
    static func rows(_ ids: ClosedRange<Int>) -> [RowModel] {
        ids.map { RowModel(id: String($0), title: "Item \($0)", imageURL: "http://127.0.0.1:1/images/\($0).png") }
    }

    /// 80x24: the table shows 21 rows; 60 rows with images are loaded.
    func app() -> (AppState, [AppEffect]) {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging,
                             size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let effects = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(
            rows: Self.rows(1...60), totalPages: 5, fetchedAt: 0))))
        return (state, effects)
    }

    func request(_ id: Int, _ state: AppState) -> ImageRequest {
        ImageRequest(url: "http://127.0.0.1:1/images/\(id).png", columns: (columns: ScreenLayout.of(state).grid.cardWidth, rows: GridLayout.thumbnailRows).columns,
                     rows: (columns: ScreenLayout.of(state).grid.cardWidth, rows: GridLayout.thumbnailRows).rows)
    }

    @Test func aLoadedPageAsksForTheVisibleImagesThenTheNextScreen() {
        let (state, effects) = app()
        let wanted = (1...42).map { request($0, state) }
        #expect(effects == [.wantImages(wanted)])
        #expect(state.wantedImages == wanted)
    }

    /// Images off: nothing is wanted, no tab shows badges, every image's
    /// phase is `.off` (not `.new`, which would wait forever).
    @Test func imagesOffWantNothing() {
        var (state, _) = app()
        state.turnImagesOff()
        #expect(state.tabs.allSatisfy { !$0.showsImageBadges })
        #expect(state.imagePhase(ofURL: "http://127.0.0.1:1/images/1.png") == .off)
        let before = state
        #expect(AppReducer.reduce(&state, .list(.move(.to(10)))) == [.wantImages([])])
        var expected = before
        _ = ListReducer.reduce(&expected.list, .move(.to(10)), paging: expected.paging(of: expected.endpointKey))
        expected.wantedImages = []
        expected.thumbnails = [:]
        #expect(state == expected)
        #expect(AppReducer.reduce(&state, .list(.move(.to(12)))) == [])
    }

    @Test func movingInsideTheScreenAsksNothingNew() {
        var (state, _) = app()
        #expect(AppReducer.reduce(&state, .list(.move(.down))) == [])
    }

    @Test func scrollingAsksForTheNewWindowInOrder() {
        var (state, _) = app()
        let effects = AppReducer.reduce(&state, .list(.move(.to(21))))
        let offset = state.list.scrollOffset
        #expect(offset == 1)
        #expect(effects.last == .wantImages((2...43).map { request($0, state) }))
    }

    @Test func theGridAsksForItsCardsAndTheDetailForOneBigPicture() {
        var (state, _) = app()
        let grid = AppReducer.reduce(&state, .toggleView)
        let visible = ScreenLayout.of(state).grid.visibleItems
        #expect(grid.last == .wantImages((1...(visible * 2)).map { request($0, state) }))
        let detail = AppReducer.reduce(&state, .openDetail)
        let box = ScreenLayout.of(state).detail(state.detail!).picture
        #expect(detail == [.wantImages([ImageRequest(url: "http://127.0.0.1:1/images/1.png", columns: box.columns,
                                                     rows: box.rows)])])
    }

    @Test func statesArriveAndOnlyWantedThumbnailsAreKept() {
        var (state, _) = app()
        let thumb = Thumbnail(columns: 1, rows: 1, cells: [ThumbnailCell(symbol: "▄", foreground: .indexed(196), background: .indexed(16))])
        _ = AppReducer.reduce(&state, .image(request(1, state), .downloading))
        #expect(state.images[request(1, state).url] == .downloading)
        _ = AppReducer.reduce(&state, .image(request(1, state), .loaded(thumb)))
        #expect(state.images[request(1, state).url] == .downloaded)
        #expect(state.thumbnails[request(1, state)] == thumb)
        // A late answer for something no longer wanted: the state, not the pixels.
        _ = AppReducer.reduce(&state, .image(request(59, state), .loaded(thumb)))
        #expect(state.images[request(59, state).url] == .downloaded)
        #expect(state.thumbnails[request(59, state)] == nil)
        // A late "downloading" never undoes "downloaded".
        _ = AppReducer.reduce(&state, .image(request(1, state), .downloading))
        #expect(state.images[request(1, state).url] == .downloaded)
        // Scrolling away drops the thumbnails that are no longer wanted.
        _ = AppReducer.reduce(&state, .list(.move(.end)))
        #expect(state.thumbnails[request(1, state)] == nil)
    }

    @Test func retryAsksAgainOnlyForAFailedImage() {
        var (state, _) = app()
        #expect(AppReducer.reduce(&state, .retryImage) == [])
        #expect(state.toast?.text == "the image has not failed")
        _ = AppReducer.reduce(&state, .image(request(1, state), .failed("HTTP 404")))
        #expect(state.imagePhase(of: state.list.rows[0]) == .failed("HTTP 404"))
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(state.sheet?.items.last == .retryImage)
        _ = AppReducer.reduce(&state, .sheet(.cancel))
        let effects = AppReducer.reduce(&state, .retryImage)
        #expect(effects.first == .retryImage(url: request(1, state).url))
        #expect(effects.last == .wantImages((1...42).map { request($0, state) }))
        #expect(state.images[request(1, state).url] == .new)
        #expect(KeyMap.default.action(for: .character("R"), in: state) == .retryImage)
        #expect(state.toast?.text == "retrying the image…")
        #expect(state.retryingImage == request(1, state).url)
    }

    /// The retry's outcome is said in a toast, whichever way it goes.
    @Test func theRetrysOutcomeIsToasted() {
        var (state, _) = app()
        _ = AppReducer.reduce(&state, .image(request(1, state), .failed("connection refused")))
        _ = AppReducer.reduce(&state, .retryImage)
        _ = AppReducer.reduce(&state, .image(request(1, state), .downloading))
        _ = AppReducer.reduce(&state, .image(request(1, state), .failed("HTTP 503")))
        #expect(state.toast?.text == "image failed again: HTTP 503")
        #expect(state.toast?.isError == true)
        #expect(state.retryingImage == nil)
        // Another item's news says nothing.
        _ = AppReducer.reduce(&state, .retryImage)
        _ = AppReducer.reduce(&state, .image(request(2, state), .failed("HTTP 404")))
        #expect(state.toast?.text == "retrying the image…")
        _ = AppReducer.reduce(&state, .image(request(1, state), .loaded(Thumbnail(columns: 1, rows: 1, cells: [ThumbnailCell(symbol: "▄", foreground: .indexed(196), background: .indexed(16))]))))
        #expect(state.toast?.text == "image loaded")
        #expect(state.retryingImage == nil)
    }

    @Test func rowsWithoutImagesAskForNothing() {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging)
        _ = AppReducer.reduce(&state, .list(.appeared))
        let effects = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, Fixtures.page(1...30))))
        #expect(effects == [])
        #expect(state.imagePhase(of: state.list.rows[0]) == nil)
    }
}
