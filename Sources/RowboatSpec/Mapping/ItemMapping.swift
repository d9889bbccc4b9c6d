/// How one JSON list element becomes an `Item`: a path, type and default for
/// each field, and the strings that count as missing.
public struct ItemMapping: Sendable, Equatable {
    /// Field names every mapping may declare and that the UI knows.
    public static let standardFields = ["id", "title", "subtitle", "image", "link"]
    /// Values that mean "missing" when no list is given.
    public static let defaultNullStrings = ["null", "NULL", "Null", "(null)", "<null>", "nil", "NaN", "undefined", "None"]

    public var fields: [FieldSpec]
    public var nullStrings: [String]

    public init(fields: [FieldSpec], nullStrings: [String] = ItemMapping.defaultNullStrings) {
        self.fields = fields
        self.nullStrings = nullStrings
    }

    /// The path that reads an element's key in a keyed-object list.
    public static let keyPath = "$key"

    /// The spec of the field `name`, if mapped.
    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

/// One mapped field: a JSON path, a type to coerce to, a default.
public struct FieldSpec: Sendable, Equatable {
    public var name: String
    public var path: JSONPath
    public var type: FieldType
    public var defaultValue: String?
    /// For dates: show "5 min ago" rather than the calendar date.
    public var relative: Bool
    /// For relative dates: older than this many days, the calendar date.
    public var relativeDays: Int
    /// For money: the ISO 4217 currency code shown with the amount.
    public var currency: String?
    /// Keeps the server's text exactly (no entity decoding, no sanitizing,
    /// no cap): a hidden field whose value is handed to a program or a
    /// server (`ActionFields`), never to the terminal.
    public var exact: Bool
    /// A field computed by an expression (`{jq: …}`): run on the element
    /// in place of `path` (which is then the root, unused).
    public var computed: ComputedField?

    /// Relative dates turn into calendar dates after this many days.
    public static let defaultRelativeDays = 30

    public init(name: String, path: JSONPath, type: FieldType = .text,
                defaultValue: String? = nil, relative: Bool = false,
                relativeDays: Int = FieldSpec.defaultRelativeDays, currency: String? = nil, exact: Bool = false,
                computed: ComputedField? = nil) {
        self.name = name
        self.path = path
        self.type = type
        self.defaultValue = defaultValue
        self.relative = relative
        self.relativeDays = relativeDays
        self.currency = currency
        self.exact = exact
        self.computed = computed
    }

    /// True when its text is the server's, exactly: an `exact` field and
    /// the id (which names the item to the server, marks, favorites and
    /// the cache, so it is never cleaned or cut; drawing it cleans it).
    public var keepsServerText: Bool { exact || (name == "id" && type == .text) }

    /// True when the path is `$key`: in a keyed-object list the field is
    /// the element's key (elsewhere it is an ordinary key lookup).
    public var readsKey: Bool { computed == nil && path.steps == [.key(ItemMapping.keyPath)] }

    /// Where the value comes from, as the columns panel shows it: the
    /// path, or `jq: EXPR`.
    public var source: String { computed.map { "jq: " + $0.expression.source } ?? path.description }
}

/// The type a field's value is coerced to before display.
public enum FieldType: String, Sendable, Equatable, CaseIterable {
    case text, int, number, bool, money
    case dateSeconds = "date-seconds"
    case dateMillis = "date-millis"
    case dateISO8601 = "date-iso8601"
    /// HTML made plain text (tags removed, breaks kept as spaces, entities decoded).
    case html
}
