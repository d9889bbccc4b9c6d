import Foundation

/// Rows listed page by page, in the order their bytes lie: how a pass
/// that reads every row (a sort's keys, a filter's or a search's tests,
/// the id index made again) walks them. Under a local sort the rows'
/// order is the sort's, and reading them in it is a random walk through
/// the pages: at ten million rows (a gigabyte of pages) most of such a
/// pass went to misses. Made by counting the rows of each page (two passes
/// over the places, no comparison); within a page rows keep the order
/// given.
struct StorageOrder {
    /// Each entry: a row's number (high 32 bits) and its offset in its page
    /// (low 32 bits).
    let entries: [UInt64]
    /// Page `p`'s entries are `entries[starts[p]..<starts[p + 1]]`.
    let starts: [Int]

    /// The order of `places` (entry `k` is row `k`'s place in `pageCount` pages).
    init(_ places: UnsafeBufferPointer<UInt64>, pageCount: Int) {
        self.init(count: places.count, pageCount: pageCount) { places[$0] }
    }

    /// The order of `count` rows, row `k` at `place(k)` in `pageCount` pages.
    init(count: Int, pageCount: Int, place: (Int) -> UInt64) {
        var starts = [Int](repeating: 0, count: pageCount + 1)
        for k in 0..<count { starts[Int(place(k) >> 32) + 1] += 1 }
        for page in 0..<pageCount { starts[page + 1] += starts[page] }
        var next = starts
        var entries = [UInt64](repeating: 0, count: count)
        entries.withUnsafeMutableBufferPointer { entries in
            next.withUnsafeMutableBufferPointer { next in
                for row in 0..<count {
                    let place = place(row)
                    let page = Int(place >> 32)
                    entries[next[page]] = UInt64(row) << 32 | (place & 0xFFFF_FFFF)
                    next[page] += 1
                }
            }
        }
        self.entries = entries
        self.starts = starts
    }

    /// `body(row, page, offset)` for every row, page by page.
    @inline(__always)
    func forEach(_ body: (Int, Int, Int) -> Void) {
        forEach(pages: 0..<(starts.count - 1), body)
    }

    /// The pages split in `parts` runs of about as many rows each.
    func split(_ parts: Int) -> [Range<Int>] {
        let pageCount = starts.count - 1, total = entries.count
        var runs: [Range<Int>] = []
        var first = 0
        for part in 1...parts {
            var end = first
            let wanted = total * part / parts
            while end < pageCount, part == parts || starts[end + 1] <= wanted { end += 1 }
            runs.append(first..<end)
            first = end
        }
        return runs
    }

    /// `body(row, page, offset)` for every row of `pages`, page by page.
    @inline(__always)
    func forEach(pages: Range<Int>, _ body: (Int, Int, Int) -> Void) {
        entries.withUnsafeBufferPointer { entries in
            for page in pages {
                for k in starts[page]..<starts[page + 1] {
                    let entry = entries[k]
                    body(Int(entry >> 32), page, Int(entry & 0xFFFF_FFFF))
                }
            }
        }
    }
}

extension StorageOrder {
    /// The candidates in `0..<total` when they are `threshold` or more and
    /// their rows (at `place`) do not lie page by page: a scan of them goes
    /// page by page (`scan`). Nil: a scan takes them as they are.
    static func moved<C: Collection<Int>>(_ candidates: C, total: Int, from threshold: Int,
                                          place: (Int) -> UInt64) -> [Int]? {
        guard candidates.count >= threshold else { return nil }
        // One pass: every candidate in range (the usual case) is taken as it is.
        var page: UInt64 = 0, inOrder = true
        for row in candidates {
            guard row >= 0 && row < total else { return movedInRange(candidates, total: total, place: place) }
            let p = place(row) >> 32
            if p < page { inOrder = false }
            page = p
        }
        return inOrder ? nil : Array(candidates)
    }

    /// `moved` of candidates some of which are out of range (left out).
    private static func movedInRange<C: Collection<Int>>(_ candidates: C, total: Int,
                                                         place: (Int) -> UInt64) -> [Int]? {
        let inRange = candidates.filter { $0 >= 0 && $0 < total }
        return isInOrder(inRange.lazy.map(place)) ? nil : inRange
    }

    /// True when `places` lie page by page (no row before one of an
    /// earlier page).
    @inline(__always)
    static func isInOrder(_ places: some Sequence<UInt64>) -> Bool {
        var page: UInt64 = 0
        for place in places {
            let p = place >> 32
            if p < page { return false }
            page = p
        }
        return true
    }

    /// The candidates a scan keeps, the scan made page by page: `scan` is
    /// given the candidates' places in the order they lie (its row `i` the
    /// `i`-th place) and returns the rows it keeps, ascending; they come
    /// back as the candidates they are, in the candidates' order. What a
    /// filter or a search of many rows a sort moved does.
    static func scan(_ candidates: [Int], pageCount: Int, place: @Sendable (Int) -> UInt64,
                     _ scan: (RowRefs) -> [Int]) -> [Int] {
        let (places, which) = pageRuns(candidates, pageCount: pageCount, place: place)
        let found = scan(places)
        var kept = [Bool](repeating: false, count: candidates.count)
        which.withUnsafeBufferPointer { which in
            kept.withUnsafeMutableBufferPointer { kept in
                for position in found { kept[Int(which[position])] = true }
            }
        }
        return [Int](unsafeUninitializedCapacity: found.count) { rows, made in
            var n = 0
            for k in candidates.indices where kept[k] {
                rows[n] = candidates[k]
                n += 1
            }
            made = n
        }
    }

    /// Candidates from which `pageRuns` is split over the processors.
    static let parallelFrom = 65_536

    /// The candidates' places in page order, with which candidate each
    /// is: counted by page, then each written where its page's run is —
    /// one pass, no order kept aside. Many candidates are split over the
    /// processors: each part's rows of a page go after the earlier parts'.
    static func pageRuns(_ candidates: [Int], pageCount: Int,
                         place: @Sendable (Int) -> UInt64) -> (RowRefs, [Int32]) {
        let count = candidates.count, parts = Cores.parts(for: count, from: parallelFrom)
        let width = pageCount + 1
        // Part p's count of page g at p * width + g + 1, then where its next row of page g goes.
        var next = [Int](repeating: 0, count: parts * width)
        var which = [Int32](repeating: 0, count: count)
        let places = next.withUnsafeMutableBufferPointer { next in
            which.withUnsafeMutableBufferPointer { which in
                RowRefs(count: count) { places in
                    let runs = PageRunParts(next: next, which: which, places: places, candidates: candidates)
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let base = part * width
                        for k in Cores.stretch(part, of: parts, in: count) {
                            runs.next[base + Int(place(runs.candidates[k]) >> 32) + 1] += 1
                        }
                    }
                    var start = 0
                    for page in 0..<pageCount {
                        for part in 0..<parts {
                            let rows = next[part * width + page + 1]
                            next[part * width + page] = start
                            start += rows
                        }
                    }
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let base = part * width
                        for k in Cores.stretch(part, of: parts, in: count) {
                            let at = place(runs.candidates[k])
                            let slot = base + Int(at >> 32)
                            let to = runs.next[slot]
                            runs.places[to] = at
                            runs.which[to] = Int32(k)
                            runs.next[slot] = to + 1
                        }
                    }
                }
            }
        }
        return (places, which)
    }
}

/// What the parts of `StorageOrder.pageRuns` share: each writes only its
/// own counts and its own places in each page's run.
private struct PageRunParts: @unchecked Sendable {
    let next: UnsafeMutableBufferPointer<Int>
    let which: UnsafeMutableBufferPointer<Int32>
    let places: UnsafeMutableBufferPointer<UInt64>
    let candidates: [Int]
}
