import RowboatSpec

/// The id index: row numbers by id hash (open addressing, linear probing),
/// at most half full. When rows added at the end fill it past that, a
/// table of `growsInSteps` rows or more grows it a little at a time, so
/// that no one delivery of a long load holds the UI thread for the whole
/// of it: a new index of twice the slots takes each row added from then
/// on, the rows already there are moved into it in their order,
/// `moveStep` for each row added (a part taken in whole, `append(table:)`,
/// moves its share in one pass before its rows go in; the move ends long
/// before the new index is half full), and a lookup asks the new index,
/// then the old one for the rows not moved yet. Whatever changes rows
/// otherwise (removes, reorders, puts rows at the top) finishes the move
/// first, or makes the index again.
extension RowTable {
    /// Rows from which the index grows a little at a time (below, it is
    /// made again at once: a millisecond or so).
    static let growsInSteps = 65_536
    /// Rows moved into the growing index for each row added.
    static let moveStep = 4

    /// True while the index grows: rows `movedRows..<moveEnd` are still
    /// only in `oldSlots`.
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

    /// `index(ofIDBytes:)` of an id whose hash is known.
    @inline(__always)
    func index(ofIDBytes wanted: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let shift = Int(slotShift)
        if let found = Self.probe(slots, hash: hash, matches: { idBytes(of: Int($0) + shift, equal: wanted) }) {
            return Int(found) + shift
        }
        return oldSlots.isEmpty ? nil : indexNotMoved(ofIDBytes: wanted, hash: hash)
    }

    /// The position of the row whose id is `wanted` among the rows not
    /// moved yet into the growing index.
    @inline(never)
    func indexNotMoved(ofIDBytes wanted: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let shift = Int(slotShift)
        // Rows moved already are in the new index: passed over without reading their ids.
        let moved = movedRows
        return Self.probe(oldSlots, hash: hash) { value in
            let row = Int(value) + shift
            return row >= moved && idBytes(of: row, equal: wanted)
        }.map { Int($0) + shift }
    }

    /// Linear probing in an open-addressed id index (the rows' and the rows
    /// set aside's): the first entry from `wanted`'s slot on that `matches`.
    @inline(__always)
    static func probe(_ slots: IndexSlots, for wanted: UnsafeBufferPointer<UInt8>,
                      matches: (Int32) -> Bool) -> Int32? {
        probe(slots, hash: hash(wanted), matches: matches)
    }

    /// `probe(_:for:matches:)` from the slot of `hash`.
    @inline(__always)
    static func probe(_ slots: IndexSlots, hash: UInt64, matches: (Int32) -> Bool) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != emptySlot {
            if matches(slots[slot]) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Puts row `row`, just added at the end, in the index: grown first
    /// when it would be more than half full; while it grows, `moveStep`
    /// more rows are moved into it.
    /// (`moving: false` when the caller moves rows for a whole part at once.)
    /// (`hash`: the row's id hash, when known.)
    @inline(__always)
    mutating func addToIndex(_ row: Int, moving: Bool = true, hash: UInt64? = nil) {
        if (refs.count + 1) * 8 > slots.count * 3 {
            if (refs.count + 1) * 2 > slots.count {
                guard refs.count >= Self.growsInSteps else { return rebuildIndex() }
                startGrowing(before: row)
            } else if nextSlots.isEmpty, refs.count >= Self.growsInSteps / 2 {
                prepareGrowth()
            }
        }
        insertIntoIndex(row, hash: hash ?? idHash(of: row))
        if moving, !oldSlots.isEmpty { moveRows(Self.moveStep) }
    }

    /// Starts growing the index to twice its slots: the rows before `end`
    /// are in the index now and are to be moved.
    mutating func startGrowing(before end: Int) {
        finishGrowing()
        oldSlots = slots
        let size = Swift.max(16, slots.count * 2)
        slots = nextSlots.count == size ? nextSlots : IndexSlots(count: size)
        nextSlots = IndexSlots()
        movedRows = 0
        moveEnd = end
        if moveEnd == 0 { oldSlots = IndexSlots() }
    }

    /// Makes the slots of the index's next doubling ahead, from three
    /// eighths full: their pages are made present off the UI thread while
    /// the rows that fill the index to half arrive (`IndexSlots.prepared`).
    mutating func prepareGrowth() {
        nextSlots = .prepared(count: Swift.max(16, slots.count * 2))
    }

    /// Moves up to `count` more rows into the growing index (their ids
    /// hashed straight from their pages); drops the old index once every
    /// row is moved.
    mutating func moveRows(_ count: Int) {
        let start = movedRows, end = Swift.min(moveEnd, movedRows + Swift.max(0, count))
        let pages = self.pages, refs = self.refs
        let mask = slots.count - 1, empty = Self.emptySlot, shift = slotShift
        refs.withUnsafeBufferPointer { refs in
            slots.withMutableSlots { slots in
                for row in start..<end {
                    let (page, at) = Self.place(of: refs[row])
                    var slot = Int(truncatingIfNeeded: Self.hash(RowBytes.id(pages[page].bytes, at: at))) & mask
                    while slots[slot] != empty { slot = (slot + 1) & mask }
                    slots[slot] = Int32(row) - shift
                }
            }
        }
        movedRows = end
        if movedRows >= moveEnd { stopGrowing() }
    }

    /// Moves every row left into the growing index (before the rows are
    /// changed in a way the move does not follow).
    mutating func finishGrowing() {
        guard indexIsGrowing else { return }
        moveRows(moveEnd - movedRows)
    }

    mutating func stopGrowing() {
        oldSlots = IndexSlots()
        movedRows = 0
        moveEnd = 0
    }

    mutating func insertIntoIndex(_ row: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != Self.emptySlot { slot = (slot + 1) & mask }
        slots[slot] = Int32(row) - slotShift
    }

    /// Takes row `row`'s entry out of the id index (linear probing: the
    /// entries after it that belong before the hole move back into it).
    mutating func removeFromIndex(_ row: Int) {
        let mask = slots.count - 1
        let value = Int32(row) - slotShift
        var hole = Int(truncatingIfNeeded: idHash(of: row)) & mask
        while slots[hole] != value { hole = (hole + 1) & mask }
        var next = (hole + 1) & mask
        while slots[next] != Self.emptySlot {
            let home = Int(truncatingIfNeeded: idHash(of: Int(slots[next]) + Int(slotShift))) & mask
            let between = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !between {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Self.emptySlot
    }

    /// Makes the index again at a size that keeps it at most half full
    /// (a growing one is dropped).
    mutating func rebuildIndex() {
        stopGrowing()
        nextSlots = IndexSlots()
        slotShift = 0
        slots = refs.isEmpty ? IndexSlots() : refs.withUnsafeBufferPointer { Self.idIndex(of: $0, pages: pages) }
    }

    /// An open-addressed index of the ids at `places` (rows' or set-aside
    /// rows' places in `pages`), at most a third full: entry k is place k.
    /// Every id is hashed straight from its page (a million rows: this may
    /// run on the UI thread).
    static func idIndex(of places: UnsafeBufferPointer<UInt64>, pages: [RowPage]) -> IndexSlots {
        var size = 16
        while size < (places.count + 1) * 3 { size <<= 1 }
        var index = IndexSlots(count: size)
        let bases = pages.map(\.bytes)
        let mask = size - 1, empty = emptySlot
        index.withMutableSlots { slots in
            for k in places.indices {
                let (page, at) = place(of: places[k])
                var slot = Int(truncatingIfNeeded: hash(RowBytes.id(bases[page], at: at))) & mask
                while slots[slot] != empty { slot = (slot + 1) & mask }
                slots[slot] = Int32(k)
            }
        }
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
