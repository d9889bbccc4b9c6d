import RowboatSpec

/// What the table's pages hold that no row uses any more: a page whose
/// last row has gone is let go at once (a stream's ring turning), and the
/// rows' bytes are copied into new pages once garbage is most of them.
extension RowTable {
    /// The bytes at `ref` are no longer a row's (replaced, removed, or a
    /// row set aside that came back): garbage, and a page left with none
    /// in use but the one being written goes at once — its place in
    /// `pages` stays (refs name pages by number), holding nothing.
    mutating func discard(_ ref: UInt64) {
        let (page, at) = Self.place(of: ref)
        let length = RowBytes.length(pages[page].bytes, at: at, shapes: shapes)
        garbage += length
        pageLive[page] -= length
        if pageLive[page] == 0, page != pages.count - 1, pages[page].count > 0 {
            garbage -= pages[page].count
            pages[page] = RowPage.none
        }
    }

    /// Copies the rows' bytes into new pages without the bytes of replaced
    /// ones, once those are most of the pages: each row's bytes moved as
    /// they are (never read back into a row and written again), the rows
    /// a filter set aside too; positions, the id index and the order stay.
    mutating func compactIfWasteful() {
        guard garbage > Self.pageSize, garbage * 2 > pages.reduce(0, { $0 + $1.count }) else { return }
        var fresh: [RowPage] = [], live: [Int] = []
        func move(_ ref: UInt64) -> UInt64 {
            let (page, at) = Self.place(of: ref)
            let bytes = pages[page].bytes
            let row = UnsafeBufferPointer(rebasing: bytes[at..<(at + RowBytes.length(bytes, at: at, shapes: shapes))])
            if let last = fresh.last, let start = last.append(row) {
                live[live.count - 1] += row.count
                return Self.ref(page: fresh.count - 1, at: start)
            }
            fresh.append(RowPage(capacity: Swift.max(Self.pageSize, row.count)))
            live.append(row.count)
            return Self.ref(page: fresh.count - 1, at: fresh[fresh.count - 1].append(row)!)
        }
        for row in refs.indices { refs[row] = move(refs[row]) }
        for k in hidden.indices where hidden[k] != Self.goneRef { hidden[k] = move(hidden[k]) }
        pages = fresh
        pageLive = live
        garbage = 0
        // Rows written since a sort's order was kept may now lie before where it saw the pages end.
        keptOrder = nil
    }
}
