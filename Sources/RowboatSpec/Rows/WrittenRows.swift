/// Rows written as `RowBytes` away from the list — a streamed body's part,
/// written by its decoder straight from the body (`TapeRowWriter`) — for a
/// `RowTable` to take in with one copy of their bytes.
public struct WrittenRows: Sendable, Equatable {
    /// The rows back to back; row `i` starts at `starts[i]`.
    package var bytes: [UInt8] = []
    package var starts: [Int] = []
    /// The shape of every row (the rows are written with shape number 0).
    package let shape: RowShape

    package init(shape: RowShape) {
        self.shape = shape
    }

    /// How many rows.
    public var count: Int { starts.count }

    public var isEmpty: Bool { starts.isEmpty }
}
