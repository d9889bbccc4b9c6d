import Testing
@testable import RowboatSpec

/// `WrittenRows`: rows written into pages that grow a page at a time,
/// read back whole, joined without copying a byte, and a copy never
/// written through.
@Suite("Written rows")
struct WrittenRowsTests {
    let shape = RowShape(names: [], fieldOrder: [])

    /// Row `i`'s made-up bytes: lengths from 1 to a few hundred bytes.
    func bytes(_ i: Int) -> [UInt8] {
        (0..<(1 + (i * 37) % 300)).map { UInt8(truncatingIfNeeded: i &+ $0) }
    }

    func written(_ range: Range<Int>) -> WrittenRows {
        var rows = WrittenRows(shape: shape)
        for i in range { bytes(i).withUnsafeBufferPointer { rows.append(row: $0) } }
        return rows
    }

    @Test func rowsWrittenAcrossPagesReadBackWhole() {
        var rows = written(0..<20_000)
        #expect(rows.pages.count > 3)
        // Pages double up to the largest, each filled before the next begins.
        #expect(rows.pages.allSatisfy { $0.capacity <= WrittenRows.largestPage })
        #expect(rows.pages.dropLast().allSatisfy { $0.capacity == $0.count })
        #expect((0..<20_000).allSatisfy { Array(rows.row($0)) == bytes($0) })
        rows.seal()
        #expect(rows.pages.last!.capacity == rows.pages.last!.count)
        #expect(rows.pages.reduce(0, { $0 + $1.count }) == (0..<20_000).reduce(0) { $0 + bytes($1).count })
        // Rows after the seal start a page of their own; those before are as they were.
        let pages = rows.pages.count
        bytes(7).withUnsafeBufferPointer { rows.append(row: $0) }
        #expect(rows.pages.count == pages + 1 && Array(rows.row(20_000)) == bytes(7))
        #expect((0..<20_000).allSatisfy { Array(rows.row($0)) == bytes($0) })
    }

    @Test func aRowLargerThanAPageHasAPageOfItsOwn() {
        var rows = written(0..<3)
        let large = [UInt8](repeating: 9, count: WrittenRows.largestPage + 5)
        large.withUnsafeBufferPointer { rows.append(row: $0) }
        bytes(3).withUnsafeBufferPointer { rows.append(row: $0) }
        #expect(rows.count == 5 && Array(rows.row(3)) == large && Array(rows.row(4)) == bytes(3))
        #expect((0..<3).allSatisfy { Array(rows.row($0)) == bytes($0) })
    }

    @Test func joiningPartsTakesTheirPagesAsTheyAre() {
        var rows = written(0..<5_000)
        let part = written(5_000..<9_000)
        rows.append(part)
        #expect(rows.count == 9_000 && rows == written(0..<9_000))
        // The part's pages are now the rows' own: no byte was copied.
        #expect(zip(rows.pages.suffix(part.pages.count), part.pages).allSatisfy { $0 === $1 })
        // However the rows are paged, the same rows are equal; others are not.
        #expect(rows != written(0..<8_999) && rows != written(1..<9_001))
        var empty = WrittenRows(shape: shape)
        empty.append(part)
        #expect(empty == part)
    }

    @Test func aCopyIsNeverWrittenThrough() {
        var rows = written(0..<10)
        let copy = rows
        bytes(99).withUnsafeBufferPointer { rows.append(row: $0) }
        // The page both hold is left alone: the new row starts a page of rows' own.
        #expect(copy.count == 10 && copy.pages.reduce(0, { $0 + $1.count }) == (0..<10).reduce(0) { $0 + bytes($1).count })
        #expect(rows.pages.count == 2)
        #expect(Array(copy.row(9)) == bytes(9))
        #expect(rows.count == 11 && Array(rows.row(10)) == bytes(99) && Array(rows.row(9)) == bytes(9))
    }
}
