import Foundation

/// Rows listed in the order their bytes lie: page by page, and within a
/// page by offset. How a pass that reads every row (a sort's keys, a
/// filter's or a search's tests, the id index made again) walks them.
/// Under a local sort the rows' order is the sort's, and reading them in
/// it is a random walk through the pages: at ten million rows (a
/// gigabyte of pages) most of such a pass went to misses; read page by
/// page but in the sort's order within each (a megabyte), a filter's scan
/// still took half as long again as in the order the rows came. Made by
/// counting the rows of each page, then writing each row (its offset and
/// number in one word) where its page's run is (no comparison); many rows
/// are split over the processors, each part's rows of a page after the
/// earlier parts'. Each page's run, a cache's worth, is then put in order
/// by offset (`settle`), unless it is in order already.
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
        var rows = [Int32](unsafeUninitializedCapacity: count) { _, made in made = count }
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
                    // Each row as its offset over its number (one word written, not two).
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let base = part * width
                        for k in Cores.stretch(part, of: parts, in: count) {
                            let at = place(k)
                            let slot = base + Int(at >> 32)
                            let to = runs.next[slot]
                            runs.places[to] = at << 32 | UInt64(k)
                            runs.next[slot] = to + 1
                        }
                    }
                    let runStarts = starts, pageRuns = Self.split(parts, starts: starts)
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        Self.settle(pages: pageRuns[part], starts: runStarts, runs)
                    }
                }
            }
        }
        self.rows = rows
        self.starts = starts
    }

    /// The pages split in `parts` runs of about as many rows each.
    func split(_ parts: Int) -> [Range<Int>] { Self.split(parts, starts: starts) }

    /// Pages whose runs begin at `starts` split in `parts` runs of about as many rows each.
    static func split(_ parts: Int, starts: [Int]) -> [Range<Int>] {
        let pageCount = starts.count - 1, total = starts[pageCount]
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

    /// Bits of an offset dealt at a time when a page's run is put in order.
    static let digitBits = 10

    /// Puts the run of each of `pages` (its rows as offset over number)
    /// in order by offset, the rows of one offset in the order they came,
    /// and writes each row's place and number where the run was.
    static func settle(pages: Range<Int>, starts: [Int], _ runs: PageRunParts) {
        let longest = pages.map { starts[$0 + 1] - starts[$0] }.max() ?? 0
        let scratch = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Swift.max(1, longest))
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1 << digitBits)
        defer {
            scratch.deallocate()
            counts.deallocate()
        }
        for page in pages {
            let run = UnsafeMutableBufferPointer(rebasing: runs.places[starts[page]..<starts[page + 1]])
            var sorted = run
            var previous: UInt64 = 0, highest: UInt64 = 0, inOrder = true
            for word in run {
                if word < previous { inOrder = false }
                previous = word
                highest |= word
            }
            if !inOrder {
                var from = run, to = UnsafeMutableBufferPointer(rebasing: scratch[0..<run.count])
                var shift = 32
                let mask = UInt64(1 << digitBits - 1)
                while shift < 64, highest >> shift != 0 {
                    counts.update(repeating: 0)
                    for word in from { counts[Int((word >> shift) & mask)] += 1 }
                    var total = 0
                    for digit in counts.indices {
                        let counted = counts[digit]
                        counts[digit] = total
                        total += counted
                    }
                    for word in from {
                        let digit = Int((word >> shift) & mask)
                        to[counts[digit]] = word
                        counts[digit] += 1
                    }
                    swap(&from, &to)
                    shift += digitBits
                }
                sorted = from
            }
            let high = UInt64(page) << 32, first = starts[page]
            for k in run.indices {
                let word = sorted[k]
                runs.rows[first + k] = Int32(truncatingIfNeeded: word)
                run[k] = high | word >> 32
            }
        }
    }

    /// `body(row, page, offset)` for every row, page by page.
    @inline(__always)
    func forEach(_ body: (Int, Int, Int) -> Void) {
        forEach(pages: 0..<(starts.count - 1), body)
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
/// counts and its own places in each page's run (then its own pages' runs).
struct PageRunParts: @unchecked Sendable {
    let next: UnsafeMutableBufferPointer<Int>
    let rows: UnsafeMutableBufferPointer<Int32>
    let places: UnsafeMutableBufferPointer<UInt64>
}

/// Places given as a buffer, read from every processor while the order is made.
private struct GivenPlaces: @unchecked Sendable {
    let places: UnsafeBufferPointer<UInt64>
}

/// Which candidates a scan takes page by page (`StorageOrder.moved`).
private enum MovedCandidates {
    /// All of them, every one in range.
    case all
    /// These, the candidates in range (others left out).
    case inRange([Int])
}

extension StorageOrder {
    /// The candidates (those in `0..<total`) a scan keeps, the scan made in
    /// the order their rows lie (`scan`) when they are `threshold` or more
    /// and their rows do not lie page by page; nil: the scan is to take
    /// them as they are. What a filter or a search of rows a sort moved does.
    static func scanIfMoved<C: RandomAccessCollection<Int> & Sendable>(
        _ candidates: C, total: Int, from threshold: Int, pageCount: Int,
        place: @Sendable (Int) -> UInt64, _ scan: (RowRefs) -> [Int]
    ) -> [Int]? where C.Index == Int {
        switch moved(candidates, total: total, from: threshold, place: place) {
        case .all?: return self.scan(candidates, pageCount: pageCount, place: place, scan)
        case .inRange(let rows)?: return self.scan(rows, pageCount: pageCount, place: place, scan)
        case nil: return nil
        }
    }

    /// Whether a scan of `candidates` goes page by page (`scan`): when
    /// they are `threshold` or more and their rows (at `place`) do not lie
    /// page by page, the candidates in `0..<total` to take. Nil: a scan
    /// takes them as they are.
    private static func moved<C: Collection<Int>>(_ candidates: C, total: Int, from threshold: Int,
                                                  place: (Int) -> UInt64) -> MovedCandidates? {
        guard candidates.count >= threshold else { return nil }
        // One pass: every candidate in range (the usual case) is taken as it is.
        var page: UInt64 = 0, inOrder = true
        for row in candidates {
            guard row >= 0 && row < total else {
                let inRange = candidates.filter { $0 >= 0 && $0 < total }
                return isInOrder(inRange.lazy.map(place)) ? nil : .inRange(inRange)
            }
            let p = place(row) >> 32
            if p < page { inOrder = false }
            page = p
        }
        return inOrder ? nil : .all
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

    /// The candidates a scan keeps, the scan made in the order their rows
    /// lie: `scan` is given the candidates' places in that order (its row
    /// `i` the `i`-th place) and returns the rows it keeps, ascending;
    /// they come back as the candidates they are, in the candidates'
    /// order. What a filter or a search of many rows a sort moved does.
    static func scan<C: RandomAccessCollection<Int> & Sendable>(_ candidates: C, pageCount: Int,
                                                                  place: @Sendable (Int) -> UInt64,
                                                                  _ scan: (RowRefs) -> [Int]) -> [Int]
    where C.Index == Int {
        let first = candidates.startIndex
        let order = StorageOrder(count: candidates.count, pageCount: pageCount) { place(candidates[first + $0]) }
        var found = scan(order.places)
        // One bit a candidate (ten million: a megabyte, in the caches).
        var kept = [UInt64](repeating: 0, count: (candidates.count + 63) / 64)
        order.rows.withUnsafeBufferPointer { which in
            kept.withUnsafeMutableBufferPointer { kept in
                for position in found {
                    let k = Int(which[position])
                    kept[k >> 6] |= 1 << UInt64(k & 63)
                }
            }
        }
        // The rows kept written over the positions found (as many; no fresh pages).
        found.withUnsafeMutableBufferPointer { rows in
            var n = 0
            for (w, word) in kept.enumerated() {
                var bits = word
                while bits != 0 {
                    rows[n] = candidates[first + w << 6 + bits.trailingZeroBitCount]
                    n += 1
                    bits &= bits - 1
                }
            }
        }
        return found
    }
}
