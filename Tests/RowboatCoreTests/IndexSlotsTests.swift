import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("IndexSlots: an id index's slots, empty as made, shared until changed")
struct IndexSlotsTests {
    @Test func newSlotsAreEmptyAndHoldEveryValueIncludingNegativeOnes() {
        var slots = IndexSlots(count: 1 << 20)
        #expect(slots.count == 1 << 20)
        #expect((0..<slots.count).allSatisfy { slots[$0] == RowTable.emptySlot })
        // Rows put at the top keep values below zero (`slotShift`): all are kept as set.
        for (slot, value) in [(0, Int32(0)), (1, -1), (2, Int32.max), (3, Int32.min + 1), (9, 42)] {
            slots[slot] = value
            #expect(slots[slot] == value)
        }
        slots[2] = RowTable.emptySlot
        #expect(slots[2] == RowTable.emptySlot)
        #expect(IndexSlots().isEmpty && IndexSlots(count: 0).isEmpty)
    }

    @Test func aCopyKeepsItsSlotsWhenTheOtherChanges() {
        var a = IndexSlots(count: 16)
        a[3] = 7
        var b = a
        b[3] = 8
        b.withMutableSlots { $0[4] = 9 }
        #expect(a[3] == 7 && a[4] == RowTable.emptySlot)
        #expect(b[3] == 8 && b[4] == 9)
        #expect(a.withSlots { $0[3] } == 7)
    }

    @Test func aCopiedTableKeepsFindingItsRowsWhileTheOtherGrowsItsIndex() {
        var table = RowTable((0..<70_000).map { RowModel(id: "id-\($0)", title: "Row \($0)") })
        let kept = table
        for n in 70_000..<140_000 { table.upsert(RowModel(id: "id-\(n)", title: "Row \(n)")) }
        #expect(table.count == 140_000 && kept.count == 70_000)
        #expect(kept.index(ofID: "id-69999") == 69_999 && kept.index(ofID: "id-70000") == nil)
        #expect(table.index(ofID: "id-139999") == 139_999 && table.index(ofID: "id-5") == 5)
    }
}
