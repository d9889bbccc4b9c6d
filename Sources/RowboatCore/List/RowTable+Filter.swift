import CPrefetch
import RowboatSpec

/// Rows left out by a local filter (`RowFilter`): their places are set
/// aside (8 bytes a row, never the rows' bytes) with their natural places,
/// and put back when the filter goes. While rows are left out, the table
/// keeps its rows' natural places (as a sort does), so the rows put back
/// can go where they were.
extension RowTable {
    /// How many rows a filter leaves out.
    public var hiddenCount: Int { hidden.count - hiddenGone }

    /// The place of `hidden` that a taken-back row leaves.
    static let goneRef = UInt64.max

    /// The place in `hidden` of the row set aside with `id`.
    func hiddenIndex(ofID id: String) -> Int? {
        guard !hiddenSlots.isEmpty else { return nil }
        var id = id
        return id.withUTF8 { hiddenIndex(ofIDBytes: $0) }
    }

    func hiddenIndex(ofIDBytes wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        hiddenIndex(ofIDBytes: wanted, hash: Self.hash(wanted))
    }

    /// `hiddenIndex(ofIDBytes:)` with the id's hash known (`hash`): nil at
    /// once while no row is set aside.
    func hiddenIndex(ofIDBytes wanted: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !hiddenSlots.isEmpty else { return nil }
        return Self.probe(hiddenSlots, hash: hash) { k in
            guard hidden[Int(k)] != Self.goneRef else { return false }
            let (page, at) = Self.place(of: hidden[Int(k)])
            let id = RowBytes.id(pages[page].bytes, at: at)
            return id.count == wanted.count && id.elementsEqual(wanted)
        }.map(Int.init)
    }

    /// Takes the row set aside at `k` out of `hidden` (it comes back);
    /// returns its natural place.
    mutating func takeBack(_ k: Int) -> Int32 {
        hidden[k] = Self.goneRef
        hiddenGone += 1
        return hiddenArrival[k]
    }

    /// Makes the hidden index again if a filter left it to be made.
    mutating func ensureHiddenIndex() {
        if hiddenIndexStale { rebuildHiddenIndex() }
    }

    /// Sets aside the row at `ref` with natural place `place` and id hash
    /// `hash`.
    mutating func setAside(_ ref: UInt64, _ place: Int32, hash: UInt64) {
        hidden.append(ref)
        hiddenArrival.append(place)
        hiddenPrints.append(UInt32(truncatingIfNeeded: hash))
        if hiddenIndexStale { return }
        if Self.isFull(hidden.count + 1, slots: hiddenSlots.count) {
            rebuildHiddenIndex()
        } else {
            insertHidden(hidden.count - 1)
        }
    }

    /// Puts the row set aside at `k` in the hidden index (a fingerprint
    /// stands for its hash: the home and the fingerprint are its bits).
    mutating func insertHidden(_ k: Int) {
        hiddenSlots.insert(Int32(k), hash: UInt64(hiddenPrints[k]))
    }

    /// The rows set aside without the places of those that came back, and
    /// their index made again at most half full, from their fingerprints.
    mutating func rebuildHiddenIndex() {
        hiddenIndexStale = false
        if hiddenGone > 0 {
            var refs: [UInt64] = [], places: [Int32] = [], prints: [UInt32] = []
            refs.reserveCapacity(hidden.count - hiddenGone)
            places.reserveCapacity(hidden.count - hiddenGone)
            prints.reserveCapacity(hidden.count - hiddenGone)
            for k in hidden.indices where hidden[k] != Self.goneRef {
                refs.append(hidden[k])
                places.append(hiddenArrival[k])
                prints.append(hiddenPrints[k])
            }
            hidden = refs
            hiddenArrival = places
            hiddenPrints = prints
            hiddenGone = 0
        }
        guard !hidden.isEmpty else {
            hiddenSlots = IndexSlots()
            return
        }
        var index = IndexSlots.present(count: Self.slotCount(for: hidden.count + 1))
        index.withMutableSlots { slots in
            var batch = HomeBatch(slots)
            for (k, print) in hiddenPrints.enumerated() { batch.insert(Int32(k), hash: UInt64(print)) }
            batch.flush()
        }
        hiddenSlots = index
    }

    /// Keeps only the rows `kept`, in that order (`kept[i]` is shown at
    /// `i`: ascending keeps their order; a sort's order of some of them
    /// puts them in it at the same time); the others are set aside, in
    /// their order. The kept rows' index is made from the index's entries
    /// and the fingerprints of rows put back without entries (no row
    /// read), and the rows set aside keep their fingerprints.
    public mutating func hide<Row: FixedWidthInteger>(keeping kept: [Row]) {
        keepNaturalPlaces()
        guard kept.count != refs.count || !Self.isAscending(kept) else { return completeIndex() }
        edited()
        // Made before the positions change.
        let (index, left, newRow) = keptIndex(kept)
        hidden.reserveCapacity(hidden.count + left.count)
        hiddenArrival.reserveCapacity(hidden.count + left.count)
        // Each row to its new place (written at random when the order is a sort's; each place once).
        var keptRefs = RowRefs()
        let keptArrival = [Int32](unsafeUninitializedCapacity: kept.count) { keptArrival, made in
            func move(into keptRefs: UnsafeMutableBufferPointer<UInt64>) {
                // Written at random when the order is a sort's: the pages made present first, each place
                // asked for ahead.
                let atRandom = !Self.isAscending(kept)
                if atRandom, let start = keptRefs.baseAddress {
                    PresentPages.populate(start, bytes: keptRefs.count * MemoryLayout<UInt64>.stride)
                    PresentPages.populate(keptArrival.baseAddress!, bytes: keptRefs.count * MemoryLayout<Int32>.stride)
                }
                let ahead = Self.placesAhead
                refs.withUnsafeBufferPointer { refs in
                    for row in refs.indices {
                        if atRandom, row + ahead < refs.count, case let next = Int(newRow[row + ahead]), next >= 0 {
                            rb_prefetch_write(keptRefs.baseAddress.unsafelyUnwrapped + next)
                            rb_prefetch_write(keptArrival.baseAddress.unsafelyUnwrapped + next)
                        }
                        let place = Int(newRow[row])
                        if place >= 0 {
                            keptRefs[place] = refs[row]
                            keptArrival[place] = arrival[row]
                        } else {
                            hidden.append(refs[row])
                            hiddenArrival.append(arrival[row])
                        }
                    }
                }
            }
            if kept.isEmpty { move(into: UnsafeMutableBufferPointer(start: nil, count: 0)) } else {
                keptRefs = RowRefs(count: kept.count, fill: move)
            }
            made = kept.count
        }
        hiddenPrints.append(contentsOf: left)
        refs = keptRefs
        arrival = keptArrival
        replaceIndex(with: index)
        // Made when a row next comes (not now: the filter is what is waited for).
        hiddenSlots = IndexSlots()
        hiddenIndexStale = true
    }

    /// Puts every row set aside back at the end; returns the range of the
    /// rows put back. Their natural places come with them.
    @discardableResult
    public mutating func unhideAll() -> Range<Int> {
        unhideAll(indexed: true)
    }

    /// `unhideAll()`; `indexed` false leaves the rows put back without
    /// entries in the id index, their fingerprints kept aside
    /// (`unindexedPrints`) for the index the caller makes at once:
    /// `showOnly`, which keeps only some of them, makes one index, not two.
    /// Either way no row is read.
    package mutating func unhideAll(indexed: Bool) -> Range<Int> {
        let start = refs.count
        guard hiddenCount > 0 else {
            clearHidden()
            return start..<start
        }
        edited()
        finishGrowing()
        if hiddenGone == 0 {
            // Each in one copy.
            hidden.withUnsafeBufferPointer { refs.append(contentsOf: $0) }
            arrival.append(contentsOf: hiddenArrival)
            unindexedPrints.append(contentsOf: hiddenPrints)
        } else {
            unindexedPrints.reserveCapacity(unindexedPrints.count + hiddenCount)
            for k in hidden.indices where hidden[k] != Self.goneRef {
                refs.append(hidden[k])
                arrival.append(hiddenArrival[k])
                unindexedPrints.append(hiddenPrints[k])
            }
        }
        clearHidden()
        if indexed { completeIndex() }
        return start..<refs.count
    }

    mutating func clearHidden() {
        hidden = []
        hiddenArrival = []
        hiddenPrints = []
        hiddenSlots = IndexSlots()
        hiddenGone = 0
        hiddenIndexStale = false
    }

    /// Takes rows set aside with ids in `ids` out for good.
    mutating func removeHidden(ids: Set<String>) {
        ensureHiddenIndex()
        for id in ids {
            if let k = hiddenIndex(ofID: id) { _ = takeBack(k) }
        }
    }

    /// Starts keeping each row's natural place (as a sort does), so rows
    /// left out and put back can be put in it.
    mutating func keepNaturalPlaces() {
        guard arrival.isEmpty, !refs.isEmpty else { return }
        // Rows still set aside keep their places: the rows shown came after them.
        let base = hiddenCount == 0 ? 0 : nextArrival
        arrival = Array(base..<(base + Int32(refs.count)))
        nextArrival = base + Int32(refs.count)
        if hiddenCount == 0 { topArrival = -1 }
    }

    /// Sets aside the rows `out` (ascending indices), the others keeping
    /// their order. Rows near the end (a page just added) cost what they
    /// are: only their entries of the id index are taken out and put back.
    public mutating func hide(rows out: [Int]) {
        guard let first = out.first else { return }
        let tail = refs.count - first
        guard tail * 4 <= refs.count, !slots.isEmpty else {
            let outSet = Set(out)
            hide(keeping: refs.indices.filter { !outSet.contains($0) })
            return
        }
        keepNaturalPlaces()
        edited()
        finishGrowing()
        for row in first..<refs.count { removeFromIndex(row) }
        var keptRefs: [UInt64] = [], keptArrival: [Int32] = []
        var next = 0
        for row in first..<refs.count {
            if next < out.count, out[next] == row {
                setAside(refs[row], arrival[row], hash: idHash(of: row))
                next += 1
            } else {
                keptRefs.append(refs[row])
                keptArrival.append(arrival[row])
            }
        }
        refs.removeLast(tail)
        arrival.removeLast(tail)
        for (k, ref) in keptRefs.enumerated() {
            refs.append(ref)
            arrival.append(keptArrival[k])
            insertIntoIndex(refs.count - 1, hash: idHash(of: refs.count - 1))
        }
    }

    /// What putting a filter in force does to the rows
    /// (`ListReducer.putInForce`; the runner does it on its copy, so the UI
    /// thread only takes the rows): those set aside put back at the end
    /// first, unless `narrowing`; then `keep` with the rows `kept` picks
    /// among the rows as they are then.
    public mutating func showOnly(_ kept: (RowTable) -> [Int]?, narrowing: Bool, sort: LocalSort?) {
        var start = count
        // Rows put back get their index with the rows kept (one index made, not two).
        if !narrowing { start = unhideAll(indexed: false).lowerBound }
        keep(kept(self), letBackFrom: start, sort: sort)
    }

    /// Shows only the rows `picked` (ascending), the others set aside
    /// (nil: every row shown); the rows from `start` on (put back by
    /// `unhideAll`) go where they belong — in `sort`'s order, or in the
    /// order they came in. Many rows let back under a sort are put in its
    /// order from the order it keeps, as the rows are kept (`hide(keeping:)`
    /// with the kept rows in that order: the rows moved once, one index
    /// made).
    public mutating func keep(_ picked: [Int]?, letBackFrom start: Int, sort: LocalSort?) {
        var shownBefore = Swift.min(start, count)
        if let picked {
            shownBefore = 0
            while shownBefore < picked.count, picked[shownBefore] < start { shownBefore += 1 }
        }
        let letBack = (picked?.count ?? count) - shownBefore
        if let sort, letBack * Self.keptOrderShare > shownBefore, let (order, unplaced) = ordered(by: sort, among: picked) {
            hide(keeping: order)
            return placeLast(unplaced, by: sort)
        }
        if let picked {
            hide(keeping: picked)
        } else {
            completeIndex()
        }
        let back = Array(shownBefore..<count)
        if let sort {
            if !back.isEmpty { reorder(by: sort, moving: back) }
        } else if picked == nil {
            restoreNaturalOrder()
        } else if !back.isEmpty {
            showInNaturalOrder()
        }
    }

    /// Puts the rows shown in their natural order (rows put back, or a
    /// live refresh's new rows, where they belong), keeping the natural
    /// places (rows are still left out).
    public mutating func showInNaturalOrder() {
        keptOrder = nil
        guard !arrival.isEmpty else { return }
        let order = Self.naturalOrder(arrival)
        guard order.enumerated().contains(where: { $0.offset != Int($0.element) }) else { return }
        reorder(order)
    }
}
