import Foundation
import RowboatSpec
import Synchronization

/// The rows of a list, unique by id, kept as compact bytes: each row's text
/// is written once into large shared pages (`RowBytes`), field names are
/// kept once per shape, and a row becomes a `RowModel` only when it is read
/// — a screen's worth at a time. A million demo-shaped rows take about 85
/// bytes each (as `[RowModel]` they took about 420), and `/` scans their
/// text in one pass through memory.
///
/// Adding a row whose id is already in the table replaces that row in
/// place (`upsert`). A value type: copies share pages until one changes.
public struct RowTable: Sendable, Equatable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// Bytes of a page; a larger row gets a page of its own.
    static let pageSize = 1 << 20

    var pages: [RowPage] = []
    /// Where each row starts (`ref(page:at:)`).
    var refs = RowRefs()
    var shapes: [RowShape] = []
    var shapeNumbers: [RowShape: Int] = [:]
    /// Row numbers by id hash (open addressing): a slot holds its row less
    /// `slotShift`, `emptySlot` when empty.
    var slots = IndexSlots()
    /// What every slot's value is short of its row: rows put at the top
    /// (`moveToTop`) move all the others down by raising it, without
    /// touching their slots.
    var slotShift: Int32 = 0
    /// (Kept as zero by `IndexSlots`.)
    static let emptySlot = Int32.min
    /// While the index grows (`RowTable+Index`): the index it outgrew, still
    /// asked for the entries of its slots from `movedSlots` on, which are
    /// not in `slots` yet.
    var oldSlots = IndexSlots()
    /// The slots the index will grow into, made ahead (`prepareGrowth`).
    var nextSlots = IndexSlots()
    var movedSlots = 0
    /// Bytes of rows that were replaced or removed, still in the pages.
    var garbage = 0
    /// Bytes still in use in each page (rows shown or set aside): a page
    /// none are left in is let go at once (`discard`), so a stream's ring,
    /// whose oldest rows fill the oldest pages, frees them as it turns
    /// instead of waiting for the whole table to be written again.
    var pageLive: [Int] = []
    /// Where a row is written before it is copied to a page.
    var scratch: [UInt8] = []
    /// Each row's place in the natural order (the order the rows came in,
    /// rows a live refresh put at the top first), kept only while the
    /// rows are in another order (a local sort): empty means the rows are
    /// in their natural order. See `RowTable+Order`.
    var arrival: [Int32] = []
    /// The natural places the next row at the end and the next row at the
    /// top get, while `arrival` is kept.
    var nextArrival: Int32 = 0
    var topArrival: Int32 = -1
    /// The order of the local sort in force when it was put in force
    /// (`RowTable+KeptOrder`): rows let back are placed from it.
    var keptOrder: KeptOrder?
    /// The places of rows a local filter left out (`RowTable+Filter`), in
    /// the order they were left out, with their natural places: not in
    /// the id index, not counted, and not copied — their bytes stay in the
    /// pages until the filter lets them back.
    /// A place of `hidden` whose row came back (`RowTable.goneRef`) is
    /// skipped; `hiddenSlots` is their id index (open addressing, the place
    /// in `hidden`), so a row that comes again replaces its row set aside.
    var hidden: [UInt64] = []
    var hiddenArrival: [Int32] = []
    /// The fingerprint of each row set aside (entry k: `hidden[k]`'s id
    /// hash, its low 32 bits, as the id index keeps it): their index, and
    /// theirs in the rows' index when they come back, are made from these,
    /// no row read and no id hashed (at ten million rows, a read of 1 GB of
    /// pages).
    var hiddenPrints: [UInt32] = []
    /// The fingerprints of the last rows, put back without entries in the
    /// id index (`unhideAll(indexed: false)`), until the index is made
    /// with the rows kept (`hide(keeping:)`, `completeIndex`).
    var unindexedPrints: [UInt32] = []
    var hiddenSlots = IndexSlots()
    var hiddenGone = 0
    /// The hidden index is to be made again before it is next asked (a
    /// filter set many rows aside at once: it is made when a row comes).
    var hiddenIndexStale = false
    /// Which rows in which order the table holds, up to rows added at the
    /// end since: new whenever a row is replaced, removed or moved (an
    /// order worked out off the UI thread for one stamp still fits a
    /// table of that stamp, plus the rows added after). Unique across
    /// tables; not part of equality.
    public private(set) var stamp: UInt64 = RowTable.newStamp()

    static let stamps = Atomic<UInt64>(0)

    static func newStamp() -> UInt64 {
        stamps.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Rows were replaced, removed or moved.
    mutating func edited() {
        stamp = Self.newStamp()
    }

    public init() {}

    /// The rows of `rows`, a later row with an id already seen replacing it.
    public init(_ rows: some Sequence<RowModel>) {
        // The id index sized for them at once (not grown a doubling at a time).
        let expected = rows.underestimatedCount
        if expected > 8 {
            slots = IndexSlots(count: Self.slotCount(for: expected + 1))
        }
        for row in rows { upsert(row) }
    }

    /// The rows `written` (a later row with an id already seen replacing
    /// it), their pages adopted as they are (no byte copied). The id index
    /// is made in one pass, each id hashed once; ids are compared only
    /// when their hashes are equal.
    public init(_ written: WrittenRows) {
        guard !written.isEmpty else { return }
        pages = written.pages.map { $0.trimmed() }
        pageLive = pages.map(\.count)
        shapes = [written.shape]
        shapeNumbers = [written.shape: 0]
        slots = IndexSlots(count: Self.slotCount(for: written.count + 1))
        var refs: [UInt64] = [], hashes: [UInt64] = []
        refs.reserveCapacity(written.count)
        hashes.reserveCapacity(written.count)
        // The pages' bytes taken once (a page read a row would be held a row).
        let bytes = pages.map(\.bytes)
        for ref in written.refs {
            let id = RowBytes.id(bytes[Int(ref >> 32)], at: Int(ref & 0xFFFF_FFFF))
            let hash = Self.hash(id)
            let known = Self.probe(slots, hash: hash) { row in
                guard hashes[Int(row)] == hash else { return false }
                let (page, at) = Self.place(of: refs[Int(row)])
                let other = RowBytes.id(bytes[page], at: at)
                return other.count == id.count && (id.isEmpty || memcmp(other.baseAddress!, id.baseAddress!, id.count) == 0)
            }
            if let known {
                discard(refs[Int(known)])
                refs[Int(known)] = ref
            } else {
                refs.append(ref)
                hashes.append(hash)
                insertIntoIndex(refs.count - 1, hash: hash)
            }
        }
        self.refs = RowRefs(refs)
    }

    public init(arrayLiteral rows: RowModel...) {
        self.init(rows)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { refs.count }

    /// Row `index`. Setting it writes the row again in its place (keep
    /// ids unique: `upsert` adds or replaces by id).
    public subscript(index: Int) -> RowModel {
        get {
            let (page, at) = location(of: index)
            return RowBytes.read(page, at: at, shapes: shapes)
        }
        set {
            var id = newValue.id
            let sameID = id.withUTF8 { idBytes(of: index, equal: $0) }
            discard(refs[index])
            refs[index] = write(newValue)
            edited()
            if !sameID { rebuildIndex() }
            compactIfWasteful()
        }
    }

    /// Row `index`'s id, without making the whole row.
    public func id(at index: Int) -> String {
        let (page, at) = location(of: index)
        return String(decoding: RowBytes.id(page, at: at), as: UTF8.self)
    }

    /// Row `index`'s image URL (what the image queue needs of a row on
    /// screen), without making the whole row.
    public func imageURL(at index: Int) -> String? {
        let (page, at) = location(of: index)
        return RowBytes.imageURL(page, at: at)
    }

    /// The position of the row with `id`.
    public func index(ofID id: String) -> Int? {
        var id = id
        return id.withUTF8 { index(ofIDBytes: $0) }
    }

    /// Adds `row` at the end, or replaces the row with its id in place.
    /// Returns its position.
    @discardableResult
    public mutating func upsert(_ row: RowModel) -> Int {
        ensureHiddenIndex()
        if let at = index(ofID: row.id) {
            discard(refs[at])
            refs[at] = write(row)
            edited()
            compactIfWasteful()
            return at
        }
        refs.append(write(row))
        arrived(takingBack: hiddenIndex(ofID: row.id))
        let at = refs.count - 1
        addToIndex(at)
        return at
    }

    /// Adds each row of `rows` as `upsert` does.
    public mutating func append(contentsOf rows: some Sequence<RowModel>) {
        for row in rows { upsert(row) }
    }

    /// Keeps the first `count` rows. A few rows off the end (a stream's
    /// ring dropping its oldest) leave the id index one at a time; many
    /// make it again.
    public mutating func truncate(to count: Int) {
        guard count < refs.count else { return }
        edited()
        let removing = refs.count - count
        let oneByOne = removing * 4 <= count && !slots.isEmpty
        if oneByOne {
            // (Before their bytes go: the index reads ids.)
            finishGrowing()
            for at in (count..<refs.count).reversed() { removeFromIndex(at) }
        }
        for at in count..<refs.count { discard(refs[at]) }
        refs.removeLast(removing)
        if !oneByOne { rebuildIndex() }
        if !arrival.isEmpty { arrival.removeLast(arrival.count - count) }
        compactIfWasteful()
    }

    /// Takes out the rows whose ids are in `ids` (the rest keep their
    /// order); returns how many went.
    @discardableResult
    public mutating func remove(ids: Set<String>) -> Int {
        guard !ids.isEmpty else { return 0 }
        let before = refs.count
        var kept: [Int] = []
        kept.reserveCapacity(refs.count)
        for at in refs.indices {
            if ids.contains(id(at: at)) { discard(refs[at]) } else { kept.append(at) }
        }
        removeHidden(ids: ids)
        guard kept.count != before else { return 0 }
        edited()
        refs = RowRefs(kept.map { refs[$0] })
        if !arrival.isEmpty { arrival = kept.map { arrival[$0] } }
        rebuildIndex()
        compactIfWasteful()
        return before - refs.count
    }

    /// Bytes the rows take (what is written in the pages, the positions and
    /// the id index): what a benchmark reports per row.
    public var storageBytes: Int {
        pages.reduce(0) { $0 + $1.count } + refs.capacity * 8 + (slots.count + oldSlots.count + nextSlots.count) * 8
    }

    public static func == (a: RowTable, b: RowTable) -> Bool {
        a.count == b.count && a.hiddenCount == b.hiddenCount && a.indices.allSatisfy { a[$0] == b[$0] }
    }

    // MARK: storage

    /// Notes the arrival of the row just appended: one a filter had set
    /// aside (`hidden[k]`) comes back with its natural place kept (its old
    /// bytes left behind); any other takes the next place, when places are kept.
    mutating func arrived(takingBack k: Int?) {
        if let k {
            discard(hidden[k])
            arrival.append(takeBack(k))
        } else if !arrival.isEmpty {
            arrival.append(nextArrival)
            nextArrival &+= 1
        }
    }

    /// Writes `row` into the last page (or a new one) and returns its ref.
    mutating func write(_ row: RowModel) -> UInt64 {
        let shape = shapeNumber(of: row)
        scratch.removeAll(keepingCapacity: true)
        RowBytes.write(row, shape: shape, searchable: shapes[shape].searchable, into: &scratch)
        return scratch.withUnsafeBufferPointer { data in
            if !pages.isEmpty {
                if !isKnownUniquelyReferenced(&pages[pages.count - 1]) {
                    pages[pages.count - 1] = pages[pages.count - 1].copy()
                }
                if let start = pages[pages.count - 1].append(data) {
                    pageLive[pages.count - 1] += data.count
                    return Self.ref(page: pages.count - 1, at: start)
                }
            }
            let page = RowPage(capacity: Swift.max(Self.pageSize, data.count))
            pages.append(page)
            pageLive.append(data.count)
            return Self.ref(page: pages.count - 1, at: page.append(data)!)
        }
    }

    /// A row's place: its page << 32 | its offset in the page.
    static func ref(page: Int, at: Int) -> UInt64 { UInt64(page) << 32 | UInt64(at) }

    /// The page and offset of `ref`.
    static func place(of ref: UInt64) -> (page: Int, at: Int) { (Int(ref >> 32), Int(ref & 0xFFFF_FFFF)) }

    /// Row `row`'s page bytes and its offset in them.
    func location(of row: Int) -> (UnsafeBufferPointer<UInt8>, Int) {
        let (page, at) = Self.place(of: refs[row])
        return (pages[page].bytes, at)
    }

    mutating func shapeNumber(of row: RowModel) -> Int {
        if let last = shapes.last, last.names == row.fields.names, last.fieldOrder == row.fieldOrder {
            return shapes.count - 1
        }
        let shape = RowShape(names: row.fields.names, fieldOrder: row.fieldOrder)
        if let known = shapeNumbers[shape] { return known }
        shapes.append(shape)
        shapeNumbers[shape] = shapes.count - 1
        return shapes.count - 1
    }

    func length(of row: Int) -> Int {
        let (page, at) = location(of: row)
        return RowBytes.length(page, at: at, shapes: shapes)
    }

    func idBytes(of row: Int, equal wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let (page, at) = location(of: row)
        let id = RowBytes.id(page, at: at)
        return id.count == wanted.count && (id.isEmpty || memcmp(id.baseAddress!, wanted.baseAddress!, id.count) == 0)
    }

    func idHash(of row: Int) -> UInt64 {
        let (page, at) = location(of: row)
        return Self.hash(RowBytes.id(page, at: at))
    }
}
