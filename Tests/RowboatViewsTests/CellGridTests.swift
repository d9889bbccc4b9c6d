import Testing
@testable import RowboatViews
@testable import RowboatSpec
import RowboatCells

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

    @Test func truncationUsesEllipsisByDisplayWidth() {
        #expect(TextFit.truncate("Hello world", to: 8) == "Hello w…")
        #expect(TextFit.truncate("青花瓷茶杯", to: 6) == "青花…")
        #expect(TextFit.truncate("short", to: 8) == "short")
    }

    @Test func rightAlignedField() {
        var grid = CellGrid(width: 8, height: 1)
        grid.putField("12.50", x: 0, y: 0, width: 8, style: .plain, alignRight: true)
        #expect(grid.lines() == ["   12.50"])
    }

    @Test func displayWidthsOfClusters() {
        #expect(DisplayWidth.of("a") == 1)
        #expect(DisplayWidth.of("青") == 2)
        #expect(DisplayWidth.of("🚀") == 2)
        #expect(DisplayWidth.of("❤️") == 2)           // VS16
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)          // ZWJ sequence
        #expect(DisplayWidth.of("🇯🇵") == 2)          // flag
        #expect(DisplayWidth.of("é") == 1)            // e + combining acute
        #expect(DisplayWidth.of("ｱ") == 1)            // halfwidth katakana
        #expect(DisplayWidth.of("Ａ") == 2)           // fullwidth A
    }

    @Test func wrapBreaksAtSpaces() {
        #expect(TextFit.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextFit.wrap("青花瓷茶杯", width: 4) == ["青花", "瓷茶", "杯"])
    }

    @Test func tableLayoutSharesSpaceAndDropsColumnsThatDoNotFit() {
        let layout = TableLayout(specs: Fixtures.columns, width: 80)
        #expect(layout.columns.map(\.width) == [34, 24, 9, 10])
        #expect(layout.columns.map(\.x) == [0, 35, 60, 70])
        let narrow = TableLayout(specs: Fixtures.columns, width: 30)
        #expect(narrow.columns.count == 2)
        #expect(narrow.columns.last!.x + narrow.columns.last!.width <= 30)
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
