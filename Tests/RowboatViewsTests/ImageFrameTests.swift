import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of image states: the table's badge column and grid cards
/// that are new, downloading, drawn, and failed with a reason.
@Suite struct ImageFrameTests {
    let renderer = AppRenderer(theme: .default)

    func app(_ size: TerminalSize) -> AppState {
        Fixtures.loadedWithImages(size: size)
    }

    /// A thumbnail with a recognisable pattern: a red top half over blue.
    func thumbnail(columns: Int, rows: Int) -> Thumbnail {
        var cells: [ThumbnailCell] = []
        for y in 0..<rows {
            for x in 0..<columns {
                cells.append(ThumbnailCell(symbol: (x + y) % 2 == 0 ? "▀" : "▄", foreground: .indexed(y < rows / 2 ? 196 : 21),
                                           background: .indexed(16)))
            }
        }
        return Thumbnail(columns: columns, rows: rows, cells: cells)
    }

    func mixStates(_ state: inout AppState) {
        let size = (columns: ScreenLayout.of(state).grid.cardWidth, rows: GridLayout.thumbnailRows)
        func request(_ id: Int) -> ImageRequest {
            ImageRequest(url: "http://127.0.0.1:1/images/\(id).png", columns: size.columns, rows: size.rows)
        }
        _ = AppReducer.reduce(&state, .image(request(2), .downloading))
        _ = AppReducer.reduce(&state, .image(request(3), .loaded(thumbnail(columns: size.columns, rows: size.rows))))
        _ = AppReducer.reduce(&state, .image(request(4), .failed("not an image (starts with '<')")))
    }

    @Test func gridCardsShowEachImageState() throws {
        var state = app(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .toggleView)
        mixStates(&state)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "grid-images-80x24")
        let lines = grid.lines()
        #expect(lines[3].contains("⇣ loading"))
        #expect(lines[11].contains("✗ failed"))
        #expect(lines[12].contains("not an image"))
        // The drawn thumbnail keeps its palette colours.
        let x = 2 * (ScreenLayout.of(state).grid.cardWidth + GridLayout.gap)
        #expect(grid[x, 1].text == "▀")
        #expect(grid[x, 1].style == Style(foreground: .indexed(196), background: .indexed(16)))
        #expect(grid[x, 5].style.foreground == .indexed(21))
    }

    @Test func directColourThumbnailsKeepTheirRGB() throws {
        var state = app(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .toggleView)
        let size = (columns: ScreenLayout.of(state).grid.cardWidth, rows: GridLayout.thumbnailRows)
        let request = ImageRequest(url: "http://127.0.0.1:1/images/1.png", columns: size.columns, rows: size.rows)
        let cell = ThumbnailCell(symbol: "▀", foreground: .rgb(0x12_34_56), background: .rgb(0xFE_DC_BA))
        _ = AppReducer.reduce(&state, .image(request, .loaded(Thumbnail(columns: request.columns, rows: request.rows,
                                                                       cells: Array(repeating: cell, count: request.columns * request.rows)))))
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid[0, 1].text == "▀")
        #expect(grid[0, 1].style == Style(foreground: .rgb(0x12_34_56), background: .rgb(0xFE_DC_BA)))
    }

    @Test func tableHasABadgeColumn() throws {
        var state = app(.init(columns: 80, rows: 10))
        mixStates(&state)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "table-badges-80x10")
        let lines = grid.lines()
        #expect(lines[1].hasPrefix("◌    Item 1"))
        #expect(lines[2].hasPrefix("⇣    Item 2"))
        #expect(lines[3].hasPrefix("✓    Item 3"))
        #expect(lines[4].hasPrefix("✗    Item 4"))
        #expect(grid[0, 4].style == renderer.theme.error)
    }

    /// `--images off`: no badge column, no ◌ that never changes; cards
    /// and the detail's picture box say "images off".
    @Test func imagesOffShowNoPendingBadge() throws {
        var state = app(.init(columns: 80, rows: 10))
        state.turnImagesOff()
        let table = renderer.render(state, now: Fixtures.now)
        #expect(table.lines()[1].hasPrefix("   Item 1"))
        #expect(!table.text.contains("◌"))
        var grid = app(.init(columns: 80, rows: 24))
        grid.turnImagesOff()
        _ = AppReducer.reduce(&grid, .toggleView)
        let cards = renderer.render(grid, now: Fixtures.now)
        try GoldenFrame.check(cards, "grid-images-off-80x24")
        #expect(!cards.text.contains("◌"))
        #expect(cards.lines()[3].contains("images off"))
        _ = AppReducer.reduce(&grid, .openDetail)
        let detail = renderer.render(grid, now: Fixtures.now)
        #expect(detail.text.contains("images off") && !detail.text.contains("◌"))
    }

    @Test func monochromeThumbnailsAreSymbolsOnly() throws {
        var state = app(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .toggleView)
        mixStates(&state)
        let grid = AppRenderer(theme: .monochrome).render(state, now: Fixtures.now)
        let x = 2 * (ScreenLayout.of(state).grid.cardWidth + GridLayout.gap)
        #expect(grid[x, 1].text == "▀")
        #expect(grid[x, 1].style == .plain)
    }

    @Test func detailShowsTheLargePictureAboveTheFields() throws {
        var state = app(.init(columns: 80, rows: 24))
        // Item 3 has a long description, so the detail scrolls.
        state.list.rows[2].fields["description"] = .text(String(repeating: "A long description of the item. ", count: 30))
        state.list.rows[2].fieldOrder = ["description"]
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .openDetail)
        let box = ScreenLayout.of(state).detail(state.detail!).picture
        let request = ImageRequest(url: "http://127.0.0.1:1/images/3.png", columns: box.columns, rows: box.rows)
        _ = AppReducer.reduce(&state, .image(request, .loaded(thumbnail(columns: box.columns, rows: box.rows))))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "detail-picture-80x24")
        #expect(grid.lines()[1].contains("▀▄▀▄"))
        // On a short terminal the picture scrolls away with the text.
        _ = AppReducer.reduce(&state, .resized(TerminalSize(columns: 80, rows: 12)))
        let small = ScreenLayout.of(state).detail(state.detail!).picture
        let smallRequest = ImageRequest(url: request.url, columns: small.columns, rows: small.rows)
        _ = AppReducer.reduce(&state, .image(smallRequest, .loaded(thumbnail(columns: small.columns, rows: small.rows))))
        #expect(renderer.render(state, now: Fixtures.now).lines()[1].contains("▀▄▀▄"))
        _ = AppReducer.reduce(&state, .scrollDetail(small.rows + 1))
        let scrolled = renderer.render(state, now: Fixtures.now).lines()
        #expect(scrolled[1].contains("Subtitle 3"))   // the title is on the title line
        #expect(!scrolled.joined().contains("▀▄▀▄"))
    }
}
