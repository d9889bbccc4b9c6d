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
        if candidates.count >= Self.parallelSearchFrom, !isInNaturalOrder,
           !StorageOrder.isInOrder(candidates.lazy.filter { $0 >= 0 && $0 < self.count }.map { self.refs[$0] }) {
            let inRange = candidates.filter { $0 >= 0 && $0 < count }
            return StorageOrder.scan(inRange, pageCount: pages.count, place: { refs[$0] }) { places in
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
        split(candidates, from: parallelSearchFrom) { part in
            guard let stop else { return scan.rows(part) }
            // In stretches, asking between them.
            var found: [Int] = []
            found.reserveCapacity(part.count)
            var start = part.startIndex
            while start < part.endIndex, !stop() {
                let end = Swift.min(part.endIndex, start + Self.stopEvery)
                scan.rows(part[start..<end], into: &found)
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
    /// scanned on its own thread and the results joined in order.
    static func split<C: RandomAccessCollection & Sendable>(_ candidates: C, from threshold: Int,
                                                            _ scan: @Sendable (C.SubSequence) -> [Int]) -> [Int]
    where C.Element == Int, C.Index == Int {
        let parts = candidates.count >= threshold ? Swift.min(8, ProcessInfo.processInfo.activeProcessorCount) : 1
        guard parts > 1 else { return scan(candidates[...]) }
        let results = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: parts)
        results.initialize(repeating: [])
        defer { results.deallocate() }
        let box = ResultParts(results)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let start = candidates.startIndex + candidates.count * part / parts
            let end = candidates.startIndex + candidates.count * (part + 1) / parts
            box.parts[part] = scan(candidates[start..<end])
        }
        // One copy of each part into an array made to size (not grown by doublings, element by element).
        var found: [Int] = []
        found.reserveCapacity(results.reduce(0) { $0 + $1.count })
        for part in results { found.append(contentsOf: part) }
        _ = results.deinitialize()
        return found
    }
}

/// One slot per part of a split scan, each written by its own thread.
private struct ResultParts: @unchecked Sendable {
    let parts: UnsafeMutableBufferPointer<[Int]>
    init(_ parts: UnsafeMutableBufferPointer<[Int]>) { self.parts = parts }
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

    func rows<C: Collection>(_ candidates: C) -> [Int] where C.Element == Int {
        var found: [Int] = []
        // Room for every candidate at once (pages not written are not taken): no doublings copied.
        found.reserveCapacity(candidates.count)
        rows(candidates, into: &found)
        return found
    }

    /// The rows of `candidates` that hold the needle, added to `found`.
    func rows<C: Collection>(_ candidates: C, into found: inout [Int]) where C.Element == Int {
        searched.withUnsafeBufferPointer { searched in
            starts.withUnsafeBufferPointer { starts in
                refs.withUnsafeBufferPointer { refs in
                    for row in candidates where row >= 0 && row < refs.count {
                        let (page, at) = RowTable.place(of: refs[row])
                        if RowBytes.contains(needle, pageBytes[page], at: at, searched: searched, shapeStarts: starts) {
                            found.append(row)
                        }
                    }
                }
            }
        }
    }
}
