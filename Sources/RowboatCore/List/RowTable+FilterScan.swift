import Foundation
import RowboatSpec

extension RowTable {
    /// Rows from which a filter is split over the processors.
    static let parallelFilterFrom = 65_536

    /// The rows of `candidates` (ascending indices; every row shown is
    /// `indices`, never copied into an array) that meet every condition
    /// of `filter`, read where they lie in the pages; many rows are split
    /// over the processors. `stop`, asked every `stopEvery` candidates,
    /// ends the scan early (what it found so far is partial).
    public func rows<C: RandomAccessCollection<Int> & Sendable>(_ candidates: C, matching filter: RowFilter,
                                                                stop: (@Sendable () -> Bool)? = nil) -> [Int]
    where C.Index == Int {
        guard !filter.isEmpty else { return Array(candidates) }
        // The scan over a type this module knows: a caller's type, from
        // another module (the effect runner's), left its loops unspecialized,
        // protocol witnesses and metadata looked up at every row (10 M rows,
        // `price > x`: 2.04 s before, 0.85 s after).
        let scan = FilterScan(self, filter)
        if let range = candidates as? Range<Int> { return scan.rows(range, stop: stop) }
        return scan.rows(candidates as? [Int] ?? Array(candidates), stop: stop)
    }

    /// The rows that meet `filter` among every row the table holds, those
    /// a filter in force set aside too, numbered as `unhideAll` would put
    /// them: the rows shown (`0..<count`), then the rows set aside, in
    /// order (`count..<count + hiddenCount`). What a wider filter's scan
    /// off the UI thread tests, without putting the rows back in this copy.
    public func rowsWithAside(matching filter: RowFilter, stop: (@Sendable () -> Bool)? = nil) -> [Int] {
        let all = 0..<(count + hiddenCount)
        guard !filter.isEmpty else { return Array(all) }
        return FilterScan(self, filter, aside: hiddenLeft).rows(all, stop: stop)
    }

    /// The places of the rows set aside, those that came back left out
    /// (`unhideAll`'s order; no copy when none came back).
    var hiddenLeft: [UInt64] {
        guard hiddenGone > 0 else { return hidden }
        return [UInt64](unsafeUninitializedCapacity: hiddenCount) { left, made in
            var n = 0
            for place in hidden where place != Self.goneRef {
                left[n] = place
                n += 1
            }
            made = n
        }
    }
}

/// What a filter reads of a table: its pages, the places of its rows (and
/// of the rows set aside, numbered after them, when those are tested too)
/// and the conditions made ready. Valid while the table it was made from
/// is neither changed nor gone (pages never change once written).
private struct FilterScan: @unchecked Sendable {
    let refs: RowRefs
    let aside: [UInt64]
    let pageBytes: [UnsafeBufferPointer<UInt8>]
    let tests: [ConditionTest]
    /// The rows lie page by page as they came (no sort moved them, none
    /// set aside among them): no need to look.
    let inNaturalOrder: Bool

    init(refs: RowRefs, aside: [UInt64], pageBytes: [UnsafeBufferPointer<UInt8>], tests: [ConditionTest]) {
        self.refs = refs
        self.aside = aside
        self.pageBytes = pageBytes
        self.tests = tests
        inNaturalOrder = true
    }

    init(_ table: RowTable, _ filter: RowFilter, aside: [UInt64] = []) {
        refs = table.refs
        self.aside = aside
        inNaturalOrder = table.isInNaturalOrder && aside.isEmpty
        pageBytes = table.pages.map(\.bytes)
        tests = filter.conditions.map { condition in
            let test = ConditionTest(condition, cells: FieldCells(table, field: condition.field,
                                                                  computed: condition.computed))
            if let computed = condition.expression {
                test.whole = RowExpressionTest(computed.expression, shapes: table.shapes.map(\.names), kinds: condition.kinds)
            }
            return test
        }
    }

    /// Row `row`'s place: a row shown, or one set aside after them.
    @inline(__always)
    func place(_ row: Int) -> UInt64 {
        row < refs.count ? refs[row] : aside[row - refs.count]
    }

    /// `candidates` split over the processors; each part in stretches,
    /// asking `stop` between them. Many candidates that do not lie page
    /// by page (rows a sort moved) are tested page by page.
    func rows<C: RandomAccessCollection<Int> & Sendable>(_ candidates: C, stop: (@Sendable () -> Bool)?) -> [Int]
    where C.Index == Int {
        let total = refs.count + aside.count
        // Tested in the order their rows lie, given back in the candidates' order.
        if !inNaturalOrder, let kept = StorageOrder.scanIfMoved(
            candidates, total: total, from: RowTable.parallelFilterFrom, pageCount: pageBytes.count, place: place,
            { places in FilterScan(refs: places, aside: [], pageBytes: pageBytes, tests: tests).rows(0..<places.count, stop: stop) }
        ) {
            return kept
        }
        return RowTable.split(candidates, from: RowTable.parallelFilterFrom) { part, out in
            var found = 0
            var start = part.startIndex
            // In stretches when it may be stopped, asking between them.
            while start < part.endIndex, !(stop?() ?? false) {
                let end = stop == nil ? part.endIndex : Swift.min(part.endIndex, start + RowTable.stopEvery)
                found += rows(part[start..<end], to: out + found)
                start = end
            }
            return found
        }
    }

    /// Writes the rows of `candidates` (those in range) that meet every
    /// condition to `out`; returns how many. The rows' bytes read where
    /// they lie, through buffers (a million rows: no reference counting
    /// per row). One condition at a time over the rows still kept (each
    /// test after the first reads and writes `out` in place): each test
    /// is held once, not retained and released at every row (which, from
    /// every core at once on the same object, was a third of a 10 M row
    /// filter).
    func rows<C: Collection<Int>>(_ candidates: C, to out: UnsafeMutablePointer<Int>) -> Int {
        let total = refs.count + aside.count
        // No test (never asked for: an empty filter keeps its candidates): every row in range.
        guard let first = tests.first else {
            var n = 0
            for row in candidates where row >= 0 && row < total {
                out[n] = row
                n += 1
            }
            return n
        }
        var kept = rows(candidates, passing: first, to: out)
        for test in tests.dropFirst() { kept = rows(UnsafeBufferPointer(start: out, count: kept), passing: test, to: out) }
        return kept
    }

    /// Writes the rows of `candidates` (those in range) that pass `test`
    /// to `out`, in order; returns how many. `out` may be where the
    /// candidates are (each row is written at or before where it was read).
    func rows<C: Collection<Int>>(_ candidates: C, passing test: ConditionTest, to out: UnsafeMutablePointer<Int>) -> Int {
        var scratch: [UInt8] = []
        let total = refs.count + aside.count
        var found = 0
        refs.withUnsafeBufferPointer { refs in
            aside.withUnsafeBufferPointer { aside in
                pageBytes.withUnsafeBufferPointer { pages in
                    // Row `row`'s place: a row shown, or one set aside after them.
                    @inline(__always) func place(_ row: Int) -> UInt64 {
                        row < refs.count ? refs[row] : aside[row - refs.count]
                    }
                    if let whole = test.whole {
                        for row in candidates where row >= 0 && row < total {
                            let (page, at) = RowTable.place(of: place(row))
                            let bytes = pages[page]
                            if whole.keeps(bytes, at: at, shape: RowBytes.shape(bytes, at: at)) {
                                out[found] = row
                                found += 1
                            }
                        }
                        return
                    }
                    let cells = test.cells
                    for row in candidates where row >= 0 && row < total {
                        let (page, at) = RowTable.place(of: place(row))
                        let bytes = pages[page]
                        let shape = RowBytes.shape(bytes, at: at)
                        if cells.withCell(bytes, at: at, shape: shape, { test.test($0, scratch: &scratch) }) {
                            out[found] = row
                            found += 1
                        }
                    }
                }
            }
        }
        return found
    }
}
