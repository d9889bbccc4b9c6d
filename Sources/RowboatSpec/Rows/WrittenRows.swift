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

    /// Adds the rows of `other` (of the same shape) after these.
    package mutating func append(_ other: WrittenRows) {
        let base = bytes.count
        bytes += other.bytes
        starts += other.starts.map { $0 + base }
    }

    /// Keeps the first `count` rows.
    package mutating func truncate(to count: Int) {
        guard count < starts.count else { return }
        bytes.removeLast(bytes.count - starts[count])
        starts.removeLast(starts.count - count)
    }
}
