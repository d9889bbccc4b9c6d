import RowboatSpec
import Testing
import RowboatCells

@Suite("Thumbnail value")
struct ThumbnailValueTests {
    @Test func cellsArePaddedOrCutToTheSize() {
        let cell = ThumbnailCell(symbol: "▀", foreground: .indexed(196), background: .indexed(16))
        let short = Thumbnail(columns: 2, rows: 2, cells: [cell])
        #expect(short.cells == [cell, .blank, .blank, .blank])
        let long = Thumbnail(columns: 1, rows: 1, cells: [cell, cell, cell])
        #expect(long.cells == [cell])
        #expect(Thumbnail(columns: -1, rows: 3, cells: [cell]).cells.isEmpty)
        #expect(short.cell(column: 0, row: 0) == cell)
        #expect(short.cell(column: 2, row: 0) == nil)
    }

    @Test func byteCostGrowsWithCells() {
        let small = Thumbnail(columns: 4, rows: 2, cells: [])
        let large = Thumbnail(columns: 40, rows: 20, cells: [])
        #expect(small.byteCost > 0)
        #expect(large.byteCost - small.byteCost == (800 - 8) * MemoryLayout<ThumbnailCell>.stride)
        #expect(large.byteCost < 64 * 1024)
    }
}
