import Foundation
import Synchronization

extension SortKeys {
    /// One row's key as the sort moves it: its class, a 64-bit value that
    /// orders as the key does (a number's bits made to compare as an
    /// integer; a text's first 8 bytes) and its row. Sorting these, not
    /// row numbers that point into the keys, a comparison reads the two
    /// entries it compares and nothing else (at ten million rows the keys
    /// are 90 MB, and each comparison missed the cache twice); only text
    /// keys that agree in their first 8 bytes read the rest.
    struct Entry {
        var value: UInt64
        var row: Int32
        var cls: UInt8
    }

    /// Rows from which `order` sorts in buckets on several processors.
    static let parallelOrderFrom = 65_536

    /// The order of the keys `fill` made: `order[i]` is the row that goes
    /// to place `i`; equal keys keep the rows' order. The entries are used
    /// up (sorted where they are).
    mutating func sortFilled(descending: Bool) -> [Int32] {
        var entries = self.entries
        self.entries = []
        let count = entries.count
        let spans = descending ? self.spans.reversed : self.spans
        var order = [Int32](repeating: 0, count: count)
        withTables { tables in
            let before = { (a: Entry, b: Entry) -> Bool in
                if a.cls != b.cls { return a.cls < b.cls }
                if a.value != b.value { return descending ? a.value > b.value : a.value < b.value }
                if a.cls == Class.text.rawValue {
                    let c = tables.textAfterPrefix(Int(a.row), Int(b.row))
                    if c != 0 { return descending ? c > 0 : c < 0 }
                }
                return a.row < b.row
            }
            entries.withUnsafeMutableBufferPointer { entries in
                order.withUnsafeMutableBufferPointer { order in
                    if count < Self.parallelOrderFrom {
                        entries.sort(by: before)
                        for k in entries.indices { order[k] = entries[k].row }
                    } else {
                        Self.bucketSort(entries, spans: spans, descending: descending, keys: tables, into: order, by: before)
                    }
                }
            }
        }
        return order
    }

    /// Sorts `entries` by `before` into `order` (their rows): the entries
    /// are dealt into buckets by their class and their value's top bits
    /// below the bits every value of the class shares (`spans`), so that
    /// each bucket holds a stretch of the order; the buckets are then
    /// sorted apart, on every processor, each small enough for the caches.
    /// (A comparison sort of all the entries in parts and a merge of the
    /// parts read every entry at each of its 23 levels, at ten million.)
    /// Past the value's bits, entries that are not text are dealt by their
    /// rows (which order equal values). Text values are 8 bytes of their
    /// keys from `8 * depth` on; with `keys` (their bytes), text alike in
    /// them is dealt by the next 8 (`rekey`), and a bucket of more than a
    /// share of the entries all alike (nothing to deal them by) is taken
    /// deeper on every processor (`sortDeeper`); without, such a bucket is
    /// sorted in parts on the processors and merged. `spans`: the values
    /// as they order (reversed when descending).
    static func bucketSort(_ entries: UnsafeMutableBufferPointer<Entry>, spans: KeySpans, descending: Bool,
                           depth: Int = 0, keys: Tables? = nil,
                           into order: UnsafeMutableBufferPointer<Int32>, by before: @escaping (Entry, Entry) -> Bool) {
        let count = entries.count
        let digits = spans.digits
        let parts = Cores.parts(for: count, from: 0)
        let buckets = KeySpans.classes << KeySpans.digitBits
        // Each part's count of each bucket, then where each part writes in each bucket.
        let places = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts * buckets)
        places.initialize(repeating: 0)
        let spare = UnsafeMutableBufferPointer<Entry>.allocate(capacity: count)
        defer {
            places.deallocate()
            spare.deallocate()
        }
        let shared = BucketParts(entries: entries, spare: spare, places: places, order: order, keys: keys, before: before)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let counts = shared.places.baseAddress! + part * buckets
            for k in Cores.stretch(part, of: parts, in: count) {
                counts[digits.bucket(shared.entries[k], descending: descending)] += 1
            }
        }
        var starts = [Int](repeating: 0, count: buckets + 1)
        var at = 0
        for bucket in 0..<buckets {
            starts[bucket] = at
            for part in 0..<parts {
                let n = places[part * buckets + bucket]
                places[part * buckets + bucket] = at
                at += n
            }
        }
        starts[buckets] = at
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let next = shared.places.baseAddress! + part * buckets
            for k in Cores.stretch(part, of: parts, in: count) {
                let entry = shared.entries[k]
                let bucket = digits.bucket(entry, descending: descending)
                shared.spare[next[bucket]] = entry
                next[bucket] += 1
            }
        }
        // The buckets, largest first, each sorted on one processor (dealt again by the bits below while
        // large) and its rows written where it goes; a large one of text alike in its 8 bytes is sorted apart.
        let large = Swift.max(Self.parallelOrderFrom, count / (2 * parts))
        let size: (Int) -> Int = { bucket in starts[bucket + 1] - starts[bucket] }
        // Large buckets of text alike in all 8 bytes (a column of links): no bits to deal them by.
        let text = Int(Class.text.rawValue)
        let apart = (0..<buckets).filter { bucket in
            guard size(bucket) > large, bucket >> KeySpans.digitBits == text else { return false }
            let first = spare[starts[bucket]].value
            return digits.bitsBelow(class: text) == 0
                || (starts[bucket]..<starts[bucket + 1]).allSatisfy { spare[$0].value == first }
        }
        let byBits = (0..<buckets).filter { size($0) > 0 && !apart.contains($0) }.sorted { size($0) > size($1) }
        let taken = Atomic<Int>(0)
        let shape = BucketShape(starts: starts, buckets: byBits, digits: digits)
        DispatchQueue.concurrentPerform(iterations: parts) { _ in
            while true {
                let next = taken.add(1, ordering: .relaxed).oldValue
                guard next < shape.buckets.count else { return }
                let bucket = shape.buckets[next]
                let (start, end) = (shape.starts[bucket], shape.starts[bucket + 1])
                let bits = shape.digits.bitsBelow(class: bucket >> KeySpans.digitBits)
                radixSort(shared.spare, shared.entries, start..<end, bits: bits, descending: descending,
                          depth: depth, keys: shared.keys, into: shared.order, by: shared.before)
            }
        }
        for bucket in apart {
            let (start, end) = (starts[bucket], starts[bucket + 1])
            let run = UnsafeMutableBufferPointer(rebasing: spare[start..<end])
            let runOrder = UnsafeMutableBufferPointer(rebasing: order[start..<end])
            if let keys {
                sortDeeper(run, depth: depth, parts: parts, descending: descending, keys: keys, into: runOrder, by: before)
            } else {
                sortApart(run, parts: parts, into: runOrder, by: before)
            }
        }
    }

    /// Sorts `entries` by `before` into `order` (their rows) in parts on
    /// the processors, merged.
    static func sortApart(_ entries: UnsafeMutableBufferPointer<Entry>, parts: Int,
                          into order: UnsafeMutableBufferPointer<Int32>, by before: @escaping (Entry, Entry) -> Bool) {
        let bounds = (0...parts).map { entries.count * $0 / parts }
        let shared = ApartParts(entries: entries, before: before)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var piece = UnsafeMutableBufferPointer(rebasing: shared.entries[bounds[part]..<bounds[part + 1]])
            piece.sort(by: shared.before)
        }
        merge(entries, bounds: bounds, into: order, by: before)
    }

    /// Entries sorted one by one (by `before`) at most this many; more are
    /// dealt again by their next bits.
    static let dealtFrom = 2_048

    /// The bits a row adds below a value's (not text): equal values go in
    /// the rows' order.
    static let rowBits = 32

    /// Sorts `from[range]` (entries of one class, alike in every bit of
    /// their key above the lowest `bits`) by `before` and writes their rows
    /// to `order[range]`. A key's bits are its value's, then, for a class
    /// other than text, its row's (`rowBits`): many entries are dealt into
    /// `to[range]` by their next `KeySpans.digitBits` bits and each part is
    /// sorted so in turn; many text keys alike in all 64 bits take their
    /// next 8 bytes as their values (with `keys`: `rekey`, `depth` + 1);
    /// few, or keys alike to their ends, are sorted one by one.
    static func radixSort(_ from: UnsafeMutableBufferPointer<Entry>, _ to: UnsafeMutableBufferPointer<Entry>,
                          _ range: Range<Int>, bits: Int, descending: Bool, depth: Int = 0, keys: Tables? = nil,
                          into order: UnsafeMutableBufferPointer<Int32>, by before: (Entry, Entry) -> Bool) {
        guard !range.isEmpty else { return }
        var bits = bits, depth = depth
        // The row's bits below the value's (not text: a text's order goes on past its value).
        let isText = from[range.lowerBound].cls == Class.text.rawValue
        let rows = isText ? 0 : rowBits
        while range.count > dealtFrom {
            if bits == 0 {
                guard isText, let keys else { break }
                if putInOrderIfRun(from, range, into: order, by: before) { return }
                guard let spans = rekey(from, range, depth: depth + 1, keys: keys) else { break }
                depth += 1
                bits = differingBits(spans)
                continue
            }
            // A digit lies in the value's bits or in the row's, never across.
            let inValue = bits > rows
            let low = Swift.max(inValue ? rows : 0, bits - KeySpans.digitBits)
            let width = bits - low
            let mask: UInt64 = (1 &<< UInt64(width)) &- 1
            let dealt = withUnsafeTemporaryAllocation(of: Int.self, capacity: 1 << KeySpans.digitBits) { counts in
                let counts = UnsafeMutableBufferPointer(rebasing: counts[0..<(1 << width)])
                counts.initialize(repeating: 0)
                @inline(__always) func digit(_ entry: Entry) -> Int {
                    guard inValue else { return Int((UInt64(UInt32(bitPattern: entry.row)) >> UInt64(low)) & mask) }
                    return Int(((descending ? ~entry.value : entry.value) >> UInt64(low - rows)) & mask)
                }
                for k in range { counts[digit(from[k])] += 1 }
                // All alike in these bits too: the next ones, with nothing moved.
                if counts.contains(range.count) { return false }
                var at = range.lowerBound
                for d in counts.indices {
                    let n = counts[d]
                    counts[d] = at
                    at += n
                }
                for k in range {
                    let d = digit(from[k])
                    to[counts[d]] = from[k]
                    counts[d] += 1
                }
                var start = range.lowerBound
                for d in counts.indices where counts[d] > start {
                    radixSort(to, from, start..<counts[d], bits: low, descending: descending, depth: depth, keys: keys,
                              into: order, by: before)
                    start = counts[d]
                }
                return true
            }
            if dealt { return }
            bits = low
        }
        var run = UnsafeMutableBufferPointer(rebasing: from[range])
        if run.count > 1 { run.sort(by: before) }
        for k in range { order[k] = from[k].row }
    }

    /// `value` as an integer that orders as the number does (-0 as 0).
    @inline(__always)
    static func ordered(_ value: Double) -> UInt64 {
        let bits = (value == 0 ? 0 : value).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// The rows of the sorted runs `entries[bounds[k]..<bounds[k + 1]]`
    /// merged into `order` (two runs at a time; the last merge writes the
    /// rows).
    static func merge(_ entries: UnsafeMutableBufferPointer<Entry>, bounds: [Int],
                      into order: UnsafeMutableBufferPointer<Int32>, by before: (Entry, Entry) -> Bool) {
        var runs = bounds
        guard runs.count > 2 else {
            for k in entries.indices { order[k] = entries[k].row }
            return
        }
        var from = entries
        let spare = UnsafeMutableBufferPointer<Entry>.allocate(capacity: entries.count)
        defer { spare.deallocate() }
        var to = spare
        while runs.count > 2 {
            var next = [0]
            var k = 0
            while k + 2 < runs.count {
                let (low, mid, high) = (runs[k], runs[k + 1], runs[k + 2])
                var (i, j, out) = (low, mid, low)
                while i < mid, j < high {
                    if before(from[j], from[i]) { to[out] = from[j]; j += 1 } else { to[out] = from[i]; i += 1 }
                    out += 1
                }
                while i < mid { to[out] = from[i]; i += 1; out += 1 }
                while j < high { to[out] = from[j]; j += 1; out += 1 }
                next.append(high)
                k += 2
            }
            if k + 1 < runs.count {
                // An odd run out: carried over as it is.
                for at in runs[k]..<runs[k + 1] { to[at] = from[at] }
                next.append(runs[k + 1])
            }
            runs = next
            swap(&from, &to)
        }
        for k in from.indices { order[k] = from[k].row }
    }
}

/// What a bucket sort's threads share: the entries, where they are
/// dealt (`spare`), each part's places in each bucket, the rows' order
/// written, and the order the entries are put in (which only reads keys).
private struct BucketParts: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<SortKeys.Entry>
    let spare: UnsafeMutableBufferPointer<SortKeys.Entry>
    let places: UnsafeMutableBufferPointer<Int>
    let order: UnsafeMutableBufferPointer<Int32>
    let keys: SortKeys.Tables?
    let before: (SortKeys.Entry, SortKeys.Entry) -> Bool
}

/// The entries `sortApart`'s parts sort, each its own stretch.
private struct ApartParts: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<SortKeys.Entry>
    let before: (SortKeys.Entry, SortKeys.Entry) -> Bool
}

/// Where each bucket starts among the dealt entries, and which buckets
/// the processors take one by one.
private struct BucketShape: Sendable {
    let starts: [Int]
    /// The buckets sorted one to a processor, largest first.
    let buckets: [Int]
    let digits: SortKeys.Digits
}

extension SortKeys.Tables {
    /// -1, 0 or 1: text key `a` against text key `b` when their first 8
    /// bytes are the same: the bytes after them, then the lengths.
    @inline(__always)
    func textAfterPrefix(_ a: Int, _ b: Int) -> Int {
        let (sa, sb) = (starts[a], starts[b])
        let la = Int(lengths[a]), lb = Int(lengths[b])
        if la > 8 || lb > 8 {
            var i = 8
            let n = min(la, lb)
            while i < n {
                let x = bytes[sa + i], y = bytes[sb + i]
                if x != y { return x < y ? -1 : 1 }
                i += 1
            }
        }
        return la < lb ? -1 : la > lb ? 1 : 0
    }
}
