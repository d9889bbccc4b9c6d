import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// Rows a filter lets back under a local sort are put in its order from
/// the order kept when the sort was put in force, and go where a sort of
/// the rows shown puts them: rows changed, added or set aside since are
/// placed by their keys.
@Suite("Kept order: rows let back under a sort")
struct KeptOrderTests {
    typealias Seeded = PageByPageTests.Seeded

    static let byPrice = LocalSort(field: "price", title: "Price", kind: .money)

    /// Rows with prices all different (so that one order is right).
    static func table(_ count: Int, _ g: inout Seeded) -> RowTable {
        var prices = Array(0..<count)
        prices.shuffle(using: &g)
        return RowTable((0..<count).map { i in
            RowModel(id: "\(i)", title: "Item \(i)", fields: ["price": .text("$\(prices[i]).00")], fieldOrder: ["price"])
        })
    }

    static func price(_ row: RowModel) -> Int {
        Int(row.text("price", now: 0).dropFirst().split(separator: ".")[0])!
    }

    /// The ids of `table`'s rows sorted by price, as a sort of them would put them.
    static func sortedIDs(_ table: RowTable) -> [String] {
        table.sorted { price($0) < price($1) }.map(\.id)
    }

    /// 3,000 rows sorted by price, its order kept, then filtered to the even ids.
    static func sortedEvenRows(seed: UInt64) -> RowTable {
        var g = Seeded(state: seed)
        var table = Self.table(3_000, &g)
        table.reorder(Self.byPrice.order(of: table), by: Self.byPrice)
        table.showOnly({ rows in rows.indices.filter { Int(rows.id(at: $0))! % 2 == 0 } },
                       narrowing: true, sort: Self.byPrice)
        return table
    }

    @Test func rowsLetBackGoWhereASortOfTheRowsShownPutsThem() {
        // Rows change, come and go while a filter is in force.
        var table = Self.sortedEvenRows(seed: 7)
        for k in stride(from: 0, to: 200, by: 7) {
            table[k] = RowModel(id: table.id(at: k), title: "changed",
                                fields: ["price": .text("$\(10_000 + k).00")], fieldOrder: ["price"])
        }
        for i in 3_000..<3_050 {
            table.upsert(RowModel(id: "\(i)", title: "new", fields: ["price": .text("$\(20_000 - i).00")],
                                  fieldOrder: ["price"]))
        }
        table.reorder(by: Self.byPrice, moving: Array(stride(from: 0, to: 200, by: 7)) + (table.count - 50..<table.count))
        #expect(table.map(\.id) == Self.sortedIDs(table), "the rows changed and added placed among the rest")
        // Another filter lets most rows set aside back: placed from the kept order, the changed ones by their keys.
        table.showOnly({ rows in rows.indices.filter { Int(rows.id(at: $0))! % 3 != 0 } },
                       narrowing: false, sort: Self.byPrice)
        #expect(table.count == (0..<3_050).filter { $0 % 3 != 0 }.count)
        let ids = table.map(\.id)
        #expect(ids == Self.sortedIDs(table), "the first place that differs: \(ids.indices.first { ids[$0] != Self.sortedIDs(table)[$0] } ?? -1)")
        // Every row back.
        table.showOnly({ _ in nil }, narrowing: false, sort: Self.byPrice)
        #expect(table.count == 3_050)
        #expect(table.map(\.id) == Self.sortedIDs(table))
    }

    /// Rows written again so often that the pages are compacted (the
    /// rows' bytes copied to new pages from the first): rows written after
    /// the order was kept then lie where older rows lay.
    @Test func rowsWrittenAgainPastACompactionArePlacedByTheirKeys() {
        var table = Self.sortedEvenRows(seed: 23)
        let shown = table.count
        for round in 0..<30 {
            for k in 0..<shown {
                table[k] = RowModel(id: table.id(at: k), title: "round \(round) " + String(repeating: "x", count: 40),
                                    fields: ["price": .text("$\(50_000 + 3 * k + round % 3).00")],
                                    fieldOrder: ["price"])
            }
        }
        #expect(table.keptOrder == nil, "the pages were compacted")
        table.showOnly({ _ in nil }, narrowing: false, sort: Self.byPrice)
        #expect(table.count == 3_000)
        #expect(table.map(\.id) == Self.sortedIDs(table))
    }

    @Test func theKeptOrderPlacesTheRowsWrittenBeforeIt() throws {
        var g = Seeded(state: 11)
        var table = Self.table(1_000, &g)
        table.reorder(Self.byPrice.order(of: table), by: Self.byPrice)
        table[3] = RowModel(id: table.id(at: 3), title: "changed", fields: ["price": .text("$5000.00")],
                            fieldOrder: ["price"])
        let (order, unplaced) = try #require(table.ordered(by: Self.byPrice))
        #expect(unplaced == 1, "the row written again is placed by its key")
        #expect(Set(order) == Set((0..<1_000).map(Int32.init)))
        #expect(table.ordered(by: LocalSort(field: "price", title: "Price", descending: true, kind: .money)) == nil,
                "no order kept for another sort")
        table.restoreNaturalOrder()
        #expect(table.ordered(by: Self.byPrice) == nil, "the sort gone, its order is not kept")
    }

    /// Rows let back under a sort are put in its order as the others are
    /// set aside (the rows moved once, one index made): each row shown is
    /// found by its id where it is, each row set aside is found aside, and
    /// the rows all come back in the sort's order.
    @Test func rowsKeptInTheSortsOrderKeepTheirIndexAndTheRowsSetAside() throws {
        var table = Self.sortedEvenRows(seed: 31)
        // A filter that lets most rows back: the kept rows come in the sort's order, not their own.
        table.showOnly({ rows in rows.indices.filter { Int(rows.id(at: $0))! % 5 != 0 } },
                       narrowing: false, sort: Self.byPrice)
        #expect(table.map(\.id) == Self.sortedIDs(table))
        #expect(table.count == 2_400)
        for at in stride(from: 0, to: table.count, by: 97) {
            #expect(table.index(ofID: table.id(at: at)) == at)
        }
        table.ensureHiddenIndex()
        for id in ["0", "5", "2995"] {
            #expect(table.index(ofID: id) == nil)
            #expect(table.hiddenIndex(ofID: id) != nil, "row \(id) is set aside")
        }
        #expect(table.hiddenCount == 600)
        // A row set aside that comes back changed is shown where its key puts it.
        table.update(RowModel(id: "5", title: "back", fields: ["price": .text("$-1.00")], fieldOrder: ["price"]))
        table.reorder(by: Self.byPrice, moving: [table.count - 1])
        #expect(table.id(at: 0) == "5")
        table.showOnly({ _ in nil }, narrowing: false, sort: Self.byPrice)
        #expect(table.count == 3_000)
        #expect(table.map(\.id) == Self.sortedIDs(table))
        #expect((0..<3_000).allSatisfy { table.index(ofID: "\($0)") != nil })
    }
}
