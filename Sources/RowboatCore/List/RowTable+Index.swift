import RowboatSpec
import Synchronization

/// The id index: row numbers by id hash (open addressing, linear probing,
/// each slot with its id's fingerprint: `IndexSlots`), at most three
/// quarters full (a probe reads an id only on its fingerprint's match: a
/// long probe costs a cache line more, not a row read), made at most half
/// full. When rows added at the end fill it past that, a table of
/// `growsInSteps` rows or more grows it a little at a time, so that no one
/// delivery of a long load holds the UI thread for the whole of it: a new
/// index of twice the slots (made ahead: `prepareGrowth`) takes each row
/// added from then on, the old index's entries are moved into it in slot
/// order, `moveStep` slots for each row added (a part taken in whole,
/// `append(table:)`, moves its share in one pass before its rows go in;
/// the move ends long before the new index is full), and a lookup
/// asks the new index, then the old one (an entry moved already is found
/// in the new one first). Whatever changes rows otherwise (removes,
/// reorders, puts rows at the top) finishes the move first, or makes the
/// index again.
extension RowTable {
    /// Rows from which the index grows a little at a time (below, it is
    /// made again at once: a millisecond or so).
    static let growsInSteps = 65_536
    /// Slots of the old index moved into the growing one for each row added.
    static let moveStep = 4

    /// Whether an index of `slots` is too full for `entries`.
    @inline(__always)
    static func isFull(_ entries: Int, slots: Int) -> Bool { entries * 4 > slots * 3 }

    /// The slots of an index made at once for `entries`: at most half full.
    static func slotCount(for entries: Int) -> Int {
        var size = 16
        while size < entries * 2 { size <<= 1 }
        return size
    }

    /// True while the index grows: the entries of `oldSlots` from
    /// `movedSlots` on are still only there.
    var indexIsGrowing: Bool { !oldSlots.isEmpty }

    /// The position of the row whose id is `wanted` (UTF-8). (Inlined: it
    /// is asked for every row a load adds.)
    @inline(__always)
    func index(ofIDBytes wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        index(ofIDBytes: wanted, hash: Self.hash(wanted))
    }

    /// Where a table holds an id: among its rows, or set aside by a filter.
    public enum Holding: Sendable, Equatable {
        case shown, setAside
    }

    /// Where this table holds the id of row `row` of `other` (read from its
    /// bytes: no `String` made); nil when it does not.
    public mutating func holding(idOf row: Int, in other: RowTable) -> Holding? {
        ensureHiddenIndex()
        let (page, at) = other.location(of: row)
        let id = RowBytes.id(page, at: at)
        if index(ofIDBytes: id) != nil { return .shown }
        return !hiddenSlots.isEmpty && hiddenIndex(ofIDBytes: id) != nil ? .setAside : nil
    }

    /// The rows of this table whose ids `other`'s rows have, ascending
    /// (each id read from its bytes: no row made, no `String`).
    func rows(withIDsOf other: RowTable) -> [Int] {
        var found: [Int] = []
        for row in other.indices {
            let (page, at) = other.location(of: row)
            if let index = index(ofIDBytes: RowBytes.id(page, at: at)) { found.append(index) }
        }
        return Set(found).sorted()
    }

    /// `index(ofIDBytes:)` of an id whose hash is known.
    @inline(__always)
    func index(ofIDBytes wanted: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let shift = Int(slotShift)
        if let found = Self.probe(slots, hash: hash, matches: { idBytes(of: Int($0) + shift, equal: wanted) }) {
            return Int(found) + shift
        }
        return oldSlots.isEmpty ? nil : indexNotMoved(ofIDBytes: wanted, hash: hash)
    }

    /// The position of the row whose id is `wanted` among the entries not
    /// moved yet into the growing index (one moved is in the new index,
    /// asked first).
    @inline(never)
    func indexNotMoved(ofIDBytes wanted: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let shift = Int(slotShift)
        return Self.probe(oldSlots, hash: hash) { idBytes(of: Int($0) + shift, equal: wanted) }.map { Int($0) + shift }
    }

    /// Linear probing in an open-addressed id index (the rows' and the rows
    /// set aside's): the first value from `wanted`'s slot on that `matches`.
    @inline(__always)
    static func probe(_ slots: IndexSlots, for wanted: UnsafeBufferPointer<UInt8>,
                      matches: (Int32) -> Bool) -> Int32? {
        probe(slots, hash: hash(wanted), matches: matches)
    }

    /// `probe(_:for:matches:)` from the slot of `hash`: `matches` (which
    /// reads the id) is asked only of entries with `hash`'s fingerprint.
    @inline(__always)
    static func probe(_ slots: IndexSlots, hash: UInt64, matches: (Int32) -> Bool) -> Int32? {
        slots.withSlots { slots in
            guard slots.count > 0 else { return nil }
            let fingerprint = UInt32(truncatingIfNeeded: hash)
            var slot = slots.home(hash)
            while !slots.isEmpty(slot) {
                if slots.fingerprint(slot) == fingerprint, matches(slots[slot]) { return slots[slot] }
                slot = (slot + 1) & slots.mask
            }
            return nil
        }
    }

    /// Puts row `row`, just added at the end, in the index: grown first
    /// when it would be too full (`isFull`); while it grows, `moveStep`
    /// more slots are moved into it.
    /// (`moving: false` when the caller moves slots for a whole part at once.)
    /// (`hash`: the row's id hash, when known.)
    @inline(__always)
    mutating func addToIndex(_ row: Int, moving: Bool = true, hash: UInt64? = nil) {
        if (refs.count + 1) * 8 > slots.count * 5 {
            if Self.isFull(refs.count + 1, slots: slots.count) {
                guard refs.count >= Self.growsInSteps else { return rebuildIndex() }
                startGrowing()
            } else if nextSlots.isEmpty, refs.count >= Self.growsInSteps / 2 {
                prepareGrowth()
            }
        }
        insertIntoIndex(row, hash: hash ?? idHash(of: row))
        if moving, !oldSlots.isEmpty { moveSlots(Self.moveStep) }
    }

    /// Starts growing the index to twice its slots: the entries in it now
    /// are to be moved.
    mutating func startGrowing() {
        finishGrowing()
        oldSlots = slots
        let size = Swift.max(16, slots.count * 2)
        slots = nextSlots.count == size ? nextSlots : IndexSlots(count: size)
        nextSlots = IndexSlots()
        movedSlots = 0
        if refs.count <= 1 { oldSlots = IndexSlots() }
    }

    /// Makes the slots of the index's next doubling ahead, from five
    /// eighths full: their pages are made present off the UI thread while
    /// the rows that fill the index to half arrive (`IndexSlots.prepared`).
    mutating func prepareGrowth() {
        nextSlots = .prepared(count: Swift.max(16, slots.count * 2))
    }

    /// Moves up to `count` more slots' entries into the growing index
    /// (each goes to its fingerprint's home: no row is read); drops the
    /// old index once every slot is moved.
    mutating func moveSlots(_ count: Int) {
        let start = movedSlots, end = Swift.min(oldSlots.count, movedSlots + Swift.max(0, count))
        let old = oldSlots
        old.withSlots { old in
            slots.withMutableSlots { slots in
                for slot in start..<end where !old.isEmpty(slot) { slots.put(old.entry(slot)) }
            }
        }
        movedSlots = end
        if movedSlots >= oldSlots.count { stopGrowing() }
    }

    /// Moves every entry left into the growing index (before the rows are
    /// changed in a way the move does not follow).
    mutating func finishGrowing() {
        guard indexIsGrowing else { return }
        moveSlots(oldSlots.count - movedSlots)
    }

    mutating func stopGrowing() {
        oldSlots = IndexSlots()
        movedSlots = 0
    }

    mutating func insertIntoIndex(_ row: Int, hash: UInt64) {
        slots.insert(Int32(row) - slotShift, hash: hash)
    }

    /// Takes row `row`'s entry out of the id index (linear probing: the
    /// entries after it that belong before the hole move back into it).
    mutating func removeFromIndex(_ row: Int) {
        let value = Int32(row) - slotShift
        let hash = idHash(of: row)
        slots.withMutableSlots { slots in
            let mask = slots.mask
            var hole = slots.home(hash)
            while slots[hole] != value { hole = (hole + 1) & mask }
            var next = (hole + 1) & mask
            while !slots.isEmpty(next) {
                let home = slots.home(UInt64(slots.fingerprint(next)))
                let between = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
                if !between {
                    slots.move(next, to: hole)
                    hole = next
                }
                next = (next + 1) & mask
            }
            slots.clear(hole)
        }
    }

    /// Makes the index again, at most half full
    /// (a growing one is dropped).
    mutating func rebuildIndex() {
        replaceIndex(with: refs.isEmpty ? IndexSlots() : refs.withUnsafeBufferPointer { Self.idIndex(of: $0, pages: pages) })
    }

    /// `index` (of the rows as they are now, values unshifted) becomes the
    /// id index; a growing one and one made ahead are dropped.
    mutating func replaceIndex(with index: IndexSlots) {
        stopGrowing()
        unindexedPrints = []
        nextSlots = IndexSlots()
        slotShift = 0
        slots = index
    }

    /// The index of rows `kept` (row `kept[i]` to be row `i`, each row at
    /// most once, in any order; nil: every row, where it is), at most half
    /// full, made from this index's own entries and the fingerprints of
    /// rows put back without entries (`unindexedPrints`): each kept row's
    /// entry moves with its fingerprint, so no row is read and no id
    /// hashed (a filter keeping 9 M rows of 10 M read 1 GB of pages to
    /// make it). With it, the fingerprints of the rows not kept, in row
    /// order (for `hiddenPrints`), and each row's new place (`newPlaces`).
    /// A growing index finishes its move first.
    mutating func keptIndex<Row: FixedWidthInteger>(_ kept: [Row]?) -> (index: IndexSlots, left: [UInt32], newRow: [Int32]) {
        finishGrowing()
        let count = refs.count, keptCount = kept?.count ?? count
        var index = IndexSlots.present(count: Self.slotCount(for: keptCount + 1))
        var left = [UInt32](repeating: 0, count: count - keptCount)
        guard count > 0 else { return (index, left, []) }
        let newRow = Self.newPlaces(of: count, kept: kept)
        let parts = Cores.parts(for: count, from: Self.growsInSteps)
        newRow.withUnsafeBufferPointer { newRow in
            left.withUnsafeMutableBufferPointer { left in
                unindexedPrints.withUnsafeBufferPointer { unindexed in
                    index.withMutableSlots { new in
                        slots.withSlots { old in
                            IndexRegions(new: new, old: old, shift: Int(slotShift), unindexed: unindexed,
                                         unindexedFrom: count - unindexed.count, newRow: newRow, left: left)
                                .run(parts: parts)
                        }
                    }
                }
            }
        }
        return (index, left, newRow)
    }

    /// Each of `count` rows' new place when rows `kept` are kept in that
    /// order (nil: every row, where it is): `i` for row `kept[i]`, `~j`
    /// for the `j`-th row left out (in row order). Rows kept in their
    /// order are placed in one pass.
    static func newPlaces<Row: FixedWidthInteger>(of count: Int, kept: [Row]?) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: count) { places, made in
            defer { made = count }
            guard let kept else {
                for row in 0..<count { places[row] = Int32(row) }
                return
            }
            var next = 0, out: Int32 = 0
            if isAscending(kept) {
                for row in 0..<count {
                    if next < kept.count, Int(kept[next]) == row {
                        places[row] = Int32(next)
                        next += 1
                    } else {
                        places[row] = ~out
                        out += 1
                    }
                }
                precondition(next == kept.count, "kept rows are rows of the table")
                return
            }
            places.initialize(repeating: .max)
            for (place, kept) in kept.enumerated() {
                let row = Int(kept)
                precondition(row >= 0 && row < count && places[row] == .max, "kept rows are rows of the table, each once")
                places[row] = Int32(place)
            }
            for row in 0..<count where places[row] == .max {
                places[row] = ~out
                out += 1
            }
        }
    }

    /// Whether `rows` go up, each after the one before.
    static func isAscending<Row: FixedWidthInteger>(_ rows: [Row]) -> Bool {
        rows.withUnsafeBufferPointer { rows in
            var k = 1
            while k < rows.count {
                if rows[k] <= rows[k - 1] { return false }
                k += 1
            }
            return true
        }
    }

    /// Makes the id index whole when rows were put back without entries
    /// (`unindexedPrints`): from the index's entries and their prints.
    mutating func completeIndex() {
        guard !unindexedPrints.isEmpty else { return }
        replaceIndex(with: keptIndex(nil as [Int]?).index)
    }

    /// An open-addressed index of the ids at `places` (rows' or set-aside
    /// rows' places in `pages`), at most half full: entry k is place k.
    /// Every id is hashed straight from its page (a million rows: this may
    /// run on the UI thread), the pages read in order (`StorageOrder`) when
    /// the places are not (rows a sort moved), the entries put sixteen at
    /// a time (`HomeBatch`).
    static func idIndex(of places: UnsafeBufferPointer<UInt64>, pages: [RowPage]) -> IndexSlots {
        var index = IndexSlots.present(count: slotCount(for: places.count + 1))
        let bases = pages.map(\.bytes)
        let touched = index.withMutableSlots { slots in
            var batch = HomeBatch(slots)
            if StorageOrder.isInOrder(places) {
                for k in places.indices {
                    let (page, at) = place(of: places[k])
                    batch.insert(Int32(k), hash: hash(RowBytes.id(bases[page], at: at)))
                }
            } else {
                StorageOrder(places, pageCount: bases.count).forEach { k, page, at in
                    batch.insert(Int32(k), hash: hash(RowBytes.id(bases[page], at: at)))
                }
            }
            batch.flush()
            return batch.touched
        }
        touchedSlots.store(touched, ordering: .relaxed)
        return index
    }

    /// `FNV1a.hash` of an id's bytes, here where it is specialized.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = FNV1a.offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension RowTable {
    /// Rows whose home slots are loaded together before they are probed.
    static let touchAhead = 16

    /// Where the loads of `touchHomes` go (kept, so that they are made).
    static let touchedSlots = Atomic<UInt64>(0)

    /// Loads the home slot of each of `hashes` in the index (and, while it
    /// grows, in the old one), one load after another with nothing waiting
    /// on them: their cache misses overlap, and the probes that follow find
    /// those slots in the cache. Returns the slots read, or-ed together
    /// (for `touchedSlots`).
    @inline(__always)
    func touchHomes(_ hashes: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var touched: UInt64 = 0
        slots.withSlots { slots in
            guard slots.count > 0 else { return }
            for hash in hashes { touched |= slots.entry(slots.home(hash)) }
        }
        oldSlots.withSlots { old in
            guard old.count > 0 else { return }
            for hash in hashes { touched |= old.entry(old.home(hash)) }
        }
        return touched
    }
}
