import RowboatSpec

/// A field's cell on each row of a table as the local sort and the local
/// filter read it: where it lies in the row's bytes (a mapped field), or
/// computed from the row's fields (a `ComputedColumn`: the text its
/// expression column draws). The sort's keys and the filter's tests take
/// either alike: a column is sorted and filtered by the same way whatever
/// gives its values.
struct FieldCells {
    /// For each shape of the table, the field's index in it (-1: none).
    let fields: [Int]
    /// The column's expression and the rows as it reads them; nil for a mapped field.
    let computed: (column: ComputedColumn, rows: RowObject)?
    /// A mapped field (no `computed`): asked first, at every row, so the
    /// optional pair is not unwrapped — copied through its value witnesses,
    /// its arrays retained — at every row of a sort's keys or a filter's
    /// tests.
    private let mapped: Bool

    init(_ table: RowTable, field: String, computed: ComputedColumn?) {
        fields = table.fieldIndexByShape(field)
        self.computed = computed.map { ($0, RowObject(shapes: table.shapes.map(\.names), kinds: $0.kinds)) }
        mapped = computed == nil
    }

    /// `body` given the cell of the row at `at` of a page, of shape
    /// `shape` (the cell's bytes valid only inside `body`).
    @inline(__always)
    func withCell<R>(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, shape: Int, _ body: (RowBytes.Cell) -> R) -> R {
        guard !mapped, let computed else {
            return body(RowBytes.cell(bytes, at: at, field: fields.indices.contains(shape) ? fields[shape] : -1))
        }
        guard let object = computed.rows.object(bytes, at: at, shape: shape),
              var text = computed.column.text(on: object) else { return body(.missing) }
        return text.withUTF8 { body(.text($0)) }
    }

    /// `body` given the cell of row `row` of `table`.
    func withCell<R>(_ table: RowTable, _ row: Int, _ body: (RowBytes.Cell) -> R) -> R {
        let (page, at) = table.location(of: row)
        return withCell(page, at: at, shape: RowBytes.shape(page, at: at), body)
    }
}
