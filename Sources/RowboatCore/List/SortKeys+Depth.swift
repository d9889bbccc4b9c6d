import Foundation

/// Text keys alike in their first 8 bytes, sorted by the bytes after
/// them. An entry's value holds 8 bytes of its text's collation key: at
/// first the first 8 (`depth` 0); entries alike in all 64 bits of it take
/// their next 8 bytes as their value (`rekey`, `depth` + 1) and are dealt
/// by those bits in turn, as a string's radix sort goes from one chunk to
/// the next. Comparing such keys one by one read each key's bytes where
/// its row's text lies — at ten million rows, every comparison two misses
/// in 200 MB of keys, and a title column shares its first 8 bytes in runs
/// of tens of thousands of rows — where this reads each key once a chunk.
extension SortKeys {
    /// Sets the value of every entry of `entries[range]` (text keys alike
    /// in their first `8 * depth` bytes) to its key's bytes from
    /// `8 * depth` on (`Tables.chunk`); returns the span of the new
    /// values, or nil when no key goes on that far (all alike: nothing
    /// more to deal them by).
    static func rekey(_ entries: UnsafeMutableBufferPointer<Entry>, _ range: Range<Int>, depth: Int,
                      keys: Tables) -> KeySpans? {
        var spans = KeySpans()
        var goesOn = false
        let text = Class.text.rawValue
        for k in range {
            let row = Int(entries[k].row)
            goesOn = goesOn || keys.goesOn(row, depth: depth)
            let value = keys.chunk(row, depth: depth)
            entries[k].value = value
            spans.add(text, value)
        }
        return goesOn ? spans : nil
    }

    /// Writes the rows of `entries[range]` to `order[range]` when they are
    /// in order by `before` already, or in its reverse (turned around
    /// first), and says so: text alike in its first bytes often comes in
    /// the rows' order, which is the last sort's — the order sought, or
    /// its reverse when the same column is sorted the other way. A range
    /// in neither order is most often told at its first few entries.
    static func putInOrderIfRun(_ entries: UnsafeMutableBufferPointer<Entry>, _ range: Range<Int>,
                                into order: UnsafeMutableBufferPointer<Int32>, by before: (Entry, Entry) -> Bool) -> Bool {
        guard range.count > 1 else { return false }
        let up = before(entries[range.lowerBound], entries[range.lowerBound + 1])
        var k = range.lowerBound + 2
        while k < range.upperBound {
            if before(entries[k - 1], entries[k]) != up { return false }
            k += 1
        }
        if !up {
            var run = UnsafeMutableBufferPointer(rebasing: entries[range])
            run.reverse()
        }
        for k in range { order[k] = entries[k].row }
        return true
    }

    /// The bits below which the values of `spans`' text keys differ (0:
    /// all alike).
    static func differingBits(_ spans: KeySpans) -> Int {
        let text = Int(Class.text.rawValue)
        guard spans.low[text] <= spans.high[text] else { return 0 }
        return 64 - (spans.low[text] ^ spans.high[text]).leadingZeroBitCount
    }

    /// Sorts `entries` (one large bucket of text keys alike in their
    /// first `8 * depth` bytes, and in the 8 after: nothing in their
    /// values to deal them by) into `order`: their next 8 bytes taken as
    /// their values on every processor, then sorted as a bucket sort sorts
    /// (its buckets on every processor). Keys alike to their ends are
    /// sorted in parts and merged (by `before`: by their rows).
    static func sortDeeper(_ entries: UnsafeMutableBufferPointer<Entry>, depth: Int, parts: Int, descending: Bool,
                           keys: Tables, into order: UnsafeMutableBufferPointer<Int32>,
                           by before: @escaping (Entry, Entry) -> Bool) {
        let count = entries.count
        if putInOrderIfRun(entries, 0..<count, into: order, by: before) { return }
        let bounds = (0...parts).map { count * $0 / parts }
        let found = UnsafeMutableBufferPointer<KeySpans?>.allocate(capacity: parts)
        found.initialize(repeating: nil)
        defer { found.deinitialize().deallocate() }
        let shared = DeeperParts(entries: entries, found: found, keys: keys)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            shared.found[part] = rekey(shared.entries, bounds[part]..<bounds[part + 1], depth: depth + 1, keys: shared.keys)
        }
        let spans = found.compactMap { $0 }
        guard !spans.isEmpty else { return sortApart(entries, parts: parts, into: order, by: before) }
        let all = spans.reduce(KeySpans()) { $0.joined($1) }
        bucketSort(entries, spans: descending ? all.reversed : all, descending: descending, depth: depth + 1,
                   keys: keys, into: order, by: before)
    }
}

extension SortKeys.Tables {
    /// Whether text key `row` has bytes from `8 * depth` on.
    @inline(__always)
    func goesOn(_ row: Int, depth: Int) -> Bool { Int(lengths[row]) > 8 * depth }

    /// Text key `row`'s 8 bytes from `8 * depth`, big-endian, zeros past
    /// its end (a key that ends sorts before one that goes on, as its
    /// length says after).
    @inline(__always)
    func chunk(_ row: Int, depth: Int) -> UInt64 {
        let from = 8 * depth
        let left = Int(lengths[row]) - from
        guard left > 0 else { return 0 }
        let start = starts[row] + from
        if left >= 8 {
            return UInt64(bigEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + start)
                .loadUnaligned(as: UInt64.self))
        }
        var value: UInt64 = 0
        for k in 0..<8 {
            value <<= 8
            if k < left { value |= UInt64(bytes[start + k]) }
        }
        return value
    }
}

/// What `sortDeeper`'s parts share: the entries (each part its own
/// stretch), the spans each part found, and the keys' bytes.
private struct DeeperParts: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<SortKeys.Entry>
    let found: UnsafeMutableBufferPointer<SortKeys.KeySpans?>
    let keys: SortKeys.Tables
}
