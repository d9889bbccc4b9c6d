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

extension WrittenRows {
    /// Takes `other`'s rows (of the same shape) after these.
    package mutating func append(_ other: WrittenRows) {
        guard !other.isEmpty else { return }
        if isEmpty {
            bytes = other.bytes
            starts = other.starts
            return
        }
        let offset = bytes.count
        bytes.append(contentsOf: other.bytes)
        starts.reserveCapacity(starts.count + other.starts.count)
        for start in other.starts { starts.append(start + offset) }
    }
}
