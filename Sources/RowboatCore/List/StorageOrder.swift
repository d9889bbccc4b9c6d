import Foundation

/// Rows listed page by page, in the order their bytes lie: how a pass
/// that reads every row (a sort's keys, a filter's or a search's tests,
/// the id index made again) walks them. Under a local sort the rows'
/// order is the sort's, and reading them in it is a random walk through
/// the pages: at ten million rows (a gigabyte of pages) most of such a
/// pass went to misses. Made by counting the rows of each page, then
/// writing each place where its page's run is (no comparison); many rows
/// are split over the processors, each part's rows of a page after the
/// earlier parts'. Within a page rows keep the order given.
struct StorageOrder {
    /// The rows' places (page in the high 32 bits, offset in the low), page by page.
    let places: RowRefs
    /// Which row each place is.
    let rows: [Int32]
    /// Page `p`'s places are `places[starts[p]..<starts[p + 1]]`.
    let starts: [Int]

    /// Rows from which the order is made on every processor.
    static let parallelFrom = 65_536

    /// The order of `places` (entry `k` is row `k`'s place in `pageCount` pages).
    init(_ places: UnsafeBufferPointer<UInt64>, pageCount: Int) {
        let given = GivenPlaces(places: places)
        self.init(count: places.count, pageCount: pageCount) { given.places[$0] }
    }

    /// The order of `count` rows, row `k` at `place(k)` in `pageCount` pages.
    init(count: Int, pageCount: Int, place: @Sendable (Int) -> UInt64) {
        let parts = Cores.parts(for: count, from: Self.parallelFrom)
        let width = pageCount + 1
        // Part p's count of page g at p * width + g + 1, then where its next row of page g goes.
        var next = [Int](repeating: 0, count: parts * width)
        var rows = [Int32](repeating: 0, count: count)
        var starts = [Int](repeating: 0, count: width)
        places = next.withUnsafeMutableBufferPointer { next in
            rows.withUnsafeMutableBufferPointer { rows in
                RowRefs(count: count) { places in
                    let runs = PageRunParts(next: next, rows: rows, places: places)
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let base = part * width
                        for k in Cores.stretch(part, of: parts, in: count) {
                            runs.next[base + Int(place(k) >> 32) + 1] += 1
                        }
                    }
                    var start = 0
                    for page in 0..<pageCount {
                        starts[page] = start
                        for part in 0..<parts {
                            let counted = next[part * width + page + 1]
                            next[part * width + page] = start
                            start += counted
                        }
                    }
                    starts[pageCount] = start
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let base = part * width
                        for k in Cores.stretch(part, of: parts, in: count) {
                            let at = place(k)
                            let slot = base + Int(at >> 32)
                            let to = runs.next[slot]
                            runs.places[to] = at
                            runs.rows[to] = Int32(k)
                            runs.next[slot] = to + 1
                        }
                    }
                }
            }
        }
        self.rows = rows
        self.starts = starts
    }

    /// `body(row, page, offset)` for every row, page by page.
    @inline(__always)
    func forEach(_ body: (Int, Int, Int) -> Void) {
        forEach(pages: 0..<(starts.count - 1), body)
    }

    /// The pages split in `parts` runs of about as many rows each.
    func split(_ parts: Int) -> [Range<Int>] {
        let pageCount = starts.count - 1, total = rows.count
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
        places.withUnsafeBufferPointer { places in
            rows.withUnsafeBufferPointer { rows in
                for page in pages {
                    for k in starts[page]..<starts[page + 1] {
                        body(Int(rows[k]), page, Int(places[k] & 0xFFFF_FFFF))
                    }
                }
            }
        }
    }
}

/// What the parts making a `StorageOrder` share: each writes only its own
/// counts and its own places in each page's run.
private struct PageRunParts: @unchecked Sendable {
    let next: UnsafeMutableBufferPointer<Int>
    let rows: UnsafeMutableBufferPointer<Int32>
    let places: UnsafeMutableBufferPointer<UInt64>
}

/// Places given as a buffer, read from every processor while the order is made.
private struct GivenPlaces: @unchecked Sendable {
    let places: UnsafeBufferPointer<UInt64>
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
        let given = GivenCandidates(candidates: candidates)
        let order = StorageOrder(count: candidates.count, pageCount: pageCount) { place(given.candidates[$0]) }
        let found = scan(order.places)
        var kept = [Bool](repeating: false, count: candidates.count)
        order.rows.withUnsafeBufferPointer { which in
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
}

/// The candidates of a scan, read from every processor while their order is made.
private struct GivenCandidates: @unchecked Sendable {
    let candidates: [Int]
}
