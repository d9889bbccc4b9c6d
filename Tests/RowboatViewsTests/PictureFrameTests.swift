import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Pictures in pixels on the cell grid: placed at the card's thumbnail
/// box (cells kept blank), kitty placeholder cells drawn as text (golden
/// frame), taken off under overlays (symbols instead), and the detail's
/// large picture.
@Suite struct PictureFrameTests {
    let renderer = AppRenderer(theme: .default)

    func app(_ size: TerminalSize) -> AppState {
        Fixtures.loadedWithImages(size: size)
    }

    /// A thumbnail whose picture fills `columns - 2` x `rows` of its box.
    func thumbnail(columns: Int, rows: Int, kind: PixelPicture.Kind, serial: UInt64) -> Thumbnail {
        let cells = (0..<columns * rows).map { _ in ThumbnailCell(symbol: "▀", foreground: .indexed(196), background: .indexed(21)) }
        let picture = PixelPicture(kind: kind, bytes: Array("\u{1B}Pq#0~\u{1B}\\".utf8), columns: columns - 2, rows: rows,
                                   x: 1, y: 0, serial: serial)
        return Thumbnail(columns: columns, rows: rows, cells: cells, pixels: picture)
    }

    func loadGrid(_ state: inout AppState, kind: (Int) -> PixelPicture.Kind) {
        _ = AppReducer.reduce(&state, .toggleView)
        let card = ScreenLayout.of(state).grid.cardWidth
        for id in 1...8 {
            let request = ImageRequest(url: "http://127.0.0.1:1/images/\(id).png", columns: card, rows: GridLayout.thumbnailRows)
            _ = AppReducer.reduce(&state, .image(request, .loaded(thumbnail(columns: card, rows: GridLayout.thumbnailRows,
                                                                            kind: kind(id), serial: UInt64(id)))))
        }
    }

    @Test func sixelPicturesSitInTheCardBoxesOverBlankCells() throws {
        var state = app(TerminalSize(columns: 80, rows: 24))
        loadGrid(&state) { _ in .sixel }
        let grid = renderer.render(state, now: Fixtures.now)
        let layout = ScreenLayout.of(state)
        let window = try #require(layout.items(in: state))
        #expect(grid.pictures.count == window.visible.count)
        for (index, placed) in zip(window.visible, grid.pictures) {
            let rect = try #require(window.rect(of: index))
            #expect(placed.x == rect.x + 1 && placed.y == rect.y)
            #expect(placed.rect.height == GridLayout.thumbnailRows && placed.rect.width == rect.width - 2)
            for y in placed.rect.y..<placed.rect.y + placed.rect.height {
                for x in rect.x..<rect.x + rect.width { #expect(grid[x, y] == Cell(text: " ", style: .plain)) }
            }
            #expect(placed.symbols.count == placed.rect.width * placed.rect.height)
        }
        try GoldenFrame.check(grid, "pictures-sixel-grid-80x24")
    }

    @Test func kittyPlaceholderCellsAreTextThatNamesTheImage() throws {
        var state = app(TerminalSize(columns: 80, rows: 24))
        loadGrid(&state) { .kittyPlaceholder(id: UInt32(100 + $0)) }
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "pictures-kitty-placeholders-80x24")
        let first = try #require(grid.pictures.first)
        #expect(first.isPlaceholder)
        // Every cell of the picture: U+10EEEE, its row mark, its column mark, in the id's colour.
        for row in 0..<first.picture.rows {
            for column in 0..<first.picture.columns {
                let cell = grid[first.x + column, first.y + row]
                let scalars = Array(cell.text.unicodeScalars).map(\.value)
                #expect(scalars == [0x10EEEE, KittyPlaceholder.marks[row], KittyPlaceholder.marks[column]])
                #expect(cell.style.foreground == .indexed(101))
            }
        }
        // Overlays draw over placeholder cells like over any text; the picture stays listed.
        _ = AppReducer.reduce(&state, .toggleHelp)
        #expect(renderer.render(state, now: Fixtures.now).pictures.count == grid.pictures.count)
    }

    @Test func anOverlayIsNeverUnderAPicture() throws {
        var state = app(TerminalSize(columns: 80, rows: 24))
        loadGrid(&state) { _ in .sixel }
        let before = renderer.render(state, now: Fixtures.now)
        _ = AppReducer.reduce(&state, .toggleHelp)
        let grid = renderer.render(state, now: Fixtures.now)
        #expect(grid.pictures.count < before.pictures.count, "the help box covers some cards")
        for taken in before.pictures where !grid.pictures.contains(taken) {
            // Each of its cells is the box's, or its symbol.
            let r = taken.rect
            for y in r.y..<r.y + r.height {
                for x in r.x..<r.x + r.width { #expect(grid[x, y].text == "▀" || grid[x, y] != before[x, y]) }
            }
        }
        for kept in grid.pictures {
            let r = kept.rect
            for y in r.y..<r.y + r.height {
                for x in r.x..<r.x + r.width { #expect(grid[x, y] == before[x, y], "nothing drawn over a picture") }
            }
        }
        try GoldenFrame.check(grid, "pictures-under-help-80x24")
    }

    @Test func theDetailPictureIsWholeOrSymbols() throws {
        var row = Fixtures.row(1)
        row.imageURL = "http://127.0.0.1:1/images/1.png"
        row.fields["description"] = .text(String(repeating: "A long description. ", count: 40))
        row.fieldOrder = ["description", "price"]
        var state = Fixtures.loaded([row], size: TerminalSize(columns: 80, rows: 16))
        _ = AppReducer.reduce(&state, .openDetail)
        let geometry = ScreenLayout.of(state).detail(try #require(state.detail))
        let box = geometry.picture
        let request = ImageRequest(url: "http://127.0.0.1:1/images/1.png", columns: box.columns, rows: box.rows)
        _ = AppReducer.reduce(&state, .image(request, .loaded(thumbnail(columns: box.columns, rows: box.rows,
                                                                        kind: .sixel, serial: 99))))
        let grid = renderer.render(state, now: Fixtures.now)
        let picture = try #require(grid.pictures.first)
        #expect(picture.y == geometry.text.y && picture.x == max(1, (80 - box.columns) / 2) + 1)
        try GoldenFrame.check(grid, "pictures-detail-80x16")
        _ = AppReducer.reduce(&state, .scrollDetail(1))
        let scrolled = renderer.render(state, now: Fixtures.now)
        #expect(scrolled.pictures.isEmpty, "a cut picture is drawn as symbols")
        #expect(scrolled[picture.x, geometry.text.y].text == "▀")
    }
}
