import CPrefetch
import Foundation
import RowboatSpec

/// A local sort's order of a table's rows, kept while the sort is in
/// force: the rows' natural places in the sort's order. A row's bytes
/// never change once written and a table's pages only grow (until they
/// are compacted, which lets the kept order go), so a row whose bytes
/// were written before the order was made still goes where it went: rows
/// a filter lets back are put in order from it without being read again.
/// Its own copy (made where the sort is made, off the UI thread): the
/// table's arrays stay its alone, so the UI thread never copies them.
struct KeptOrder: Sendable {
    let sort: LocalSort
    /// The rows' natural places in the sort's order.
    let arrival: [Int32]
    /// Where the next row's bytes were to be written when the order was
    /// made (`RowTable.writeEnd`): a row at or past it was written since.
    let writeEnd: UInt64
}

extension RowTable {
    /// Puts the rows in `order`, the order `sort` gives every row
    /// (`LocalSort.order(of:)`), and keeps it (`KeptOrder`).
    public mutating func reorder(_ order: [Int32], by sort: LocalSort) {
        reorder(order)
        keptOrder = KeptOrder(sort: sort, arrival: arrival.withUnsafeBufferPointer { Array($0) }, writeEnd: writeEnd)
    }

    /// Where the next row's bytes go: every row written before has a
    /// smaller ref, every row written after a greater one or this.
    var writeEnd: UInt64 {
        guard let last = pages.last else { return 0 }
        return Self.ref(page: pages.count - 1, at: last.count)
    }

    /// The order of the rows by `sort` from the order kept when it was
    /// put in force: the rows it holds that are where they were, in its
    /// order, then the others (written again, added or set aside since), with
    /// how many those are — for `LocalSort.order(of:moving:)` to place.
    /// `among` (ascending rows) orders only those, nil every row. Nil when
    /// no order by `sort` is kept, or natural places are spread too wide
    /// to be placed by value.
    func ordered(by sort: LocalSort, among: [Int]? = nil) -> (order: [Int32], unplaced: Int)? {
        guard let kept = keptOrder, kept.sort == sort, !arrival.isEmpty,
              let low = arrival.min(), let high = arrival.max() else { return nil }
        let span = Int(high) - Int(low) + 1
        guard span <= 4 * arrival.count + 1024 else { return nil }
        // Each shown row by its natural place: `row` when it may be placed from the kept order, `-2 - row`
        // when it was written since (placed by its key), -1 for none or a row placed already.
        var rowAt = [Int32](repeating: -1, count: span)
        let writeEnd = kept.writeEnd
        let wanted = among?.count ?? count
        var order: [Int32] = rowAt.withUnsafeMutableBufferPointer { rowAt in
            refs.withUnsafeBufferPointer { refs in
                arrival.withUnsafeBufferPointer { arrival in
                    (among ?? []).withUnsafeBufferPointer { picked in
                        kept.arrival.withUnsafeBufferPointer { keptPlaces in
                            KeptOrderPass(rowAt: rowAt, refs: refs, arrival: arrival, among: picked, every: among == nil,
                                          low: Int(low), writeEnd: writeEnd, keptPlaces: keptPlaces)
                                .run(rows: wanted)
                        }
                    }
                }
            }
        }
        let placed = order.count
        if placed < wanted {
            order.reserveCapacity(wanted)
            for row in rowAt where row != -1 { order.append(row >= 0 ? row : -2 - row) }
        }
        return (order, wanted - placed)
    }

    /// Places of the kept order ahead whose rows `ordered(by:)` asks for.
    static let placesAhead = 16

    /// Puts the rows in `sort`'s order, with the rows of `moving`
    /// (ascending) taken out of the rest and put where they belong: a
    /// few (a live refresh's) placed one by one by their keys, more from
    /// the kept order (one pass over it, no row read), else all sorted.
    public mutating func reorder(by sort: LocalSort, moving: [Int]) {
        if moving.count * Self.keptOrderShare <= count - moving.count,
           let order = sort.order(of: self, moving: moving) {
            return reorder(order)
        }
        guard let (order, unplaced) = ordered(by: sort) else {
            return reorder(sort.order(of: self, moving: moving) ?? sort.order(of: self))
        }
        reorder(order)
        placeLast(unplaced, by: sort)
    }

    /// Puts the last `unplaced` rows where they go in `sort`'s order (the
    /// others in it already): rows the kept order could not place.
    mutating func placeLast(_ unplaced: Int, by sort: LocalSort) {
        guard unplaced > 0 else { return }
        let rest = Array(count - unplaced..<count)
        reorder(sort.order(of: self, moving: rest) ?? sort.order(of: self))
    }

    /// Rows moving from which the kept order places them (one in this
    /// many of the others, or more): each placed by its key costs a
    /// search among the others with their keys made as it goes.
    static let keptOrderShare = 64
}

/// `RowTable.ordered(by:among:)`'s two passes, each on every processor:
/// each row (of `among`, else every one) written in `rowAt` at its
/// natural place (read in one pass over the rows, so the next pass reads
/// no row's place at random), then the kept order's places read in turn,
/// the rows found there taken in that order (and marked taken). Every
/// row has its own natural place, so no two parts write the same entry.
private struct KeptOrderPass: @unchecked Sendable {
    let rowAt: UnsafeMutableBufferPointer<Int32>
    let refs: UnsafeBufferPointer<UInt64>
    let arrival: UnsafeBufferPointer<Int32>
    /// The rows put (`every`: all of them, `among` unread).
    let among: UnsafeBufferPointer<Int>
    let every: Bool
    let low: Int
    let writeEnd: UInt64
    let keptPlaces: UnsafeBufferPointer<Int32>

    /// Rows from which the passes are split over the processors.
    static let parallelFrom = 65_536

    /// The rows found in the kept order, in it.
    func run(rows: Int) -> [Int32] {
        let parts = Cores.parts(for: rows, from: Self.parallelFrom)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            put(Cores.stretch(part, of: parts, in: rows))
        }
        return RowTable.split(0..<keptPlaces.count, from: Self.parallelFrom) { places, out in take(places, to: out) }
    }

    /// Rows `k` of `stretch` (of `among`, else rows themselves) written at
    /// their natural places; those places are written at random: each
    /// asked for ahead.
    func put(_ stretch: Range<Int>) {
        @inline(__always) func row(_ k: Int) -> Int { every ? k : among[k] }
        let ahead = RowTable.placesAhead, span = rowAt.count, base = rowAt.baseAddress.unsafelyUnwrapped
        for k in stretch {
            if k + ahead < stretch.upperBound, case let next = Int(arrival[row(k + ahead)]) - low, next >= 0, next < span {
                rb_prefetch_write(base + next)
            }
            let row = row(k)
            rowAt[Int(arrival[row]) - low] = refs[row] < writeEnd ? Int32(row) : -2 - Int32(row)
        }
    }

    /// The rows at the kept order's `places`, in it, written to `out`
    /// (each marked taken); returns how many. The places are read at
    /// random in `rowAt`: each asked for ahead.
    func take(_ places: Range<Int>, to out: UnsafeMutablePointer<Int32>) -> Int {
        let ahead = RowTable.placesAhead, span = rowAt.count, base = rowAt.baseAddress.unsafelyUnwrapped
        var found = 0
        for k in places {
            if k + ahead < places.upperBound, case let next = Int(keptPlaces[k + ahead]) - low, next >= 0, next < span {
                rb_prefetch(base + next)
            }
            let place = Int(keptPlaces[k]) - low
            guard place >= 0, place < span else { continue }
            let row = rowAt[place]
            guard row >= 0 else { continue }
            out[found] = row
            found += 1
            rowAt[place] = -1
        }
        return found
    }
}
