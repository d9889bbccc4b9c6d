import RowboatSpec

/// A column whose value is computed from its row rather than read where
/// it lies: an expression column's jq expression (`ExpressionColumn`) over
/// the row's fields (`RowObject`, typed by `kinds`). A local sort or a
/// filter condition on such a column carries it (`LocalSort.computed`,
/// `FilterCondition.computed`), so it reads the very text the column draws
/// — on the UI thread or off it — and the sort and the filter read it as
/// any field (`FieldCells`).
public struct ComputedColumn: Sendable, Equatable {
    public var expression: ComputedField
    /// The row's fields' kinds by name (how numbers, money and dates are read back).
    public var kinds: [String: SortKind]

    public init(_ expression: ComputedField, kinds: [String: SortKind]) {
        self.expression = expression
        self.kinds = kinds
    }

    /// Its text on a row read as a `RowObject`: a scalar as its text, an
    /// array or object as its JSON, cleaned; nil when it gives null,
    /// nothing, fails or hits a bound.
    public func text(on row: JSONValue) -> String? {
        Self.text(of: expression, on: row)
    }

    static func text(of expression: ComputedField, on row: JSONValue) -> String? {
        guard let value = expression.expression.value(of: row), let text = value.scalarText else { return nil }
        return Sanitizer.clean(text)
    }
}
