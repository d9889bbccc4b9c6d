import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// `RowTable.append(table:)`: a part whose rows were written off the UI
/// thread is taken in by adopting its pages — the same rows, in order, as
/// adding them one by one; an id already in the list replaces its row in
/// place; rows of another shape are written again; a sorted list keeps
/// the natural places of what it takes in; some of a part's rows, in an
/// order of their own, leave the others' bytes as garbage.
@Suite("RowTable: a written part taken in whole")
struct RowTableMergeTests {
    func row(_ n: Int, _ title: String? = nil, shape: Int = 0) -> RowModel {
        let fields: RowFields = shape == 0 ? ["title": .text(title ?? "Row \(n)"), "v": .text(String(n))]
            : ["title": .text(title ?? "Row \(n)"), "w": .relativeDate(Double(n))]
        return RowModel(id: String(n), title: title ?? "Row \(n)", fields: fields,
                        fieldOrder: shape == 0 ? ["title", "v"] : ["title", "w"])
    }

    @Test func thePartsPagesAreAdoptedAndItsRowsReadBackInOrder() {
        var table = RowTable((1...1_000).map { row($0) })
        let part = RowTable((1_001...40_000).map { row($0) })
        let partPages = part.pages.map(ObjectIdentifier.init)
        table.append(table: part)
        var expected = RowTable((1...1_000).map { row($0) })
        expected.append(contentsOf: (1_001...40_000).map { row($0) })
        #expect(table == expected)
        #expect(Array(table.pages.suffix(partPages.count).map(ObjectIdentifier.init)) == partPages)
        for id in ["1", "1000", "1001", "39999", "40000"] { #expect(table.index(ofID: id).map { table.id(at: $0) } == id) }
        #expect(table.index(ofID: "40001") == nil)
    }

    @Test func aSmallPartsPageIsCopiedToItsSizeNotHeldWithItsRoom() {
        var table = RowTable((1...3).map { row($0) })
        let part = RowTable((4...6).map { row($0) })
        #expect(part.pages[0].capacity == RowTable.pageSize)
        table.append(table: part)
        #expect(table.pages.last?.capacity == part.pages[0].count && table.pages.last?.count == part.pages[0].count)
        #expect(table.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        table.upsert(row(7))
        #expect(table.map(\.id) == ["1", "2", "3", "4", "5", "6", "7"] && table[6] == row(7))
    }

    @Test func anIDAlreadyThereIsReplacedInPlace() {
        var table = RowTable((1...5).map { row($0) })
        let stamp = table.stamp
        table.append(table: RowTable([row(3, "Three again"), row(6)]))
        #expect(table.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(table[2].title == "Three again" && table.stamp != stamp)
        // Only added rows: the same stamp (an order worked out for the rows still fits).
        let added = table.stamp
        table.append(table: RowTable([row(7)]))
        #expect(table.stamp == added)
    }

    @Test func rowsOfAnotherShapeAreWrittenAgain() {
        var table = RowTable((1...3).map { row($0, shape: 1) })
        table.append(table: RowTable((4...6).map { row($0) }))
        #expect(table.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(table[4] == row(5) && table[0] == row(1, shape: 1))
    }

    @Test func aSortedListTakesThePartInAtItsNaturalPlaces() {
        var table = RowTable((1...4).map { row($0) })
        table.reorder([3, 2, 1, 0])
        table.append(table: RowTable([row(5), row(6)]))
        #expect(table.map(\.id) == ["4", "3", "2", "1", "5", "6"])
        table.restoreNaturalOrder()
        #expect(table.map(\.id) == ["1", "2", "3", "4", "5", "6"])
    }

    @Test func someOfAPartsRowsInAnOrderOfTheirOwn() {
        var table = RowTable((1...3).map { row($0) })
        let part = RowTable((4...9).map { row($0) })
        let before = table.storageBytes
        table.append(table: part, rows: [5, 3, 1])
        #expect(table.map(\.id) == ["1", "2", "3", "9", "7", "5"])
        #expect(table.index(ofID: "4") == nil && table.index(ofID: "9") == 3)
        let leftOut = [4, 6, 8].reduce(0) { total, n in
            total + RowTable([row(n)]).pages[0].count
        }
        #expect(table.garbage == leftOut, "the rows left out are garbage")
        #expect(table.storageBytes > before)
    }

    @Test func aPartLeftOutWholeIsLetGoAtOnce() {
        var table = RowTable((1...3).map { row($0) })
        let old = RowTable((4...6).map { row($0) })
        table.append(table: old, rows: [0])
        table.append(table: RowTable([row(7)]))
        // The page of 4–6 (only 4 taken) stays; a part of which nothing is taken is never added.
        table.append(table: RowTable((8...9).map { row($0) }), rows: [Int]())
        #expect(table.map(\.id) == ["1", "2", "3", "4", "7"])
        table.remove(ids: ["4"])
        #expect(table.pages[1].count == 0, "its last row gone, the page of the part is let go")
    }

    @Test func theSameRowAgainChangesNothingAndAChangedOneSaysWhichFields() {
        var table = RowTable((1...3).map { row($0) })
        let stamp = table.stamp
        var told: [String: Set<String>] = [:]
        table.append(table: RowTable([row(2)]), rows: [0]) { told[$0] = $1 }
        #expect(table.stamp == stamp && told.isEmpty, "the same bytes again: nothing changed")
        table.append(table: RowTable([row(3, "Three again"), row(4)]), rows: [0, 1]) { told[$0] = $1 }
        #expect(table.map(\.title) == ["Row 1", "Row 2", "Three again", "Row 4"])
        #expect(told == ["3": ["title"]] && table.stamp != stamp)
    }
}
