import Foundation

/// The slots of an open-addressed id index (`RowTable+Index`), in memory
/// from `calloc`. A slot holds a value (`Int32`: a row less the table's
/// shift, or a place; `RowTable.emptySlot` where empty) and its id's
/// fingerprint: the low 32 bits of the id's hash. A probe compares
/// fingerprints before it reads an id from the rows' pages (at ten
/// million rows, a read of 1 GB of pages at random per row looked up),
/// and the index grows by reading its own slots, never the rows: a
/// slot's home is its fingerprint's low bits.
///
/// An index of ten million rows has 16 M slots (128 MB). Made as an array
/// filled with an empty value, its every page was written at once — tens
/// of milliseconds on the UI thread each time a long load doubled it. Here
/// an empty slot is zero (a value is kept with its sign bit flipped), and
/// a large block from `calloc` comes as pages the kernel zeroes when they
/// are first touched: made in microseconds.
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

    /// `count` empty slots whose pages are made present at once, in one
    /// pass: for an index filled whole at once, whose writes land at
    /// random (at 32 M slots, each page met first by a random write took
    /// about a tenth of a second more in all, and from two cores at once
    /// the kernel's faults did not share).
    static func present(count: Int) -> IndexSlots {
        let slots = IndexSlots(count: count)
        slots.storage?.populate()
        return slots
    }

    var count: Int { storage?.count ?? 0 }
    var isEmpty: Bool { count == 0 }

    /// The value in slot `slot` (`RowTable.emptySlot` when empty).
    @inline(__always)
    subscript(slot: Int) -> Int32 {
        withSlots { $0[slot] }
    }

    /// Puts `value` with `hash`'s fingerprint in the first empty slot from
    /// `hash`'s home on.
    @inline(__always)
    mutating func insert(_ value: Int32, hash: UInt64) {
        withMutableSlots { $0.insert(value, hash: hash) }
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
        let base: UnsafeMutablePointer<UInt64>
        let count: Int

        init(count: Int) {
            guard let memory = calloc(count, MemoryLayout<UInt64>.stride) else {
                fatalError("IndexSlots: no memory for \(count) slots")
            }
            self.base = memory.bindMemory(to: UInt64.self, capacity: count)
            self.count = count
        }

        func copy() -> Storage {
            let copy = Storage(count: count)
            copy.base.update(from: base, count: count)
            return copy
        }

        /// Makes the slots' pages present (`PresentPages`), so that their
        /// first writes do not wait for the kernel.
        func populate() {
            PresentPages.populate(base, bytes: count * MemoryLayout<UInt64>.stride)
        }

        /// A large index (one a long load's growth leaves behind) goes
        /// back to the kernel off the caller's thread (`ReleaseElsewhere`).
        deinit {
            if count * MemoryLayout<UInt64>.stride >= ReleaseElsewhere.largeBytes {
                ReleaseElsewhere.free(base)
            } else {
                free(base)
            }
        }
    }
}

/// The slots of an `IndexSlots` in a loop: values read as the index
/// sees them, entries (value and fingerprint) written and moved whole.
struct SlotBuffer {
    let base: UnsafeMutablePointer<UInt64>?
    let count: Int

    var indices: Range<Int> { 0..<count }
    var mask: Int { count - 1 }

    /// The value in `slot` (`RowTable.emptySlot` when empty).
    @inline(__always)
    subscript(slot: Int) -> Int32 {
        Self.value(base.unsafelyUnwrapped[slot])
    }

    /// Whether `slot` is empty.
    @inline(__always)
    func isEmpty(_ slot: Int) -> Bool { base.unsafelyUnwrapped[slot] == 0 }

    /// The fingerprint of the id in `slot`: its hash's low 32 bits.
    @inline(__always)
    func fingerprint(_ slot: Int) -> UInt32 { UInt32(truncatingIfNeeded: base.unsafelyUnwrapped[slot] >> 32) }

    /// The slot a hash (or a fingerprint) starts its probe at.
    @inline(__always)
    func home(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & mask }

    /// Puts `value` with `hash`'s fingerprint in the first empty slot from
    /// `hash`'s home on.
    @inline(__always)
    func insert(_ value: Int32, hash: UInt64) {
        put(Self.entry(value, fingerprint: UInt32(truncatingIfNeeded: hash)))
    }

    /// Puts an entry (from another index) in the first empty slot from
    /// its home on.
    @inline(__always)
    func put(_ entry: UInt64) {
        let base = base.unsafelyUnwrapped, mask = mask
        var slot = Int(truncatingIfNeeded: entry >> 32) & mask
        while base[slot] != 0 { slot = (slot + 1) & mask }
        base[slot] = entry
    }

    /// The whole entry in `slot` (0 when empty).
    @inline(__always)
    func entry(_ slot: Int) -> UInt64 { base.unsafelyUnwrapped[slot] }

    /// Sets `slot`'s value, its fingerprint kept.
    @inline(__always)
    func setValue(_ slot: Int, _ value: Int32) {
        let kept = base.unsafelyUnwrapped[slot] & 0xFFFF_FFFF_0000_0000
        base.unsafelyUnwrapped[slot] = kept | UInt64(UInt32(bitPattern: value ^ Int32.min))
    }

    /// Moves the entry in `from` to `to`.
    @inline(__always)
    func move(_ from: Int, to: Int) { base.unsafelyUnwrapped[to] = base.unsafelyUnwrapped[from] }

    /// Empties `slot`.
    @inline(__always)
    func clear(_ slot: Int) { base.unsafelyUnwrapped[slot] = 0 }

    /// An entry as kept: the fingerprint above, the value with its sign
    /// bit flipped below (`Int32.min`, the empty value, is never kept:
    /// an empty slot is zero).
    @inline(__always)
    static func entry(_ value: Int32, fingerprint: UInt32) -> UInt64 {
        UInt64(fingerprint) << 32 | UInt64(UInt32(bitPattern: value ^ Int32.min))
    }

    /// An entry's value (`RowTable.emptySlot` for zero).
    @inline(__always)
    static func value(_ entry: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: entry)) ^ Int32.min }
}

/// Entries put into an index sixteen at a time, the home slots of the
/// sixteen loaded one after another first: their cache misses overlap
/// (in an index of 128 MB most homes miss), and the puts find them in
/// the cache. How an index is made from many rows at once.
struct HomeBatch {
    let slots: SlotBuffer
    private var values = InlineArray<16, Int32>(repeating: 0)
    private var hashes = InlineArray<16, UInt64>(repeating: 0)
    private var count = 0
    /// The slots loaded, or-ed together (kept, so that the loads are made).
    private(set) var touched: UInt64 = 0

    init(_ slots: SlotBuffer) { self.slots = slots }

    @inline(__always)
    mutating func insert(_ value: Int32, hash: UInt64) {
        values[count] = value
        hashes[count] = hash
        count += 1
        if count == 16 { flush() }
    }

    /// Puts the entries held.
    @inline(__always)
    mutating func flush() {
        for j in 0..<count { touched |= slots.entry(slots.home(hashes[j])) }
        for j in 0..<count { slots.insert(values[j], hash: hashes[j]) }
        count = 0
    }
}
