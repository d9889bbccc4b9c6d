import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("RowTable: the id index grows a little at a time, every id found while it does")
struct RowTableIndexGrowthTests {
    static func row(_ n: Int, _ tag: String = "") -> RowModel { RowModel(id: "id-\(n)", title: "Row \(n)\(tag)") }

    /// `count` rows whose index has begun to grow, the first `moved` of its old slots moved.
    static func growing(_ count: Int = 3_000, moved: Int = 700) -> RowTable {
        var table = RowTable((0..<count).map { row($0) })
        table.startGrowing()
        table.moveSlots(moved)
        #expect(table.indexIsGrowing && table.movedSlots == moved && table.oldSlots.count > moved)
        return table
    }

    /// Every row's id is found at its place, and `missing` ids nowhere.
    static func indexIsTrue(_ table: RowTable, missing: [String] = ["nope", "id--1"]) -> Bool {
        table.indices.allSatisfy { table.index(ofID: table.id(at: $0)) == $0 }
            && missing.allSatisfy { table.index(ofID: $0) == nil }
    }

    @Test func aLargeTableGrowsItsIndexInStepsAndFindsEveryIDMeanwhile() {
        var table = RowTable()
        var started: Int?
        var n = 0
        while started == nil || table.indexIsGrowing {
            table.upsert(Self.row(n))
            n += 1
            if started == nil, table.indexIsGrowing {
                started = n
                #expect(n >= RowTable.growsInSteps, "smaller tables make their index again at once")
                #expect(table.movedSlots == RowTable.moveStep, "a few slots moved per row added, not all")
                #expect(table.slots.count == 2 * table.oldSlots.count)
            }
            if table.indexIsGrowing, n % 997 == 0 {
                // Rows moved, not yet moved, and added since: each found at its place.
                for probe in Array(stride(from: 0, to: n, by: 211)) + [n - 1] {
                    #expect(table.index(ofID: "id-\(probe)") == probe)
                }
                #expect(table.index(ofID: "id-\(n)") == nil)
                let again = (started ?? 0) - 2
                #expect(table.upsert(Self.row(again, " again")) == again)
            }
        }
        let begun = started ?? 0
        #expect(n - begun < begun / 2, "the move ends long before the index is full again")
        #expect(table.oldSlots.isEmpty && table.slots.count * 3 >= 4 * table.count)
        #expect(table.count == n)
        #expect(Self.indexIsTrue(table))
    }

    @Test func idsAreFoundInEitherIndexAndNewOnesGoToTheNewOne() {
        var table = Self.growing()
        #expect(Self.indexIsTrue(table, missing: ["id-3000", "nope"]))
        for n in 3_000..<3_100 { #expect(table.upsert(Self.row(n)) == n) }
        #expect(table.indexIsGrowing)
        #expect(table.movedSlots == 700 + 100 * RowTable.moveStep)
        #expect(Self.indexIsTrue(table))
        #expect(table.storageBytes >= (table.slots.count + table.oldSlots.count) * 8)
    }

    @Test func anIDStillInTheOldIndexIsReplacedInPlace() {
        var table = Self.growing()
        #expect(table.upsert(Self.row(2_500, " new")) == 2_500)
        #expect(table.update(Self.row(2_600, " new")) == .changed(2_600))
        #expect(table.update(Self.row(2_700)) == .same(2_700))
        table.append(table: RowTable([Self.row(2_800, " new"), Self.row(5_000), Self.row(100, " new")]))
        #expect(table.count == 3_001)
        #expect(table.movedSlots == 700 + 3 * RowTable.moveStep, "a part moves its share before its rows go in")
        #expect(table[2_500].title == "Row 2500 new" && table[2_600].title == "Row 2600 new")
        #expect(table[2_800].title == "Row 2800 new" && table[100].title == "Row 100 new")
        #expect(table.index(ofID: "id-5000") == 3_000)
        #expect(Self.indexIsTrue(table))
    }

    @Test func truncateRemoveAndKeepFirstArrivedDuringAMove() {
        var cut = Self.growing()
        cut.truncate(to: 2_000)
        #expect(!cut.indexIsGrowing && cut.count == 2_000)
        #expect(Self.indexIsTrue(cut, missing: ["id-2000", "id-2999"]))

        var removed = Self.growing()
        #expect(removed.remove(ids: ["id-5", "id-2900", "id-9999"]) == 2)
        #expect(removed.count == 2_998)
        #expect(Self.indexIsTrue(removed, missing: ["id-5", "id-2900"]))

        var sorted = Self.growing()
        sorted.reorder((0..<Int32(3_000)).reversed())
        #expect(!sorted.indexIsGrowing)
        sorted.keepFirstArrived(1_500)
        #expect(sorted.count == 1_500 && sorted.id(at: 0) == "id-1499")
        #expect(Self.indexIsTrue(sorted, missing: ["id-1500", "id-2999"]))
    }

    @Test func filtersAndLocalSortDuringAMove() {
        // Rows near the end left out (only their entries taken out of the index).
        var tail = Self.growing()
        tail.hide(rows: [2_990, 2_995])
        #expect(tail.count == 2_998 && tail.hiddenCount == 2)
        #expect(Self.indexIsTrue(tail, missing: ["id-2990", "id-2995"]))
        #expect(tail.upsert(Self.row(2_990, " back")) == 2_998)
        #expect(Self.indexIsTrue(tail))

        // Most rows left out, then every row back.
        var most = Self.growing()
        most.hide(keeping: Array(stride(from: 0, to: 3_000, by: 3)))
        #expect(most.count == 1_000)
        #expect(Self.indexIsTrue(most, missing: ["id-1", "id-2999"]))
        most.unhideAll()
        most.showInNaturalOrder()
        #expect(most.count == 3_000 && most.id(at: 1) == "id-1")
        #expect(Self.indexIsTrue(most))

        // A sort, rows added while sorted, and back to the natural order.
        var sorted = Self.growing()
        var order = (0..<Int32(3_000)).map { $0 }
        order.swapAt(0, 2_999)
        sorted.reorder(order)
        #expect(sorted.id(at: 0) == "id-2999")
        sorted.upsert(Self.row(3_000))
        #expect(Self.indexIsTrue(sorted))
        sorted.restoreNaturalOrder()
        #expect(sorted.id(at: 0) == "id-0" && sorted.id(at: 3_000) == "id-3000")
        #expect(Self.indexIsTrue(sorted))

        // Rows put at the top (a live tick) during a move.
        var top = Self.growing()
        top.upsert(Self.row(3_000))
        top.upsert(Self.row(3_001))
        top.moveToTop(from: 3_000)
        #expect(top.id(at: 0) == "id-3000" && top.id(at: 2) == "id-0")
        #expect(Self.indexIsTrue(top))
    }

    @Test func aFilterMakesTheKeptRowsIndexFromTheOldOneAfterRowsWentToTheTop() {
        // Rows put at the top shift every slot's value (`slotShift`): the kept index follows them.
        var table = RowTable((0..<3_000).map { Self.row($0) })
        table.upsert(Self.row(3_000))
        table.upsert(Self.row(3_001))
        table.moveToTop(from: 3_000)
        #expect(table.slotShift != 0)
        table.hide(keeping: Array(stride(from: 0, to: table.count, by: 2)))
        #expect(table.count == 1_501 && table.id(at: 0) == "id-3000" && table.id(at: 1) == "id-0")
        #expect(table.slotShift == 0)
        #expect(Self.indexIsTrue(table, missing: ["id-3001", "id-1", "nope"]))
        #expect(table.upsert(Self.row(5, " again")) == 1_501, "a row set aside comes back at the end")
        #expect(Self.indexIsTrue(table))
    }

    @Test func aCopyMadeMidMoveStaysCorrect() {
        var table = Self.growing()
        let copy = table
        for n in 3_000..<7_000 { table.upsert(Self.row(n)) }
        #expect(!table.indexIsGrowing, "the move ended")
        table.upsert(Self.row(10, " changed"))
        #expect(table.remove(ids: ["id-20"]) == 1)
        #expect(Self.indexIsTrue(table, missing: ["id-20"]))
        // The copy is as it was, its move where it was.
        #expect(copy.count == 3_000 && copy.indexIsGrowing && copy.movedSlots == 700)
        #expect(copy[10].title == "Row 10" && copy.index(ofID: "id-20") == 20)
        #expect(Self.indexIsTrue(copy, missing: ["id-3000", "id-6999"]))
        var other = copy
        other.upsert(Self.row(9_000))
        #expect(Self.indexIsTrue(other))
        #expect(copy.index(ofID: "id-9000") == nil)
    }
}
