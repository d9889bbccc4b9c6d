import RowboatSpec

/// What the table's pages hold that no row uses any more: a page whose
/// last row has gone is let go at once (a stream's ring turning), and the
/// rows are written again once garbage is most of the pages.
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

    /// Writes the rows again without the bytes of replaced ones, once
    /// those are most of the pages.
    mutating func compactIfWasteful() {
        // (Not while a filter leaves rows out: their places point into the pages.)
        guard hiddenCount == 0, garbage > Self.pageSize, garbage * 2 > pages.reduce(0, { $0 + $1.count }) else { return }
        let rows = Array(self)
        let (order, next, top) = (arrival, nextArrival, topArrival)
        self = RowTable(rows)
        (arrival, nextArrival, topArrival) = (order, next, top)
        edited()
    }
}
