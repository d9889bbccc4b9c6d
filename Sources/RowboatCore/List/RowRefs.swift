import Foundation

/// Where each row of a `RowTable` starts, in row order, with room kept at
/// the front: rows a live refresh puts at the top take places there, so a
/// tick's few new rows move no other position (a list of a million rows
/// costs a tick what a list of a hundred does). The room is made when
/// first needed, a quarter of the rows' count at a time, so making it is
/// rare and its cost shared among the rows that use it.
///
/// The positions are kept in memory from `malloc` grown by `realloc`: a
/// large block grows by the kernel moving its pages (`mremap`), not by a
/// copy into new pages — at ten million rows an array's doubling copied
/// 64 MB into 128 MB of new pages on the UI thread.
struct RowRefs: Sendable {
    /// The positions, after `head` unused places.
    private var block: Block?
    private var head = 0

    init() {}

    init(_ refs: [UInt64]) {
        guard !refs.isEmpty else { return }
        let block = Block(capacity: refs.count)
        refs.withUnsafeBufferPointer { block.base.update(from: $0.baseAddress!, count: refs.count) }
        block.count = refs.count
        self.block = block
    }

    /// `count` positions written in place by `fill`, which writes each
    /// once (no array made first and copied).
    init(count: Int, fill: (UnsafeMutableBufferPointer<UInt64>) -> Void) {
        guard count > 0 else { return }
        let block = Block(capacity: count)
        fill(UnsafeMutableBufferPointer(start: block.base, count: count))
        block.count = count
        self.block = block
    }

    var count: Int { (block?.count ?? 0) - head }
    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }
    /// The places held (for what a table reports of its memory).
    var capacity: Int { block?.capacity ?? 0 }

    subscript(row: Int) -> UInt64 {
        @inline(__always) get { block.unsafelyUnwrapped.base[head + row] }
        set {
            makeUnique()
            block.unsafelyUnwrapped.base[head + row] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ ref: UInt64) {
        makeUnique()
        guard let block, block.count < block.capacity else { return appendGrowing(ref) }
        block.base[block.count] = ref
        block.count += 1
    }

    @inline(never)
    private mutating func appendGrowing(_ ref: UInt64) {
        let block = self.block ?? Block(capacity: 16)
        if block.count == block.capacity { block.grow(to: block.capacity * 2) }
        self.block = block
        block.base[block.count] = ref
        block.count += 1
    }

    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "RowRefs: removing \(k) of \(count)")
        guard k > 0 else { return }
        makeUnique()
        block.unsafelyUnwrapped.count -= k
    }

    /// Moves the last `k` positions to the front, in their order; the
    /// others keep theirs.
    mutating func moveLastToFront(_ k: Int) {
        guard k > 0, k < count, let old = block else { return }
        if head < k {
            let room = Swift.max(k, count / 4)
            let grown = Block(capacity: room + count + room)
            grown.base.initialize(repeating: 0, count: room)
            (grown.base + room).update(from: old.base + head, count: count)
            grown.count = room + count
            block = grown
            head = room
        }
        makeUnique()
        let block = self.block.unsafelyUnwrapped, end = block.count
        for j in 0..<k { block.base[head - k + j] = block.base[end - k + j] }
        block.count -= k
        head -= k
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: block.map { $0.base + head }, count: count))
    }

    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<UInt64>) throws -> R) rethrows -> R {
        makeUnique()
        return try body(UnsafeMutableBufferPointer(start: block.map { $0.base + head }, count: count))
    }

    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&block), let shared = block {
            block = shared.copy()
        }
    }

    /// The positions' memory, let go with the last copy.
    private final class Block: @unchecked Sendable {
        private(set) var base: UnsafeMutablePointer<UInt64>
        private(set) var capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = Swift.max(1, capacity)
            base = Self.allocate(nil, self.capacity)
        }

        /// More room; the positions kept (moved by the kernel when large).
        func grow(to capacity: Int) {
            base = Self.allocate(base, capacity)
            self.capacity = capacity
        }

        func copy() -> Block {
            let copy = Block(capacity: capacity)
            copy.base.update(from: base, count: count)
            copy.count = count
            return copy
        }

        private static func allocate(_ old: UnsafeMutablePointer<UInt64>?, _ capacity: Int) -> UnsafeMutablePointer<UInt64> {
            guard let memory = realloc(old, capacity * MemoryLayout<UInt64>.stride) else {
                fatalError("RowRefs: no memory for \(capacity) rows")
            }
            return memory.bindMemory(to: UInt64.self, capacity: capacity)
        }

        deinit { free(base) }
    }
}
