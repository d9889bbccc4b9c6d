/// One mapped list element: a stable id and typed field values by name.
public struct Item: Sendable, Equatable, Identifiable {
    public var id: String
    /// The values by field name (`item.values["price"]`); an endpoint's
    /// items share the array of names.
    public var values: ItemValues

    public init(id: String, values: ItemValues) {
        self.id = id
        self.values = values
    }

    public init(id: String, values: [String: FieldValue]) {
        self.init(id: id, values: ItemValues(values))
    }

    /// The value of `name` as text (empty when missing).
    public func text(_ name: String) -> String {
        values[name]?.plainText ?? ""
    }
}

/// An item's mapped values by field name (see `NamedFields`).
public typealias ItemValues = NamedFields<FieldValue>

/// A typed field value after coercion.
public enum FieldValue: Sendable, Equatable {
    case missing
    case text(String)
    case int(Int64)
    case number(Double)
    case bool(Bool)
    case money(Double)
    /// A moment as seconds since the Unix epoch.
    case date(Double)
    /// A number of an `int`, `number` or `money` field that `Int64` or
    /// `Double` would change (a 23-digit id, 2^64, `1e400`): the server's
    /// text, shown and written as is (`JSONValue.numberText`).
    case numberText(String)

    /// The value as plain text, without relative or locale formatting.
    public var plainText: String {
        switch self {
        case .missing: ""
        case .text(let s): s
        case .int(let i): String(i)
        case .number(let d): JSONValue.format(d)
        case .bool(let b): b ? "true" : "false"
        case .money(let d): ValueFormatter.money(d)
        case .date(let t): ValueFormatter.isoDate(t)
        case .numberText(let t): t
        }
    }
}
