import Foundation
import Synchronization

/// Where each row of a `RowTable` starts, in row order, with room kept at
/// the front: rows a live refresh puts at the top take places there, so a
/// tick's few new rows move no other position (a list of a million rows
/// costs a tick what a list of a hundred does). The room is made when
/// first needed, a quarter of the rows' count at a time, so making it is
/// rare and its cost shared among the rows that use it.
///
/// The positions are kept in memory from `malloc` grown by `realloc`
/// while small, and from a million places on in reserved address space
/// that grows where it is (`ReservedMemory`): never a copy into new pages
/// — at ten million rows an array's doubling copied 64 MB into 128 MB of
/// new pages on the UI thread.
///
/// Copies share the memory, each with its own count. A copy handed to
/// another thread (a search's scan) keeps reading its rows while the list
/// goes on adding rows after them: an append at the end the memory was
/// written to (its frontier) goes in place, shared or not, and no copy
/// sees places past its own count; at the end of its room a reserved
/// block grows in place, shared or not. Anything else that changes a
/// shared block copies it first. (At ten million rows, every part of a
/// load that came while a search scanned copied 80 MB of positions on the
/// UI thread; later, the one part that filled the room while a scan held
/// a copy copied 64 MB into new pages: 77–167 ms.)
struct RowRefs: Sendable {
    /// The positions, after `head` unused places, up to `end`.
    private var block: Block?
    private var head = 0
    private var end = 0

    init() {}

    init(_ refs: [UInt64]) {
        guard !refs.isEmpty else { return }
        let block = Block(capacity: refs.count)
        refs.withUnsafeBufferPointer { block.base.update(from: $0.baseAddress!, count: refs.count) }
        block.frontier.store(refs.count, ordering: .relaxed)
        self.block = block
        end = refs.count
    }

    /// `count` positions written in place by `fill`, which writes each
    /// once (no array made first and copied).
    init(count: Int, fill: (UnsafeMutableBufferPointer<UInt64>) -> Void) {
        guard count > 0 else { return }
        let block = Block(capacity: count)
        fill(UnsafeMutableBufferPointer(start: block.base, count: count))
        block.frontier.store(count, ordering: .relaxed)
        self.block = block
        end = count
    }

    var count: Int { end - head }
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

    /// Adds `ref` at the end: in place when this copy's end is the
    /// block's frontier (whoever else shares it reads only before it).
    @inline(__always)
    mutating func append(_ ref: UInt64) {
        // (Uniqueness asked before the block is bound: a binding is a reference too.)
        if isKnownUniquelyReferenced(&block) {
            let block = self.block.unsafelyUnwrapped
            guard end < block.capacity else { return appendGrowing(ref, unique: true) }
            block.base[end] = ref
            end += 1
            block.frontier.store(end, ordering: .relaxed)
        } else if let block, end < block.capacity, block.claim(end) {
            block.base[end] = ref
            end += 1
        } else {
            appendGrowing(ref, unique: false)
        }
    }

    @inline(never)
    private mutating func appendGrowing(_ ref: UInt64, unique: Bool) {
        if unique {
            let block = self.block.unsafelyUnwrapped
            block.grow(to: Swift.max(16, block.capacity * 2))
        } else if let block, block.growInPlace(to: end + 1), block.claim(end) {
            // Shared, at its frontier, its memory reserved: grown in place.
            block.base[end] = ref
            end += 1
            return
        } else {
            // Shared (or none yet): the rows so far in a block of this copy's own, with room.
            let grown = Block(capacity: Swift.max(16, (block?.capacity ?? 0) * 2, end * 2))
            if let block { grown.base.update(from: block.base, count: end) }
            block = grown
        }
        let block = self.block.unsafelyUnwrapped
        block.base[end] = ref
        end += 1
        block.frontier.store(end, ordering: .relaxed)
    }

    /// Adds `refs` at the end, in place as `append` adds one (in one copy).
    mutating func append(contentsOf refs: UnsafeBufferPointer<UInt64>) {
        guard let from = refs.baseAddress, !refs.isEmpty else { return }
        let needed = end + refs.count
        if isKnownUniquelyReferenced(&block), let block {
            if needed > block.capacity { block.grow(to: Swift.max(block.capacity * 2, needed)) }
        } else if let block, needed <= block.capacity || block.growInPlace(to: needed), block.claim(end, count: refs.count) {
            (block.base + end).update(from: from, count: refs.count)
            end = needed
            return
        } else {
            // Shared (or none yet): the rows so far in a block of this copy's own, with room.
            let grown = Block(capacity: Swift.max(16, (block?.capacity ?? 0) * 2, needed))
            if let block { grown.base.update(from: block.base, count: end) }
            block = grown
        }
        let block = self.block.unsafelyUnwrapped
        (block.base + end).update(from: from, count: refs.count)
        end = needed
        block.frontier.store(end, ordering: .relaxed)
    }

    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "RowRefs: removing \(k) of \(count)")
        guard k > 0 else { return }
        makeUnique()
        end -= k
        block.unsafelyUnwrapped.frontier.store(end, ordering: .relaxed)
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
            block = grown
            end = room + count
            head = room
            grown.frontier.store(end, ordering: .relaxed)
        }
        makeUnique()
        let block = self.block.unsafelyUnwrapped
        for j in 0..<k { block.base[head - k + j] = block.base[end - k + j] }
        end -= k
        head -= k
        block.frontier.store(end, ordering: .relaxed)
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: block.map { $0.base + head }, count: count))
    }

    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<UInt64>) throws -> R) rethrows -> R {
        makeUnique()
        return try body(UnsafeMutableBufferPointer(start: block.map { $0.base + head }, count: count))
    }

    /// This copy's own block (its places up to `end`, the same room), when shared.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&block), let shared = block {
            block = shared.copy(count: end)
        }
    }

    /// The positions' memory, let go with the last copy: from `malloc`
    /// while small; from `reservedFrom` places on, a reservation
    /// (`ReservedMemory`) that grows where it is, so a block that copies
    /// share grows at its frontier in place like any other add.
    private final class Block: @unchecked Sendable {
        /// Places from which the memory is reserved (below, a shared
        /// block's growth copies at most 8 MB).
        static let reservedFrom = 1 << 20
        /// The places a reservation holds: rows are numbered in 31 bits.
        static let reservedPlaces = 1 << 31

        private(set) var base: UnsafeMutablePointer<UInt64>
        private(set) var capacity: Int
        private var reservation: ReservedMemory?
        /// The end of the places written: only a copy whose end is here
        /// may add after it in place.
        let frontier = Atomic<Int>(0)

        init(capacity: Int) {
            self.capacity = Swift.max(1, capacity)
            if capacity >= Self.reservedFrom, let reservation = Self.reserve(capacity) {
                self.reservation = reservation
                self.capacity = reservation.usable / MemoryLayout<UInt64>.stride
                base = reservation.base.assumingMemoryBound(to: UInt64.self)
            } else {
                base = Self.allocate(nil, self.capacity)
            }
        }

        /// True when `end` was the frontier and the `count` places from it
        /// are now this caller's to write (one of two copies with the same
        /// end wins them).
        func claim(_ end: Int, count: Int = 1) -> Bool {
            frontier.compareExchange(expected: end, desired: end + count, ordering: .relaxed).exchanged
        }

        /// Room for at least `capacity` places where the block is, when
        /// its memory is reserved (shared or not: no place moves); false
        /// when it is not, or the reservation cannot give it.
        func growInPlace(to capacity: Int) -> Bool {
            guard let reservation else { return false }
            guard capacity > self.capacity else { return true }
            guard reservation.makeUsable(capacity * MemoryLayout<UInt64>.stride) else { return false }
            self.capacity = reservation.usable / MemoryLayout<UInt64>.stride
            return true
        }

        /// More room; the positions kept (moved once into a reservation
        /// when large). Only for a block no one else holds.
        func grow(to capacity: Int) {
            if growInPlace(to: capacity) { return }
            if reservation == nil, capacity >= Self.reservedFrom, let reservation = Self.reserve(capacity) {
                reservation.base.copyMemory(from: base, byteCount: self.capacity * MemoryLayout<UInt64>.stride)
                free(base)
                self.reservation = reservation
                self.capacity = reservation.usable / MemoryLayout<UInt64>.stride
                base = reservation.base.assumingMemoryBound(to: UInt64.self)
                return
            }
            guard reservation == nil else { fatalError("RowRefs: no memory for \(capacity) rows") }
            base = Self.allocate(base, capacity)
            self.capacity = capacity
        }

        func copy(count: Int) -> Block {
            let copy = Block(capacity: capacity)
            copy.base.update(from: base, count: count)
            copy.frontier.store(count, ordering: .relaxed)
            return copy
        }

        private static func reserve(_ capacity: Int) -> ReservedMemory? {
            let stride = MemoryLayout<UInt64>.stride
            guard let reservation = ReservedMemory(reserving: Swift.max(capacity, reservedPlaces) * stride),
                  reservation.makeUsable(capacity * stride) else { return nil }
            return reservation
        }

        private static func allocate(_ old: UnsafeMutablePointer<UInt64>?, _ capacity: Int) -> UnsafeMutablePointer<UInt64> {
            guard let memory = realloc(old, capacity * MemoryLayout<UInt64>.stride) else {
                fatalError("RowRefs: no memory for \(capacity) rows")
            }
            return memory.bindMemory(to: UInt64.self, capacity: capacity)
        }

        deinit {
            if let reservation { ReleaseElsewhere.release(reservation) } else { free(base) }
        }
    }
}
