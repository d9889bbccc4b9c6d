import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("IndexSlots: an id index's slots, empty as made, each value with its id's fingerprint, shared until changed")
struct IndexSlotsTests {
    @Test func newSlotsAreEmptyAndHoldEveryValueIncludingNegativeOnes() {
        var slots = IndexSlots(count: 1 << 20)
        #expect(slots.count == 1 << 20)
        #expect((0..<slots.count).allSatisfy { slots[$0] == RowTable.emptySlot })
        // Rows put at the top keep values below zero (`slotShift`): all are kept as put.
        let values: [Int32] = [0, -1, Int32.max, Int32.min + 1, 42]
        for (n, value) in values.enumerated() { slots.insert(value, hash: UInt64(n) << 40 | UInt64(n)) }
        slots.withSlots { buffer in
            for (n, value) in values.enumerated() {
                #expect(buffer[n] == value && buffer.fingerprint(n) == UInt32(n), "at its home: the hash's low bits")
            }
        }
        #expect(IndexSlots().isEmpty && IndexSlots(count: 0).isEmpty)
    }

    @Test func aTakenSlotSendsTheNextEntryOnAndAValueChangeKeepsTheFingerprint() {
        var slots = IndexSlots(count: 16)
        slots.insert(7, hash: 0xABCD_0000_0003)
        slots.insert(8, hash: 0x1234_0000_0013)  // home 3 as well: the next slot
        slots.withMutableSlots { buffer in
            #expect(buffer[3] == 7 && buffer[4] == 8)
            #expect(buffer.fingerprint(4) == 0x13)
            buffer.setValue(4, -5)
            #expect(buffer[4] == -5 && buffer.fingerprint(4) == 0x13)
            buffer.move(4, to: 5)
            buffer.clear(4)
            #expect(buffer.isEmpty(4) && buffer[4] == RowTable.emptySlot && buffer[5] == -5)
        }
    }

    @Test func aCopyKeepsItsSlotsWhenTheOtherChanges() {
        var a = IndexSlots(count: 16)
        a.insert(7, hash: 3)
        var b = a
        b.withMutableSlots { $0.setValue(3, 8) }
        b.insert(9, hash: 4)
        #expect(a[3] == 7 && a[4] == RowTable.emptySlot)
        #expect(b[3] == 8 && b[4] == 9)
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
