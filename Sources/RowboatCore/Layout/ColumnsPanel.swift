import RowboatSpec

/// The open columns panel: one line per field the table can show — the
/// shown columns first, in their order, then every other mapped field —
/// and the line the cursor is on.
public struct ColumnsPanel: Sendable, Equatable {
    /// The line under the cursor.
    public var cursor: Int
    /// A value being typed for a filter condition on the field under the
    /// cursor (`t`), or an expression column's jq expression (`a`): nil
    /// when not typing.
    public var typed: String?
    /// What is typed is an expression column's (`ExpressionColumn`), not a filter's value.
    public var addsColumn: Bool
    /// Why the expression typed was not added (one line), shown until the next key.
    public var problem: String?

    public init(cursor: Int = 0, typed: String? = nil, addsColumn: Bool = false, problem: String? = nil) {
        self.cursor = cursor
        self.typed = typed
        self.addsColumn = addsColumn
        self.problem = problem
    }

    /// One line of the panel.
    public struct Line: Sendable, Equatable {
        public var field: String
        /// The column's title when shown, else the title it would have (a
        /// kit program's `moreColumns`), else the field's name.
        public var title: String
        /// Where the field is read in an item (`$.owner.login`); empty
        /// when not known (a program's own rows).
        public var path: String
        /// Shown, and its place among the shown columns.
        public var place: Int?

        public var shown: Bool { place != nil }
    }

    /// The lines for `columns` (shown, in order) and `fields` (every field
    /// the endpoint maps, in the mapping's order).
    public static func lines(columns: [ColumnSpec], fields: [FieldInfo]) -> [Line] {
        let paths = Dictionary(fields.map { ($0.name, $0.path) }) { first, _ in first }
        var lines = columns.enumerated().map { place, column in
            Line(field: column.field, title: column.title, path: paths[column.field] ?? "", place: place)
        }
        let shown = Set(columns.map(\.field))
        for field in fields where !shown.contains(field.name) {
            lines.append(Line(field: field.name, title: field.column?.title ?? field.name, path: field.path, place: nil))
        }
        return lines
    }
}

/// What the columns panel's keys do.
public enum ColumnsAction: Sendable, Equatable {
    case open
    /// Move the cursor by this many lines.
    case move(Int)
    /// Show the field under the cursor as a column, or hide its column.
    case toggle
    /// Move its column left (< 0) or right.
    case shift(Int)
    /// Make its column wider (> 0) or narrower.
    case resize(Int)
    /// Sort the loaded rows by it: ascending, then descending, then back
    /// to the server's order.
    case sort
    /// Keep only the loaded rows whose field under the cursor relates so
    /// to the selected row's value (`RowFilter`; conditions stack).
    case filter(FilterCondition.Relation)
    /// Drop the local filter's last condition, or all of them.
    case unfilter(all: Bool)
    /// Type a value for a filter condition on the field under the cursor.
    case type(TypedValueAction)
    /// Type a jq expression for a new column (`ExpressionColumn`); the
    /// typing keys are `type`'s.
    case addExpression
    /// The config's columns again.
    case restore
    case close

    /// How many cells a resize step adds or takes.
    public static let resizeStep = 2
    /// The narrowest and widest a column may be made.
    public static let widths = 3...200
}

/// The keys of a value typed in the columns panel (`t`).
public enum TypedValueAction: Sendable, Equatable {
    case begin
    case insert(String)
    case deleteBackward
    /// Enter: keep the rows that meet it (`FilterCondition.parse`).
    case submit
    case cancel
}

/// A field an endpoint maps, as the columns panel and the local sort see
/// it: its name, where it is read, and its type (nil: not known, as for a
/// `ListController`'s fields; the sort then reads each value).
public struct FieldInfo: Sendable, Equatable {
    public var name: String
    public var path: String
    public var type: FieldType?
    /// The column it becomes when shown (nil: its name as the title, a
    /// share of the width).
    public var column: ColumnSpec?

    public init(name: String, path: String = "", type: FieldType? = nil, column: ColumnSpec? = nil) {
        self.name = name
        self.path = path
        self.type = type
        self.column = column
    }

    /// The fields of `mapping` a user may see: all but the hidden `@`
    /// fields actions read.
    public static func of(_ mapping: ItemMapping) -> [FieldInfo] {
        var seen: Set<String> = []
        return mapping.fields.compactMap { spec in
            guard !ActionFields.isHidden(spec.name), seen.insert(spec.name).inserted else { return nil }
            return FieldInfo(name: spec.name, path: spec.source, type: spec.type)
        }
    }
}
