import CPrefetch
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
        // when it was written since (placed by its key), -1 for none or a row placed already. Read in
        // one pass over the rows, so the kept order's pass reads no row's place at random.
        var rowAt = [Int32](repeating: -1, count: span)
        let writeEnd = kept.writeEnd
        rowAt.withUnsafeMutableBufferPointer { rowAt in
            refs.withUnsafeBufferPointer { refs in
                arrival.withUnsafeBufferPointer { arrival in
                    @inline(__always) func put(_ row: Int) {
                        rowAt[Int(arrival[row]) - Int(low)] = refs[row] < writeEnd ? Int32(row) : -2 - Int32(row)
                    }
                    if let among { for row in among { put(row) } } else { for row in arrival.indices { put(row) } }
                }
            }
        }
        let wanted = among?.count ?? count
        var order: [Int32] = []
        order.reserveCapacity(wanted)
        rowAt.withUnsafeMutableBufferPointer { rowAt in
            kept.arrival.withUnsafeBufferPointer { keptPlaces in
                let ahead = Self.placesAhead
                for k in keptPlaces.indices {
                    // The kept order's places are read at random in `rowAt`: asked for ahead.
                    if k + ahead < keptPlaces.count, case let next = Int(keptPlaces[k + ahead]) - Int(low), next >= 0, next < span {
                        rb_prefetch(rowAt.baseAddress.unsafelyUnwrapped + next)
                    }
                    let place = Int(keptPlaces[k]) - Int(low)
                    guard place >= 0, place < span else { continue }
                    let row = rowAt[place]
                    guard row >= 0 else { continue }
                    order.append(row)
                    rowAt[place] = -1
                }
            }
        }
        let placed = order.count
        if placed < wanted {
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
