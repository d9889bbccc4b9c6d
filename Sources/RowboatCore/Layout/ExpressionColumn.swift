import RowboatSpec

/// A column added in the columns panel whose value is a jq expression
/// (`a`, typed on the panel's prompt): run on each row drawn as the local
/// filter's `jq:` conditions run — on the row's fields by name, typed
/// (`RowObject`) — within the expression's own bounds (`JQLimits`: a
/// watchdog per item), its result cleaned as every value is. It is a
/// column like the others: the panel's sort and filter keys read it
/// (`ComputedColumn`), a view and the kept layout keep it. Its field is
/// `jq: EXPR`: how an arrangement and a view keep it.
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

    /// Its text on a row (`row`: the row as `RowObject` makes it): what
    /// `ComputedColumn.text` gives, which the sort and filter read too.
    public func text(on row: JSONValue) -> CellText? {
        ComputedColumn.text(of: computed, on: row).map(CellText.text)
    }

    /// The column as the local sort and filter read it, the row's fields typed by `kinds`.
    public func reading(kinds: [String: SortKind]) -> ComputedColumn {
        ComputedColumn(computed, kinds: kinds)
    }
}

extension AppState {
    /// The current endpoint's fields' kinds by name (what a `jq:`
    /// expression reads numbers, money and dates by).
    var fieldKinds: [String: SortKind] {
        fieldKinds(of: endpoints[endpointKey]?.fields ?? [])
    }

    /// The kinds of `fields` by name (those with a type).
    func fieldKinds(of fields: [FieldInfo]) -> [String: SortKind] {
        var kinds: [String: SortKind] = [:]
        for field in fields {
            if let type = field.type { kinds[field.name] = SortKind(type) }
        }
        return kinds
    }

    /// The fields the columns panel lists: the endpoint's, then the
    /// current tab's expression columns.
    public var columnFields: [FieldInfo] {
        (endpoints[endpointKey]?.fields ?? []) + tab.expressionColumns.map(\.info)
    }

    /// The expression columns among `columns` (a kept layout's, a saved
    /// view's), compiled again by `expressions`; one that no longer
    /// compiles is left out, and the first such is the line returned.
    func expressionColumns(of columns: [ChosenColumn]) -> ([ExpressionColumn], String?) {
        var added: [ExpressionColumn] = []
        var problem: String?
        for column in columns {
            guard let source = ExpressionColumn.source(ofField: column.field),
                  !added.contains(where: { $0.field == column.field }) else { continue }
            switch ExpressionColumn.compile(source, expressions) {
            case .success(let compiled): added.append(compiled)
            case .failure(let error):
                problem = problem ?? Sanitizer.clean("kept column dropped (\(source)): \(error.message)", limit: 200)
            }
        }
        return (added, problem)
    }

    /// Field `field` as the local sort and filter read it when it is one
    /// of the current tab's expression columns; nil for a mapped field.
    func computedColumn(_ field: String) -> ComputedColumn? {
        tab.expressionColumns.first { $0.field == field }?.reading(kinds: fieldKinds)
    }

    /// `row` with the current tab's expression columns' values among its fields.
    func withExpressionColumns(_ row: RowModel) -> RowModel {
        guard !tab.expressionColumns.isEmpty else { return row }
        var row = row
        let object = RowObject.object(of: row, kinds: fieldKinds)
        for column in tab.expressionColumns { row.fields[column.field] = column.text(on: object) }
        return row
    }
}
