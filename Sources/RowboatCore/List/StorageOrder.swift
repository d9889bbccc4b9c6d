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
        let inRange = candidates.lazy.filter { $0 >= 0 && $0 < total }
        guard candidates.count >= threshold, !isInOrder(inRange.map(place)) else { return nil }
        return Array(inRange)
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
    static func scan(_ candidates: [Int], pageCount: Int, place: (Int) -> UInt64,
                     _ scan: (RowRefs) -> [Int]) -> [Int] {
        let order = StorageOrder(count: candidates.count, pageCount: pageCount) { place(candidates[$0]) }
        var places: [UInt64] = [], which: [Int32] = []
        places.reserveCapacity(candidates.count)
        which.reserveCapacity(candidates.count)
        order.forEach { k, page, at in
            places.append(UInt64(page) << 32 | UInt64(at))
            which.append(Int32(k))
        }
        let found = scan(RowRefs(places))
        var kept = [Bool](repeating: false, count: candidates.count)
        for position in found { kept[Int(which[position])] = true }
        var rows: [Int] = []
        rows.reserveCapacity(found.count)
        for k in candidates.indices where kept[k] { rows.append(candidates[k]) }
        return rows
    }
}
