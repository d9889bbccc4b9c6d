import Testing
import RowboatCells

/// The grid as views write it: wide characters, fields, picture symbols.
@Suite struct CellGridTests {
    @Test func wideCharacterNeverHalfDrawnAtEdge() {
        var grid = CellGrid(width: 5, height: 1)
        let used = grid.put("ab青c", x: 0, y: 0, maxWidth: 3, style: .plain)
        #expect(used == 3)
        #expect(grid.lines() == ["ab   "])
    }

    @Test func wideCharacterOccupiesTwoCells() {
        var grid = CellGrid(width: 4, height: 1)
        grid.put("青a", x: 0, y: 0, style: .plain)
        #expect(grid[0, 0].width == 2)
        #expect(grid[1, 0].width == 0)
        #expect(grid[2, 0].text == "a")
        #expect(grid.lines() == ["青a "])
    }

    @Test func rightAlignedField() {
        var grid = CellGrid(width: 8, height: 1)
        grid.putField("12.50", x: 0, y: 0, width: 8, style: .plain, alignRight: true)
        #expect(grid.lines() == ["   12.50"])
    }
}

@Suite("Picture symbols")
struct PutSymbolTests {
    @Test func blockSymbolsGoStraightInAndOthersAreSanitized() {
        var grid = CellGrid(width: 4, height: 1)
        let style = Style(foreground: .indexed(196))
        grid.putSymbol("▀", x: 0, y: 0, style: style)
        grid.putSymbol("\u{1B}", x: 1, y: 0, style: style)
        grid.putSymbol("中", x: 2, y: 0, style: style)
        grid.putSymbol("#", x: 3, y: 0, style: style)
        grid.putSymbol("▀", x: 9, y: 0, style: style)
        #expect(grid[0, 0] == Cell(text: "▀", style: style))
        #expect(grid[1, 0].text != "\u{1B}")
        // A wide character cannot fit in one column: it is not drawn as is.
        #expect(grid[2, 0].width <= 1)
        #expect(grid[3, 0].text == "#")
    }
}
