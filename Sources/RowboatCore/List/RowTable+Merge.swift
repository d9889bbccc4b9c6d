import Foundation
import RowboatSpec

/// Taking in a part whose rows were written elsewhere (off the UI thread:
/// a streamed load's parts, a stream's events): its pages are adopted,
/// not written again — only the positions and the id index are set — and
/// a row whose id is here already takes its place only when its bytes
/// differ.
extension RowTable {
    /// Adds the rows of `other` after these, as `upsert` would add each
    /// (an id already here replaces its row in place), without writing
    /// them again: `other`'s pages become pages of this table and only
    /// the positions and the id index are set — what the UI thread does
    /// with a streamed part whose rows were written off it. Rows of other
    /// shapes than these are written again, one by one.
    public mutating func append(table other: RowTable) {
        append(table: other, rows: other.indices)
    }

    /// Adds the rows of `other` at positions `order` (each at most once),
    /// in that order, after these, as `append(table:)` adds them; the
    /// rows of `other` left out are not kept (their bytes are garbage, a
    /// page of them alone let go). A row whose id is here already takes
    /// its place only when its bytes differ; `changed` is then told its
    /// id and the fields that changed (both rows read back only then: a
    /// stream's "what changed").
    public mutating func append(table other: RowTable, rows order: some Collection<Int>,
                                changed: ((String, Set<String>) -> Void)? = nil) {
        guard !other.isEmpty, !order.isEmpty else { return }
        ensureHiddenIndex()
        let sameShapes = other.shapes.indices.allSatisfy { $0 >= shapes.count || shapes[$0] == other.shapes[$0] }
        guard sameShapes, pages.count + other.pages.count < Int(UInt32.max) else {
            for row in order { upsert(other[row]) }
            return
        }
        for shape in other.shapes.dropFirst(shapes.count) {
            shapes.append(shape)
            shapeNumbers[shape] = shapes.count - 1
        }
        // A growing index: the part's share of the move, in one pass.
        if indexIsGrowing { moveSlots(Self.moveStep * order.count) }
        let base = pages.count
        pages += other.pages.map { $0.trimmed() }
        pageLive += other.pageLive
        garbage += other.garbage
        if order.count < other.count {
            var taken = [Bool](repeating: false, count: other.count)
            for row in order { taken[row] = true }
            for row in other.indices where !taken[row] {
                let (page, at) = Self.place(of: other.refs[row])
                discard(Self.ref(page: base + page, at: at))
            }
        }
        // A chunk's ids hashed first and their home slots loaded one after
        // another (`touchHomes`): in an index larger than the caches each
        // probe's first load misses, and misses started together overlap.
        // `other`'s pages' bytes taken once (a page read a row would be held a row).
        let otherBytes = other.pages.map(\.bytes)
        var hashes = [UInt64](repeating: 0, count: Self.touchAhead)
        var touched: UInt64 = 0
        var pending = order[...]
        while !pending.isEmpty {
            let chunk = pending.prefix(Self.touchAhead)
            pending = pending.dropFirst(chunk.count)
            var k = 0
            for row in chunk {
                let (page, at) = Self.place(of: other.refs[row])
                hashes[k] = Self.hash(RowBytes.id(otherBytes[page], at: at))
                k += 1
            }
            touched |= hashes.withUnsafeBufferPointer { touchHomes(UnsafeBufferPointer(rebasing: $0[..<k])) }
            k = 0
            for row in chunk {
                let hash = hashes[k]
                k += 1
                let (page, at) = Self.place(of: other.refs[row])
                let ref = Self.ref(page: base + page, at: at)
                let bytes = RowBytes.id(otherBytes[page], at: at)
                if let known = index(ofIDBytes: bytes, hash: hash) {
                    let (oldPage, oldAt) = location(of: known)
                    let length = RowBytes.length(otherBytes[page], at: at, shapes: shapes)
                    if RowBytes.length(oldPage, at: oldAt, shapes: shapes) == length,
                       memcmp(oldPage.baseAddress! + oldAt, otherBytes[page].baseAddress! + at, length) == 0 {
                        // The same row again: nothing changes (its new bytes are garbage).
                        discard(ref)
                        continue
                    }
                    if let changed {
                        let new = other[row]
                        changed(new.id, RowChanges.fields(from: self[known], to: new))
                    }
                    discard(refs[known])
                    refs[known] = ref
                    edited()
                    continue
                }
                refs.append(ref)
                arrived(takingBack: hiddenIndex(ofIDBytes: bytes, hash: hash))
                addToIndex(refs.count - 1, moving: false, hash: hash)
            }
        }
        Self.touchedSlots.store(touched, ordering: .relaxed)
        compactIfWasteful()
    }
}
