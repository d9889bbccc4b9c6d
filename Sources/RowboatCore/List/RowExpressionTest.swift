import RowboatSpec

/// A `jq:` condition of the local filter tested on rows where they lie
/// (`RowObject`: each row an object of its fields by name), kept when the
/// expression's first result is neither false nor null
/// (`select(.price > 100)`, or `.price > 100`). A failing or bounded
/// expression keeps no row.
final class RowExpressionTest: @unchecked Sendable {
    let expression: any FieldExpression
    let rows: RowObject

    init(_ expression: any FieldExpression, shapes: [[String]], kinds: [String: SortKind]) {
        self.expression = expression
        rows = RowObject(shapes: shapes, kinds: kinds)
    }

    func keeps(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, shape: Int) -> Bool {
        guard let object = rows.object(bytes, at: at, shape: shape) else { return false }
        switch expression.value(of: object) {
        case nil, .null?, .bool(false)?: return false
        default: return true
        }
    }
}
