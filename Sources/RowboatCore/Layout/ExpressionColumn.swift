import RowboatSpec

/// A column added in the columns panel whose value is a jq expression
/// (`a`, typed on the panel's prompt): run on each row drawn as the local
/// filter's `jq:` conditions run — on the row's fields by name, typed
/// (`RowExpressionTest.object`) — within the expression's own bounds
/// (`JQLimits`: a watchdog per item), its result cleaned as every value
/// is. Its field is `jq: EXPR`: how an arrangement keeps it.
public struct ExpressionColumn: Sendable, Equatable {
    public let computed: ComputedField

    public init(_ computed: ComputedField) {
        self.computed = computed
    }

    /// What the field name of an expression column begins with.
    public static let prefix = "jq: "

    /// The expression as typed.
    public var source: String { computed.expression.source }
    /// Its field: `jq: ` and the expression.
    public var field: String { Self.prefix + source }
    /// The expression of an expression column's field, nil for a mapped field.
    public static func source(ofField field: String) -> String? {
        field.hasPrefix(prefix) ? String(field.dropFirst(prefix.count)) : nil
    }

    /// The column shown for it: the expression as its title, a share of the room.
    public var spec: ColumnSpec { ColumnSpec(field: field, title: source, width: .weight(1, min: 8)) }
    /// Its line's field in the columns panel (where it is read: `jq`).
    public var info: FieldInfo { FieldInfo(name: field, path: "jq", column: spec) }

    /// `source` compiled by `compiler`, or one line saying why it does not compile.
    public static func compile(_ source: String, _ compiler: ExpressionCompiler) -> Result<ExpressionColumn, ExpressionError> {
        compiler.compile(source).map { ExpressionColumn(ComputedField($0)) }
    }

    /// Its text on a row (`row`: the row as `RowExpressionTest.object`
    /// makes it): a scalar as its text, an array or object as its JSON,
    /// cleaned; nil when it gives null, nothing, fails or hits a bound.
    public func text(on row: JSONValue) -> CellText? {
        guard let value = computed.expression.value(of: row), let text = value.scalarText else { return nil }
        return .text(Sanitizer.clean(text))
    }
}

extension AppState {
    /// The current endpoint's fields' kinds by name (what a `jq:`
    /// expression reads numbers, money and dates by).
    var fieldKinds: [String: SortKind] {
        var kinds: [String: SortKind] = [:]
        for field in endpoints[endpointKey]?.fields ?? [] {
            if let type = field.type { kinds[field.name] = SortKind(type) }
        }
        return kinds
    }

    /// The fields the columns panel lists: the endpoint's, then the
    /// current tab's expression columns.
    public var columnFields: [FieldInfo] {
        (endpoints[endpointKey]?.fields ?? []) + tab.expressionColumns.map(\.info)
    }

    /// `row` with the current tab's expression columns' values among its fields.
    func withExpressionColumns(_ row: RowModel) -> RowModel {
        guard !tab.expressionColumns.isEmpty else { return row }
        var row = row
        let object = RowExpressionTest.object(of: row, kinds: fieldKinds)
        for column in tab.expressionColumns { row.fields[column.field] = column.text(on: object) }
        return row
    }
}
