import Foundation
import RowboatSpec

extension RowTable {
    /// Candidates from which a search is split over the processors.
    static let parallelSearchFrom = 65_536

    /// The rows of `candidates` (indices past the end are skipped) whose
    /// title, subtitle or searched text field contains `needle`, in the
    /// order given: the text is searched where it lies in the pages,
    /// without making rows; many candidates are split over the processors.
    /// `fields`: the text fields searched (those shown); nil: every one
    /// the detail shows.
    /// `stop`, asked every `stopEvery` candidates, ends the scan early.
    func rows<C: RandomAccessCollection & Sendable>(_ candidates: C, containing needle: SearchNeedle,
                                                    fields: Set<String>? = nil,
                                                    stop: (@Sendable () -> Bool)? = nil) -> [Int]
    where C.Element == Int, C.Index == Int {
        guard !needle.isEmpty else {
            // Every row matches: a range of rows at once (a million at `/`), not one by one.
            if let range = candidates as? Range<Int> { return Array(range.clamped(to: 0..<count)) }
            return candidates.filter(indices.contains)
        }
        let scan = RowScan(self, needle, fields: fields)
        // Many rows a sort moved: searched in the order they lie in the pages.
        if !isInNaturalOrder, let moved = StorageOrder.moved(candidates, total: count, from: Self.parallelSearchFrom,
                                                              place: { refs[$0] }) {
            return StorageOrder.scan(moved, pageCount: pages.count, place: { refs[$0] }) { places in
                Self.scan(scan.with(refs: places), 0..<places.count, stop: stop)
            }
        }
        return Self.scan(scan, candidates, stop: stop)
    }

    /// `scan` of `candidates` split over the processors; with `stop`, in
    /// stretches, asking between them.
    private static func scan<C: RandomAccessCollection & Sendable>(_ scan: RowScan, _ candidates: C,
                                                                   stop: (@Sendable () -> Bool)?) -> [Int]
    where C.Element == Int, C.Index == Int {
        split(candidates, from: parallelSearchFrom) { part, out in
            guard let stop else { return scan.rows(part, to: out) }
            // In stretches, asking between them.
            var found = 0
            var start = part.startIndex
            while start < part.endIndex, !stop() {
                let end = Swift.min(part.endIndex, start + Self.stopEvery)
                found += scan.rows(part[start..<end], to: out + found)
                start = end
            }
            return found
        }
    }

    /// How many candidates a stoppable search looks at between asking
    /// whether to stop (about a millisecond of rows).
    static let stopEvery = 32_768

    /// `scan` of `candidates`, in their order: from `threshold` candidates
    /// on, split in parts over the processors (at most 8), each part
    /// scanned on its own thread. Each part writes the rows it keeps
    /// (`scan` returns how many) straight into the answer, at the place of
    /// its first candidate; the parts are then moved together. (Joined
    /// from arrays of their own, the first key of a search of ten million
    /// rows copied 72 MB into new pages on one thread after both: 40 ms.)
    static func split<C: RandomAccessCollection & Sendable>(
        _ candidates: C, from threshold: Int, _ scan: @Sendable (C.SubSequence, UnsafeMutablePointer<Int>) -> Int
    ) -> [Int] where C.Element == Int, C.Index == Int {
        let parts = Cores.parts(for: candidates.count, from: threshold)
        return [Int](unsafeUninitializedCapacity: Swift.max(1, candidates.count)) { buffer, initialized in
            let out = PartOutput(base: buffer.baseAddress!, counts: .allocate(capacity: parts))
            defer { out.counts.deallocate() }
            let total = candidates.count
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let stretch = Cores.stretch(part, of: parts, in: total)
                let from = candidates.startIndex + stretch.lowerBound, to = candidates.startIndex + stretch.upperBound
                out.counts[part] = scan(candidates[from..<to], out.base + stretch.lowerBound)
            }
            var filled = out.counts[0]
            for part in 1..<parts {
                let count = out.counts[part]
                let start = Cores.stretch(part, of: parts, in: total).lowerBound
                if filled != start, count > 0 {
                    memmove(out.base + filled, out.base + start, count * MemoryLayout<Int>.stride)
                }
                filled += count
            }
            initialized = filled
        }
    }
}

/// Where the parts of a split scan write: each its own range of `base`,
/// and its count.
private struct PartOutput: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int>
    let counts: UnsafeMutablePointer<Int>
}

/// What a search reads of a table: its pages' bytes and which fields of
/// each shape are searched. Valid while the table it was made from is
/// neither changed nor gone (pages never change once written).
private struct RowScan: @unchecked Sendable {
    let refs: RowRefs
    let pageBytes: [UnsafeBufferPointer<UInt8>]
    let searched: [Bool]
    let starts: [Int]
    let needle: SearchNeedle

    /// This scan of the rows at `refs` instead.
    func with(refs: RowRefs) -> RowScan {
        RowScan(refs: refs, pageBytes: pageBytes, searched: searched, starts: starts, needle: needle)
    }

    private init(refs: RowRefs, pageBytes: [UnsafeBufferPointer<UInt8>], searched: [Bool], starts: [Int],
                 needle: SearchNeedle) {
        self.refs = refs
        self.pageBytes = pageBytes
        self.searched = searched
        self.starts = starts
        self.needle = needle
    }

    init(_ table: RowTable, _ needle: SearchNeedle, fields: Set<String>?) {
        var searched: [Bool] = [], starts: [Int] = []
        for shape in table.shapes {
            starts.append(searched.count)
            searched += fields.map { fields in shape.names.map(fields.contains) } ?? shape.searchable
        }
        self.refs = table.refs
        self.pageBytes = table.pages.map(\.bytes)
        self.searched = searched
        self.starts = starts
        self.needle = needle
    }

    /// The rows of `candidates` that hold the needle, written from `out`
    /// on; returns how many (at most one a candidate).
    func rows<C: Collection>(_ candidates: C, to out: UnsafeMutablePointer<Int>) -> Int where C.Element == Int {
        var found = 0
        needle.withBytes { needle in
            searched.withUnsafeBufferPointer { searched in
                starts.withUnsafeBufferPointer { starts in
                    refs.withUnsafeBufferPointer { refs in
                        for row in candidates where row >= 0 && row < refs.count {
                            let (page, at) = RowTable.place(of: refs[row])
                            if RowBytes.contains(needle, pageBytes[page], at: at, searched: searched,
                                                 shapeStarts: starts) {
                                out[found] = row
                                found += 1
                            }
                        }
                    }
                }
            }
        }
        return found
    }
}
