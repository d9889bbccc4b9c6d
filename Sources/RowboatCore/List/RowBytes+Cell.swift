import RowboatSpec

/// One field of a stored row read where it lies, without making the row:
/// what a local sort takes its keys from.
extension RowBytes {
    /// A field's stored value.
    enum Cell {
        /// Display text, as UTF-8 in the page.
        case text(UnsafeBufferPointer<UInt8>)
        /// A relative date's moment (seconds since the epoch).
        case date(Double)
        /// The row's shape has no such field.
        case missing
    }

    /// The shape number of the row at `at`.
    @inline(__always)
    static func shape(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Int {
        var reader = Reader(bytes: bytes, at: at)
        return Int(reader.number())
    }

    /// Field number `field` of the row at `at` (its shape's field order;
    /// negative: the shape has no such field).
    static func cell(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, field: Int) -> Cell {
        guard field >= 0 else { return .missing }
        var reader = Reader(bytes: bytes, at: at)
        _ = reader.number()
        let flags = reader.byte()
        let id = reader.textBytes()
        let title = reader.textBytes()
        let subtitle = reader.textBytes()
        if flags & ReadFlag.image != 0 { _ = reader.textBytes() }
        if flags & ReadFlag.link != 0 { _ = reader.textBytes() }
        for _ in 0..<field { reader.skipValue() }
        switch reader.byte() {
        case ReadTag.title: return .text(title)
        case ReadTag.subtitle: return .text(subtitle)
        case ReadTag.id: return .text(id)
        case ReadTag.date, ReadTag.dateWithin: return .date(reader.double())
        default: return .text(reader.textBytes())
        }
    }
}

extension RowTable {
    /// For each shape of the table, the index of field `name` in it (-1:
    /// the shape has none).
    func fieldIndexByShape(_ name: String) -> [Int] {
        shapes.map { $0.names.firstIndex(of: name) ?? -1 }
    }

    /// Field `name` of row `row` (its index in each shape from
    /// `fieldIndexByShape`), where it lies.
    func cell(_ row: Int, fieldIndexByShape: [Int]) -> RowBytes.Cell {
        let (page, at) = location(of: row)
        return RowBytes.cell(page, at: at, field: fieldIndexByShape[RowBytes.shape(page, at: at)])
    }
}
