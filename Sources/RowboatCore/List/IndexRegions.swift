import CPrefetch
import Foundation

/// An index made from another's entries (and from fingerprints of rows
/// without entries) on every core at once: each part takes the entries
/// whose home lies in its own stretch of the new slots, so no two parts
/// write the same slot. An entry whose probe would run past its part's
/// stretch is held back and put after the parts are done (a linear
/// probing index is whole in any order of insertion). How `keptIndex`
/// moves ten million entries: each part reads every old slot in order,
/// and only its own entries' new rows at random (asked for ahead).
struct IndexRegions: @unchecked Sendable {
    /// The new slots.
    let new: SlotBuffer
    /// The old index's slots; its values plus `shift` are rows.
    let old: SlotBuffer
    let shift: Int
    /// Fingerprints of the rows from `unindexedFrom` on, which have no entry in `old`.
    let unindexed: UnsafeBufferPointer<UInt32>
    let unindexedFrom: Int
    /// Each row's new place: `i` when kept, `~j` for the `j`-th row left out.
    let newRow: UnsafeBufferPointer<Int32>
    /// Where the fingerprint of the `j`-th row left out goes.
    let left: UnsafeMutableBufferPointer<UInt32>

    /// Old slots ahead whose rows' new places a part asks for.
    static let ahead = 16

    /// Moves every entry, in `parts` parts at once.
    func run(parts: Int) {
        let held = UnsafeMutableBufferPointer<[UInt64]>.allocate(capacity: parts)
        held.initialize(repeating: [])
        defer { held.deinitialize().deallocate() }
        let out = HeldEntries(held: held)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            out.held[part] = move(Cores.stretch(part, of: parts, in: new.count))
        }
        for entries in held { for entry in entries { new.put(entry) } }
    }

    /// The entries whose home is in `stretch` put there; returns those
    /// whose probe ran past its end.
    func move(_ stretch: Range<Int>) -> [UInt64] {
        var held: [UInt64] = []
        let mask = new.mask, slots = new.base.unsafelyUnwrapped
        @inline(__always) func ours(_ print: UInt32) -> Bool { stretch.contains(Int(print) & mask) }
        @inline(__always) func place(_ row: Int, _ print: UInt32) {
            let to = newRow[row]
            guard to >= 0 else {
                left[Int(~to)] = print
                return
            }
            let entry = SlotBuffer.entry(to, fingerprint: print)
            var slot = Int(print) & mask
            while slots[slot] != 0 {
                slot += 1
                if slot == stretch.upperBound {
                    held.append(entry)
                    return
                }
            }
            slots[slot] = entry
        }
        let rows = newRow.baseAddress.unsafelyUnwrapped
        for slot in old.indices where !old.isEmpty(slot) {
            let ahead = slot + Self.ahead
            if ahead < old.count, !old.isEmpty(ahead), ours(old.fingerprint(ahead)) {
                rb_prefetch(rows + (Int(old[ahead]) + shift))
            }
            let print = old.fingerprint(slot)
            if ours(print) { place(Int(old[slot]) + shift, print) }
        }
        // The new slots are written at random: each asked for ahead.
        for k in unindexed.indices {
            if k + Self.ahead < unindexed.count, case let next = unindexed[k + Self.ahead], ours(next) {
                rb_prefetch_write(slots + (Int(next) & mask))
            }
            let print = unindexed[k]
            if ours(print) { place(unindexedFrom + k, print) }
        }
        return held
    }
}

/// Where each part of `IndexRegions.run` leaves the entries it held back.
private struct HeldEntries: @unchecked Sendable {
    let held: UnsafeMutableBufferPointer<[UInt64]>
}
