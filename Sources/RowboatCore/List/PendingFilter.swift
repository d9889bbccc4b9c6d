import RowboatSpec

/// A local filter asked for and not yet in force, its rows being found off
/// the UI thread (`ListEffect.filterRows`): which request, which filter
/// (nil: none, every row back, put in order off the UI thread too),
/// and the rows it was asked about — the table's `stamp` and `count`, and
/// how many rows the filter in force had set aside (`aside`). The answer
/// fits the rows while those hold, rows added at the end since aside.
public struct PendingFilter: Sendable, Equatable {
    public var id: Int
    public var filter: RowFilter?
    /// Only the rows shown were asked about (the filter adds conditions
    /// to the one in force); else the rows set aside too.
    public var narrowing: Bool
    public var stamp: UInt64
    public var count: Int
    public var aside: Int

    public init(id: Int, filter: RowFilter?, narrowing: Bool, stamp: UInt64, count: Int, aside: Int) {
        self.id = id
        self.filter = filter
        self.narrowing = narrowing
        self.stamp = stamp
        self.count = count
        self.aside = aside
    }
}
