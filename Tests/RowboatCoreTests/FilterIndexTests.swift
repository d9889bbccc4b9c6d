import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// The id index a filter leaves is made from fingerprints, never from the
/// rows' ids: the rows kept take their entries from the index, the rows
/// set aside keep theirs, and rows put back bring theirs. Every id must
/// still be found where its row is — shown or set aside — through
/// filters that narrow, widen, let every row back and come again, on a
/// table large enough to be indexed on every core.
@Suite("Filter index: made from fingerprints")
struct FilterIndexTests {
    typealias Seeded = PageByPageTests.Seeded

    /// Past `RowTable.growsInSteps`: the index is made in parts at once.
    static let count = 100_000

    static let byPrice = KeptOrderTests.byPrice

    /// The first row (or id) found where the table's index does not hold
    /// what it should, with what it held; nil when every row is found at
    /// its place and every id in `aside` is set aside (and no other).
    static func firstMisplaced(_ table: inout RowTable, aside: Set<Int>) -> String? {
        table.ensureHiddenIndex()
        for row in table.indices {
            let id = table.id(at: row)
            guard table.index(ofID: id) == row else { return "row \(row) (id \(id)): \(String(describing: table.index(ofID: id)))" }
            guard table.hiddenIndex(ofID: id) == nil else { return "id \(id) shown and set aside" }
        }
        for id in aside {
            guard table.index(ofID: "\(id)") == nil, table.hiddenIndex(ofID: "\(id)") != nil else {
                return "id \(id) not found set aside"
            }
        }
        guard table.hiddenCount == aside.count, table.count + aside.count == Self.count else {
            return "\(table.count) shown, \(table.hiddenCount) set aside"
        }
        return nil
    }

    /// The ids `keep` does not keep.
    static func aside(_ keep: (Int) -> Bool) -> Set<Int> {
        Set((0..<count).filter { !keep($0) })
    }

    /// What `showOnly` keeps: the rows whose ids `keep` keeps.
    static func ids(_ table: RowTable, _ keep: @escaping (Int) -> Bool) -> (RowTable) -> [Int]? {
        { rows in rows.indices.filter { keep(Int(rows.id(at: $0))!) } }
    }

    @Test func everyIDIsFoundThroughFiltersThatNarrowWidenAndGo() {
        var g = Seeded(state: 31)
        var table = KeptOrderTests.table(Self.count, &g)
        table.reorder(Self.byPrice.order(of: table), by: Self.byPrice)
        // Narrowing: the kept rows' entries moved, the others' fingerprints kept aside.
        let notFifth = { (id: Int) in id % 5 != 0 }
        table.showOnly(Self.ids(table, notFifth), narrowing: true, sort: Self.byPrice)
        #expect(Self.firstMisplaced(&table, aside: Self.aside(notFifth)) == nil)
        // Narrower still: rows set aside twice over.
        let neither = { (id: Int) in id % 5 != 0 && id % 7 != 0 }
        table.showOnly(Self.ids(table, neither), narrowing: true, sort: Self.byPrice)
        #expect(Self.firstMisplaced(&table, aside: Self.aside(neither)) == nil)
        // Another filter: every row put back without entries, then the kept ones indexed from both.
        let notThird = { (id: Int) in id % 3 != 0 }
        table.showOnly(Self.ids(table, notThird), narrowing: false, sort: Self.byPrice)
        #expect(Self.firstMisplaced(&table, aside: Self.aside(notThird)) == nil)
        #expect(table.map(\.id) == KeptOrderTests.sortedIDs(table), "in the sort's order")
        // Every row back.
        table.showOnly({ _ in nil }, narrowing: false, sort: Self.byPrice)
        #expect(Self.firstMisplaced(&table, aside: []) == nil)
        #expect(table.unindexedPrints.isEmpty)
    }

    @Test func aRowSetAsideIsKnownWhenItComesAgain() {
        var g = Seeded(state: 5)
        let original = KeptOrderTests.table(Self.count, &g)
        var table = original
        let even = { (id: Int) in id % 2 == 0 }
        table.showOnly(Self.ids(table, even), narrowing: false, sort: nil)
        // Found set aside by a hidden index made from fingerprints.
        #expect(table.update(original[original.index(ofID: "77")!]) == .setAside, "the same row stays aside")
        let again = RowModel(id: "77", title: "Item 77", fields: ["price": .text("$1.00")], fieldOrder: ["price"])
        guard case .changed = table.update(again) else {
            Issue.record("a changed row set aside comes back")
            return
        }
        #expect(table.index(ofID: "77") == table.count - 1)
        #expect(table.hiddenIndex(ofID: "77") == nil)
        var aside = Self.aside(even)
        aside.remove(77)
        #expect(Self.firstMisplaced(&table, aside: aside) == nil)
        // Every row back: the row that came back once is not there twice.
        table.unhideAll()
        #expect(Self.firstMisplaced(&table, aside: []) == nil)
    }
}
