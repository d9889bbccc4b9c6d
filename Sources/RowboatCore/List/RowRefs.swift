/// Where each row of a `RowTable` starts, in row order, with room kept at
/// the front: rows a live refresh puts at the top take places there, so a
/// tick's few new rows move no other position (a list of a million rows
/// costs a tick what a list of a hundred does). The room is made when
/// first needed, a quarter of the rows' count at a time, so making it is
/// rare and its cost shared among the rows that use it.
struct RowRefs: Sendable {
    /// The positions, after `head` unused places.
    private var storage: [UInt64] = []
    private var head = 0

    init() {}

    init(_ refs: [UInt64]) {
        storage = refs
    }

    var count: Int { storage.count - head }
    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }
    /// The places held (for what a table reports of its memory).
    var capacity: Int { storage.capacity }

    subscript(row: Int) -> UInt64 {
        get { storage[head + row] }
        set { storage[head + row] = newValue }
    }

    mutating func append(_ ref: UInt64) {
        storage.append(ref)
    }

    mutating func removeLast(_ k: Int) {
        storage.removeLast(k)
    }

    /// Moves the last `k` positions to the front, in their order; the
    /// others keep theirs.
    mutating func moveLastToFront(_ k: Int) {
        guard k > 0, k < count else { return }
        if head < k {
            let room = Swift.max(k, count / 4)
            var grown: [UInt64] = []
            grown.reserveCapacity(room + storage.count - head + room)
            grown.append(contentsOf: repeatElement(0, count: room))
            grown.append(contentsOf: storage[head...])
            storage = grown
            head = room
        }
        let end = storage.count
        storage.withUnsafeMutableBufferPointer { refs in
            for j in 0..<k { refs[head - k + j] = refs[end - k + j] }
        }
        storage.removeLast(k)
        head -= k
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { all in try body(UnsafeBufferPointer(rebasing: all[head...])) }
    }

    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<UInt64>) throws -> R) rethrows -> R {
        let head = self.head
        return try storage.withUnsafeMutableBufferPointer { all in
            try body(UnsafeMutableBufferPointer(rebasing: all[head...]))
        }
    }
}
