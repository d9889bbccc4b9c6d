import Foundation
import Testing

/// Pictures in pixels in real pixel terminals under Xvfb, read back from
/// screenshots: xterm as a VT340 (sixel) and kitty (kitty graphics), each
/// found by `--images auto` from the terminal's own answers. The grid's
/// thumbnail boxes hold pictures (many colours: more than text or symbol
/// cells could give); a page down shows each picture one card row higher,
/// pixel for pixel, and new ones below, so no picture stayed behind; the
/// detail shows its large picture in pixels, and going back the cards'
/// pictures return; the table holds no picture at all; q leaves cleanly.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct PixelTerminalEndToEndTests {
    typealias Grid = DemoGrid

    /// Colours a thumbnail box holds, measured on these terminals with the
    /// demo's pictures: xterm's sixels 56–304 (its bitmap font's text and
    /// the symbol cells at most 23), kitty's 1,352–7,905 (antialiased text
    /// alone at most 203 in a box, 437 in a row of cards' text, 405 where the
    /// table's highlighted row crosses a box on some machines). And in one
    /// cell row 10 columns wide: the detail's picture 24–66 in xterm (text
    /// at most 2), 311–582 in kitty (text at most 127).
    static func pictureColours(_ kind: PixelTerminal.Kind) -> (picture: Int, textAtMost: Int, pictureRow: Int) {
        switch kind {
        case .xtermVT340: (40, 30, 8)
        case .kitty: (800, 600, 200)
        }
    }

    /// A card's thumbnail box, less its edge pixels (xterm paints the
    /// line below a coloured bar in the bar's colour).
    func box(_ shot: Screenshot, row: Int, column: Int, cell: (width: Int, height: Int)) -> [UInt32] {
        shot.pixels(column: column * (Grid.cardWidth + 1), row: Grid.top + row * Grid.cardHeight,
                    columns: Grid.cardWidth, rows: Grid.thumbnailRows, cell: cell, inset: 1)
    }

    func colours(_ shot: Screenshot, row: Int, column: Int, cell: (width: Int, height: Int)) -> Int {
        Set(box(shot, row: row, column: column, cell: cell)).count
    }

    @Test(arguments: [PixelTerminal.Kind.xtermVT340, .kitty])
    func picturesSitInTheCardsAndNoneStaysBehind(_ kind: PixelTerminal.Kind) async throws {
        let terminal = try PixelTerminal(kind, arguments: ["--images", "auto"], columns: Grid.columns, rows: Grid.rows)
        let cell = try terminal.cellSize()
        #expect(cell.width > 4 && cell.height > 8, "cell \(cell)")
        let limits = Self.pictureColours(kind)
        let everyBox = (0..<Grid.down).flatMap { r in (0..<Grid.across).map { (r, $0) } }
        // Drawn: the tabs line has more than the terminal's two colours.
        try await terminal.waitForScreen("rowboat's first frame") {
            $0.colours(column: 0, row: 0, columns: Grid.columns, rows: 1, cell: cell) >= 3
        }
        try terminal.key("v")
        let grid = try await terminal.waitForScreen("a picture in every card") { shot in
            everyBox.allSatisfy { colours(shot, row: $0.0, column: $0.1, cell: cell) >= limits.picture }
        }
        // The text between the boxes is text: no picture spilled onto it.
        for r in 0..<Grid.down {
            let text = grid.colours(column: 0, row: Grid.top + r * Grid.cardHeight + Grid.thumbnailRows,
                                    columns: Grid.columns, rows: Grid.cardHeight - Grid.thumbnailRows, cell: cell)
            #expect(text < limits.picture, "card text row \(r): \(text) colours")
        }
        // A page down: each card row moves up one, its pictures with it, exactly.
        try terminal.key("Next")
        let scrolled = try await terminal.waitForScreen("the pictures one card row higher") { shot in
            (0..<Grid.down - 1).allSatisfy { r in
                (0..<Grid.across).allSatisfy { box(shot, row: r, column: $0, cell: cell) == box(grid, row: r + 1, column: $0, cell: cell) }
            } && (0..<Grid.across).allSatisfy { c in
                colours(shot, row: Grid.down - 1, column: c, cell: cell) >= limits.picture
                    && box(shot, row: Grid.down - 1, column: c, cell: cell) != box(grid, row: Grid.down - 1, column: c, cell: cell)
            }
        }
        #expect(everyBox.allSatisfy { colours(scrolled, row: $0.0, column: $0.1, cell: cell) >= limits.picture })
        // The detail: its large picture in pixels, centred under the title,
        // a picture in every one of its cell rows where the grid has a line
        // of card text between two boxes.
        try terminal.key("Return")
        let band = (column: Grid.columns / 2 - 5, rows: Grid.top + 1..<Grid.top + 1 + Grid.cardHeight)
        func bandRow(_ shot: Screenshot, _ row: Int) -> Int {
            shot.colours(column: band.column, row: row, columns: 10, rows: 1, cell: cell)
        }
        try await terminal.waitForScreen("the detail's picture") { shot in
            band.rows.allSatisfy { bandRow(shot, $0) >= limits.pictureRow }
        }
        #expect(band.rows.contains { bandRow(scrolled, $0) < limits.pictureRow }, "the grid has text rows in the band")
        // Back: the cards' pictures again.
        try terminal.key("Escape")
        try await terminal.waitForScreen("the grid's pictures again") { shot in
            everyBox.allSatisfy { colours(shot, row: $0.0, column: $0.1, cell: cell) >= limits.picture }
        }
        // The table: where the pictures were there is text only.
        try terminal.key("v")
        try await terminal.waitForScreen("the table without pictures") { shot in
            everyBox.allSatisfy { colours(shot, row: $0.0, column: $0.1, cell: cell) <= limits.textAtMost }
        }
        try terminal.key("q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(terminal.rowboatStderr.isEmpty, "stderr: \(terminal.rowboatStderr)")
    }
}
