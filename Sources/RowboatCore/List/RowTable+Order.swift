import Foundation
import RowboatSpec

/// The order of a table's rows: a local sort puts them in another order
/// (only their places move: 8 bytes a row, never the rows' bytes), a live
/// refresh puts new rows at the top, and the natural order — the order
/// they came in — can be had back after a sort.
extension RowTable {
    /// True when the rows are in the order they came in (no sort moved them).
    public var isInNaturalOrder: Bool { arrival.isEmpty }

    /// Puts the rows in `order`: `order[i]` is the index of the row that
    /// goes to place `i` (every row once). The rows' natural order is kept
    /// aside (`restoreNaturalOrder`). The id index follows without hashing
    /// an id again.
    public mutating func reorder(_ order: [Int32]) {
        precondition(order.count == refs.count, "an order names every row once")
        guard !order.isEmpty else { return }
        if arrival.isEmpty {
            arrival = Array(0..<Int32(refs.count))
            nextArrival = Int32(refs.count)
            topArrival = -1
        }
        arrival = order.map { arrival[Int($0)] }
        permute(order)
    }

    /// Moves the rows from `start` to the end (just added) to place
    /// `place` (the top), in their order, as rows of the natural order (a
    /// live refresh's new rows). While the rows are sorted they stay where
    /// they are, for the sort to place them; only their natural place is
    /// set (before every other row).
    public mutating func moveToTop(from start: Int, at place: Int = 0) {
        guard start < refs.count, start >= 0 else { return }
        if !arrival.isEmpty {
            for at in (start..<refs.count).reversed() {
                arrival[at] = topArrival
                topArrival &-= 1
            }
            return
        }
        let place = Swift.min(Swift.max(0, place), start)
        guard place < start else { return }
        if place == 0 {
            prepend(from: start)
            return
        }
        var order: [Int32] = []
        order.reserveCapacity(refs.count)
        order += (0..<place).lazy.map { Int32($0) }
        order += (start..<refs.count).lazy.map { Int32($0) }
        order += (place..<start).lazy.map { Int32($0) }
        permute(order)
    }

    /// Puts the rows back in their natural order after a sort.
    public mutating func restoreNaturalOrder() {
        keptOrder = nil
        guard !arrival.isEmpty else { return }
        // Rows a filter left out keep their natural places, and so do these.
        guard hiddenCount == 0 else { return showInNaturalOrder() }
        let order = Self.naturalOrder(arrival)
        arrival = []
        permute(order)
    }

    /// Keeps the `count` rows that came first (in the natural order),
    /// shown or set aside by a filter, and drops the others: how a page
    /// added at the end is taken back off (a cached page that its network
    /// answer replaces), whatever order a local sort put the rows in and
    /// whichever rows a local filter left out. Without either, the same
    /// as `truncate(to:)`.
    public mutating func keepFirstArrived(_ count: Int) {
        guard !arrival.isEmpty || hiddenCount > 0 else { return truncate(to: count) }
        guard count < refs.count + hiddenCount else { return }
        keepNaturalPlaces()
        var places = arrival
        places.reserveCapacity(refs.count + hiddenCount)
        for k in hidden.indices where hidden[k] != Self.goneRef { places.append(hiddenArrival[k]) }
        let cut = Self.place(after: Swift.max(0, count), of: places)
        edited()
        // The kept rows' index from the index's entries (no row read), before the positions change.
        let index = keptIndex(refs.indices.filter { arrival[$0] < cut }).index
        var keptRefs: [UInt64] = [], keptArrival: [Int32] = []
        keptRefs.reserveCapacity(Swift.min(count, refs.count))
        keptArrival.reserveCapacity(Swift.min(count, refs.count))
        for row in refs.indices {
            if arrival[row] < cut {
                keptRefs.append(refs[row])
                keptArrival.append(arrival[row])
            } else {
                discard(refs[row])
            }
        }
        refs = RowRefs(keptRefs)
        arrival = keptArrival
        for k in hidden.indices where hidden[k] != Self.goneRef && hiddenArrival[k] >= cut {
            discard(hidden[k])
            _ = takeBack(k)
        }
        replaceIndex(with: index)
        compactIfWasteful()
    }

    /// The natural place of the row that comes after the first `count` of
    /// `places` (each different) in their order: `Int32.max` when there
    /// are no more. Counted by value in one pass when the places are not
    /// spread much wider than the rows, else sorted.
    static func place(after count: Int, of places: [Int32]) -> Int32 {
        guard count < places.count, let low = places.min(), let high = places.max() else { return .max }
        let span = Int(high) - Int(low) + 1
        guard span <= 4 * places.count + 1024 else { return places.sorted()[count] }
        var present = [Bool](repeating: false, count: span)
        for place in places { present[Int(place) - Int(low)] = true }
        var seen = 0
        for offset in present.indices where present[offset] {
            if seen == count { return Int32(Int(low) + offset) }
            seen += 1
        }
        return .max
    }

    /// The places that put rows with natural places `arrival` (each
    /// different) back in that order: placed by value in one pass when
    /// the values are not spread much wider than the rows (they never are
    /// but after many removals), else sorted.
    static func naturalOrder(_ arrival: [Int32]) -> [Int32] {
        guard let low = arrival.min(), let high = arrival.max() else { return [] }
        let span = Int(high) - Int(low) + 1
        guard span <= 4 * arrival.count + 1024 else {
            return arrival.indices.sorted { arrival[$0] < arrival[$1] }.map { Int32($0) }
        }
        var slots = [Int32](repeating: -1, count: span)
        for (row, place) in arrival.enumerated() { slots[Int(place) - Int(low)] = Int32(row) }
        var order: [Int32] = []
        order.reserveCapacity(arrival.count)
        for row in slots where row >= 0 { order.append(row) }
        return order
    }

    /// Moves the rows from `start` to the end to the top, in their order:
    /// their positions go to the room at the front of `refs`, the other
    /// rows' slots stay as they are (`slotShift` grows by the rows moved)
    /// and only the moved rows' slots are found and set — a live tick's few
    /// new rows cost the same on a list of any length.
    mutating func prepend(from start: Int) {
        let k = refs.count - start
        guard k > 0, start > 0 else { return }
        edited()
        finishGrowing()
        refs.moveLastToFront(k)
        guard Int(slotShift) + k < Int(Int32.max / 2) else {
            // After a very long run of ticks: the index made again, once.
            rebuildIndex()
            return
        }
        let oldShift = slotShift
        slotShift += Int32(k)
        let shift = slotShift
        for j in 0..<k {
            // Row `start + j` (its value under the old shift) is row `j` now.
            let was = Int32(start + j) - oldShift
            let hash = idHash(of: j)
            slots.withMutableSlots { slots in
                var slot = slots.home(hash)
                while slots[slot] != was { slot = (slot + 1) & slots.mask }
                slots.setValue(slot, Int32(j) - shift)
            }
        }
    }

    /// Rows from which `permute` moves them on several processors.
    static let parallelPermuteFrom = 65_536

    /// The rows' places in `order`; the id index remapped in one pass.
    /// Many rows are moved, and the index's slots remapped, in parts on
    /// the processors (each part writes places of its own: `order` names
    /// every row once).
    mutating func permute(_ order: [Int32]) {
        edited()
        finishGrowing()
        let count = refs.count
        let parts = Cores.parts(for: count, from: Self.parallelPermuteFrom)
        // Every element is written below, once.
        var inverse = [Int32](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        let old = refs.withUnsafeBufferPointer { Array($0) }
        refs.withUnsafeMutableBufferPointer { refs in
            inverse.withUnsafeMutableBufferPointer { inverse in
                order.withUnsafeBufferPointer { order in
                    old.withUnsafeBufferPointer { old in
                        let moves = PermuteParts(refs: refs, inverse: inverse, order: order, old: old)
                        DispatchQueue.concurrentPerform(iterations: parts) { part in
                            for place in Cores.stretch(part, of: parts, in: count) {
                                let row = Int(moves.order[place])
                                moves.refs[place] = moves.old[row]
                                moves.inverse[row] = Int32(place)
                            }
                        }
                    }
                }
            }
        }
        let shift = Int(slotShift)
        inverse.withUnsafeBufferPointer { inverse in
            slots.withMutableSlots { slots in
                let remap = SlotRemap(slots: slots, inverse: inverse)
                let total = slots.count
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    for s in Cores.stretch(part, of: parts, in: total) where !remap.slots.isEmpty(s) {
                        remap.slots.setValue(s, remap.inverse[Int(remap.slots[s]) + shift])
                    }
                }
            }
        }
        slotShift = 0
    }

    /// What `update` did to a row.
    public enum Update: Sendable, Equatable {
        /// Added at the end, at this index.
        case added(Int)
        /// Its row had other content and was written again in place.
        case changed(Int)
        /// Its row was the same already: nothing was written.
        case same(Int)
        /// Its row is set aside by a filter and was the same: nothing was
        /// written. (A row set aside that differs comes back at the end,
        /// `changed`, its natural place kept.)
        case setAside
    }

    /// Adds `row`, or replaces the row with its id when its content
    /// differs (a row that comes back the same writes nothing: no garbage
    /// in the pages for a server that sends the same page again).
    @discardableResult
    public mutating func update(_ row: RowModel) -> Update {
        ensureHiddenIndex()
        guard let at = index(ofID: row.id) else {
            if let k = hiddenIndex(ofID: row.id) {
                // Set aside by a filter: the same stays aside, a changed one comes back.
                return sameBytes(row, ref: hidden[k]) ? .setAside : .changed(upsert(row))
            }
            return .added(upsert(row))
        }
        if sameBytes(row, ref: refs[at]) { return .same(at) }
        upsert(row)
        return .changed(at)
    }

    /// `update(_:)`, saying which fields of a changed row changed (the row
    /// before is read only when its bytes differ).
    public mutating func updateNotingFields(_ row: RowModel) -> (update: Update, fields: Set<String>) {
        ensureHiddenIndex()
        guard let at = index(ofID: row.id), !sameBytes(row, ref: refs[at]) else { return (update(row), []) }
        let old = self[at]
        upsert(row)
        return (.changed(at), RowChanges.fields(from: old, to: row))
    }

    /// True when `row` written would be the bytes at `ref`.
    mutating func sameBytes(_ row: RowModel, ref: UInt64) -> Bool {
        let shape = shapeNumber(of: row)
        scratch.removeAll(keepingCapacity: true)
        RowBytes.write(row, shape: shape, searchable: shapes[shape].searchable, into: &scratch)
        let (pageNumber, start) = Self.place(of: ref)
        let page = pages[pageNumber].bytes
        let length = RowBytes.length(page, at: start, shapes: shapes)
        return length == scratch.count && scratch.withUnsafeBufferPointer { new in
            UnsafeBufferPointer(rebasing: page[start..<(start + length)]).elementsEqual(new)
        }
    }
}

/// What the parts of a `permute` share: each writes the places of its
/// own stretch of `order`, and the inverse at the rows they name.
private struct PermuteParts: @unchecked Sendable {
    let refs: UnsafeMutableBufferPointer<UInt64>
    let inverse: UnsafeMutableBufferPointer<Int32>
    let order: UnsafeBufferPointer<Int32>
    let old: UnsafeBufferPointer<UInt64>
}

/// The index's slots as `permute`'s parts remap them, each its own
/// stretch of slots.
private struct SlotRemap: @unchecked Sendable {
    let slots: SlotBuffer
    let inverse: UnsafeBufferPointer<Int32>
}
