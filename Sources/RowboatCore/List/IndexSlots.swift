import Foundation

/// The slots of an open-addressed id index (`RowTable+Index`): `Int32`
/// entries, `RowTable.emptySlot` where empty, in memory from `calloc`.
///
/// An index of ten million rows has 32 M slots (128 MB). Made as an array
/// filled with the empty value, its every page was written at once — tens
/// of milliseconds on the UI thread each time a long load doubled it. Here
/// an entry is kept with its sign bit flipped, so the empty value is kept
/// as zero, and a large block from `calloc` comes as pages the kernel
/// zeroes when they are first touched: made in microseconds, its cost
/// spread over the rows that fill it.
///
/// Where the kernel is slow to give pages (a virtual machine whose host
/// backs memory as it is first touched: 0.3 s for 128 MB here), the
/// touching itself is done ahead: `prepared(count:)` has a background
/// thread fault the pages in while the rows go on arriving
/// (`MADV_POPULATE_WRITE`: pages made present, their content untouched,
/// so it may run while the slots are written).
///
/// A value type: copies share the slots until one is changed.
struct IndexSlots: Sendable {
    private var storage: Storage?

    /// No slots.
    init() {}

    /// `count` empty slots.
    init(count: Int) {
        storage = count > 0 ? Storage(count: count) : nil
    }

    /// `count` empty slots whose pages a background thread makes present
    /// (`count` is large: an index about to double).
    static func prepared(count: Int) -> IndexSlots {
        let slots = IndexSlots(count: count)
        if let storage = slots.storage {
            DispatchQueue.global(qos: .utility).async { storage.populate() }
        }
        return slots
    }

    var count: Int { storage?.count ?? 0 }
    var isEmpty: Bool { count == 0 }

    /// The entry in slot `slot` (`RowTable.emptySlot` when empty).
    @inline(__always)
    subscript(slot: Int) -> Int32 {
        get { SlotBuffer.decode(storage.unsafelyUnwrapped.base[slot]) }
        set {
            makeUnique()
            storage.unsafelyUnwrapped.base[slot] = SlotBuffer.encode(newValue)
        }
    }

    /// `body` with the slots to read.
    @inline(__always)
    func withSlots<R>(_ body: (SlotBuffer) throws -> R) rethrows -> R {
        try body(SlotBuffer(base: storage?.base, count: count))
    }

    /// `body` with the slots to change (copied first when shared).
    @inline(__always)
    mutating func withMutableSlots<R>(_ body: (SlotBuffer) throws -> R) rethrows -> R {
        makeUnique()
        return try body(SlotBuffer(base: storage?.base, count: count))
    }

    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage), let shared = storage {
            storage = shared.copy()
        }
    }

    /// The slots' memory, let go with the last copy.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<Int32>
        let count: Int

        init(count: Int) {
            guard let memory = calloc(count, MemoryLayout<Int32>.stride) else {
                fatalError("IndexSlots: no memory for \(count) slots")
            }
            self.base = memory.bindMemory(to: Int32.self, capacity: count)
            self.count = count
        }

        func copy() -> Storage {
            let copy = Storage(count: count)
            copy.base.update(from: base, count: count)
            return copy
        }

        /// Makes the slots' pages present (each zeroed by the kernel), so
        /// that their first writes do not wait for it.
        /// (The whole pages within the block: `madvise` takes page bounds.)
        func populate() {
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let start = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (UInt(bitPattern: base) + UInt(count * MemoryLayout<Int32>.stride)) & ~(page - 1)
            guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(first, Int(end - start), MADV_POPULATE_WRITE)
        }

        deinit { free(base) }
    }
}

/// The slots of an `IndexSlots` in a loop: entries read and written as
/// the index sees them (the empty value kept as zero underneath).
struct SlotBuffer {
    let base: UnsafeMutablePointer<Int32>?
    let count: Int

    var indices: Range<Int> { 0..<count }

    @inline(__always)
    subscript(slot: Int) -> Int32 {
        get { Self.decode(base.unsafelyUnwrapped[slot]) }
        nonmutating set { base.unsafelyUnwrapped[slot] = Self.encode(newValue) }
    }

    /// An entry as kept: its sign bit flipped (`Int32.min`, the empty
    /// value, is kept as zero).
    @inline(__always)
    static func encode(_ entry: Int32) -> Int32 { entry ^ Int32.min }

    @inline(__always)
    static func decode(_ kept: Int32) -> Int32 { kept ^ Int32.min }
}
