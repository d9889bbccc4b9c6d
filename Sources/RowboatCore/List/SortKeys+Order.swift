import Foundation

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

    /// Rows from which `order` sorts parts on several processors and
    /// merges them.
    static let parallelOrderFrom = 65_536

    /// The order of every key (`fill`ed: key `i` is row `i`'s): `order[i]`
    /// is the row that goes to place `i`; equal keys keep the rows' order.
    func order(descending: Bool) -> [Int32] {
        let count = classes.count
        var entries = [Entry](repeating: Entry(value: 0, row: 0, cls: 0), count: count)
        entries.withUnsafeMutableBufferPointer { entries in
            classes.withUnsafeBufferPointer { classes in
                values.withUnsafeBufferPointer { values in
                    for row in 0..<count {
                        let cls = classes[row]
                        var value = values[row]
                        if cls == Class.value.rawValue { value = Self.ordered(Double(bitPattern: value)) }
                        entries[row] = Entry(value: value, row: Int32(row), cls: cls)
                    }
                }
            }
        }
        let parts = count >= Self.parallelOrderFrom ? Swift.min(8, ProcessInfo.processInfo.activeProcessorCount) : 1
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
                let bounds = (0...parts).map { count * $0 / parts }
                let shared = SortParts(entries: entries, before: before)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    var run = UnsafeMutableBufferPointer(rebasing: shared.entries[bounds[part]..<bounds[part + 1]])
                    run.sort(by: shared.before)
                }
                order.withUnsafeMutableBufferPointer { order in
                    Self.merge(entries, bounds: bounds, into: order, by: before)
                }
            }
        }
        return order
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

/// The entries a parallel sort's parts sort, each its own range, and
/// the order they are put in (which only reads the keys).
private struct SortParts: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<SortKeys.Entry>
    let before: (SortKeys.Entry, SortKeys.Entry) -> Bool
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
