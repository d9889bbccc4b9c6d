import Dispatch
import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// Row positions shared between copies (a search's scan holds one while
/// the list goes on adding rows): each copy reads exactly its own rows,
/// whatever the others do, and the list's appends after a scan's copy
/// copy nothing.
@Suite("RowRefs: copies share positions, each keeps its own")
struct RowRefsSharingTests {
    static func refs(_ values: Range<Int>) -> RowRefs {
        var refs = RowRefs()
        for v in values { refs.append(UInt64(v)) }
        return refs
    }

    static func values(_ refs: RowRefs) -> [Int] {
        refs.withUnsafeBufferPointer { $0.map { Int($0) } }
    }

    @Test func aCopyKeepsItsRowsWhileTheOriginalAddsAfterThem() {
        var list = Self.refs(0..<100)
        let scan = list
        // Up to the room the block has: in place.
        let room = list.capacity
        for v in 100..<room { list.append(UInt64(v)) }
        #expect(Self.values(scan) == Array(0..<100))
        #expect(Self.values(list) == Array(0..<room))
        // The list's block is still the one the copy reads.
        let same = list.withUnsafeBufferPointer { a in scan.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        #expect(same)
    }

    @Test func twoCopiesAddingAtTheSameEndEachKeepTheirOwn() {
        var a = Self.refs(0..<10)
        var b = a
        a.append(100)
        b.append(200)   // the frontier is a's now: b copies
        #expect(Self.values(a) == Array(0..<10) + [100])
        #expect(Self.values(b) == Array(0..<10) + [200])
        let same = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        #expect(!same)
    }

    @Test func aCopyBehindTheFrontierCopiesBeforeItAdds() {
        var list = Self.refs(0..<10)
        var older = list
        list.append(10)
        older.append(99)
        #expect(Self.values(list) == Array(0..<11))
        #expect(Self.values(older) == Array(0..<10) + [99])
    }

    @Test func changesOtherThanAddingCopyASharedBlock() {
        var list = Self.refs(0..<20)
        let scan = list
        list[3] = 333
        list.removeLast(5)
        #expect(Self.values(scan) == Array(0..<20))
        #expect(Self.values(list) == [0, 1, 2, 333] + Array(4..<15))
        var moved = Self.refs(0..<20)
        let kept = moved
        moved.moveLastToFront(3)
        #expect(Self.values(kept) == Array(0..<20))
        #expect(Self.values(moved) == [17, 18, 19] + Array(0..<17))
        var written = Self.refs(0..<8)
        let before = written
        written.withUnsafeMutableBufferPointer { $0[0] = 42 }
        #expect(Self.values(before) == Array(0..<8))
        #expect(Self.values(written).first == 42)
    }

    /// Many added at once behave as as many added one by one: in place
    /// at the frontier (a copy keeps its rows), a copy behind it copies,
    /// and past the room the block grows.
    @Test func manyAddedAtOnceKeepEveryCopyWhole() {
        func add(_ refs: inout RowRefs, _ values: Range<Int>) {
            let more = values.map(UInt64.init)
            more.withUnsafeBufferPointer { refs.append(contentsOf: $0) }
        }
        var list = Self.refs(0..<100)
        let scan = list
        add(&list, 100..<list.capacity)
        #expect(Self.values(scan) == Array(0..<100))
        let same = list.withUnsafeBufferPointer { a in scan.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        #expect(same)
        var older = scan
        add(&older, 500..<510)
        #expect(Self.values(older) == Array(0..<100) + Array(500..<510))
        #expect(Self.values(list) == Array(0..<list.count))
        add(&list, list.count..<(list.count + 10_000))
        #expect(Self.values(list) == Array(0..<list.count) && list.count > 10_000)
        #expect(Self.values(scan) == Array(0..<100))
        var empty = RowRefs()
        add(&empty, 0..<3)
        add(&empty, 3..<3)
        #expect(Self.values(empty) == [0, 1, 2])
    }

    @Test func removedRowsAreNotWrittenOverUnderACopy() {
        // The list drops its last rows while a copy still reads them, then adds others.
        var list = Self.refs(0..<10)
        let scan = list
        list.removeLast(4)
        for v in 50..<60 { list.append(UInt64(v)) }
        #expect(Self.values(scan) == Array(0..<10))
        #expect(Self.values(list) == Array(0..<6) + Array(50..<60))
    }

    @Test func growingPastItsRoomLeavesACopyWhole() {
        var list = Self.refs(0..<16)
        let scan = list
        for v in 16..<5_000 { list.append(UInt64(v)) }
        #expect(Self.values(scan) == Array(0..<16))
        #expect(Self.values(list) == Array(0..<5_000))
    }

    /// Past a million places the memory is reserved: a block a copy
    /// shares grows where it is when the list fills its room (no copy of
    /// its places), and the copy keeps reading exactly its own rows.
    @Test func aLargeSharedBlockGrowsInPlace() {
        var list = RowRefs()
        let start = (0..<(1 << 20)).map(UInt64.init)
        start.withUnsafeBufferPointer { list.append(contentsOf: $0) }
        for v in list.count..<list.capacity { list.append(UInt64(v)) }
        let scan = list, room = list.capacity
        let address = list.withUnsafeBufferPointer { $0.baseAddress }
        list.append(UInt64(room))
        let more = (room + 1..<room + 5_000).map(UInt64.init)
        more.withUnsafeBufferPointer { list.append(contentsOf: $0) }
        #expect(list.capacity > room)
        #expect(list.withUnsafeBufferPointer { $0.baseAddress } == address)
        #expect(scan.count == room && list.count == room + 5_000)
        #expect(scan.withUnsafeBufferPointer { $0.enumerated().allSatisfy { Int($1) == $0 } })
        #expect(list.withUnsafeBufferPointer { $0.enumerated().allSatisfy { Int($1) == $0 } })
        // Anything but an add still copies: the scan's rows stay as they were.
        list[7] = 70
        #expect(scan[7] == 7 && list[7] == 70)
    }

    /// The memory a reservation makes usable grows in whole pages, at
    /// least doubling, and never past what was reserved.
    @Test func aReservationGrowsInStepsUpToItsSize() throws {
        let memory = try #require(ReservedMemory(reserving: 1 << 20))
        #expect(memory.usable == 0 && memory.reserved == 1 << 20)
        #expect(memory.makeUsable(10))
        #expect(memory.usable == ReservedMemory.pageSize)
        memory.base.storeBytes(of: 42, as: UInt8.self)
        #expect(memory.makeUsable(memory.usable + 1))
        #expect(memory.usable == 2 * ReservedMemory.pageSize)
        #expect(memory.base.load(as: UInt8.self) == 42)
        #expect(memory.makeUsable(1 << 20) && memory.usable == 1 << 20)
        #expect(!memory.makeUsable((1 << 20) + 1))
        // More address space than there is: none, and the caller keeps to malloc.
        #expect(ReservedMemory(reserving: 1 << 60) == nil)
    }

    /// The case it is for: one thread reads a copy's rows over and over
    /// while another adds thousands after them.
    @Test func aScanOnAnotherThreadReadsItsRowsWhileTheListGrows() async {
        var list = Self.refs(0..<50_000)
        let scan = list
        let expected = (0..<50_000).reduce(0, +)
        let reader = Task.detached {
            (0..<20).map { _ in scan.withUnsafeBufferPointer { $0.reduce(0) { $0 + Int($1) } } }
        }
        for v in 50_000..<400_000 { list.append(UInt64(v)) }
        #expect(await reader.value.allSatisfy { $0 == expected })
        #expect(list.count == 400_000)
    }

    @Test func aTableForScanningSharesNoIndexAndFindsWhatTheTableFinds() {
        var table = RowTable((0..<2_000).map { RowModel(id: "id-\($0)", title: "Row \($0)") })
        let scan = table.forScanning
        #expect(scan.slots.isEmpty)
        table.append(table: RowTable((2_000..<2_100).map { RowModel(id: "id-\($0)", title: "Row \($0)") }))
        let needle = SearchNeedle("row 19")
        let found = scan.rows(scan.indices, containing: needle)
        #expect(found == Array(table.prefix(2_000).indices).filter { table[$0].title.lowercased().contains("row 19") })
        #expect(scan.count == 2_000 && table.count == 2_100)
    }

    /// What a part of a streamed load replaces, found from its ids' bytes.
    @Test func theRowsAPartReplacesAreFoundByTheirIDs() {
        let table = RowTable((0..<1_000).map { RowModel(id: "id-\($0)", title: "Row \($0)") })
        let part = RowTable(["id-900", "new-1", "id-3", "id-900", "new-2", "id-41"].map { RowModel(id: $0, title: $0) })
        #expect(table.rows(withIDsOf: part) == [3, 41, 900])
        #expect(table.rows(withIDsOf: RowTable()) == [])
    }
}
