/// A field computed by an expression rather than read at a path: `{jq:
/// '[.labels[].name] | join(", ")'}` in the config. The loader compiles
/// it once (RowboatJQ's `JQProgram` is one); mapping runs it on each
/// element, and its value is coerced, defaulted and sanitized like a
/// path's.
public protocol FieldExpression: Sendable {
    /// The expression as written (the columns panel shows it).
    var source: String { get }
    /// Its value on `element`: nil when it gives none or fails (the
    /// field's default applies).
    func value<Node: JSONNode>(of element: Node) -> JSONValue?
}

/// A field's expression, compared by its text (a `FieldSpec` is Equatable).
public struct ComputedField: Sendable, Equatable {
    public let expression: any FieldExpression

    public init(_ expression: any FieldExpression) {
        self.expression = expression
    }

    public static func == (a: ComputedField, b: ComputedField) -> Bool {
        a.expression.source == b.expression.source
    }
}
