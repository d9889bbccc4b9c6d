extension RowTable {
    /// This table as a search reads it on another thread: its pages, its
    /// rows' positions and shapes, and their order, without the id index
    /// or the rows a filter set aside. The list goes on adding rows while
    /// the scan runs, and they copy nothing: positions are added after the
    /// copy's in place (`RowRefs`), and the index is the list's alone.
    /// (A whole table held by the scan made the next part of a load copy
    /// its index and positions on the UI thread: at ten million rows about
    /// 200 MB, and a key pressed then waited up to 1.2 s.)
    var forScanning: RowTable {
        var copy = RowTable()
        copy.pages = pages
        copy.refs = refs
        copy.shapes = shapes
        copy.shapeNumbers = shapeNumbers
        copy.arrival = arrival
        return copy
    }
}
