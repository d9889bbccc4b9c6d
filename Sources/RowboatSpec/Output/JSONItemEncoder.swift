/// Encodes items as JSON objects on one line: mapped field names as keys,
/// typed values (numbers, bools, ISO 8601 dates, null for missing). Text is
/// sanitized, then escaped, so no control character reaches the output.
public struct JSONItemEncoder: Sendable {
    public let fields: OutputFields

    public init(fields: OutputFields) {
        self.fields = fields
    }

    /// `{"id":"1","title":"…",…}` without a trailing newline.
    public func object(_ item: Item) -> String {
        var out = "{"
        for (i, (name, value)) in zip(fields.names, fields.values(of: item)).enumerated() {
            if i > 0 { out += "," }
            out += Self.string(name) + ":" + Self.value(value)
        }
        return out + "}"
    }

    /// One typed value as JSON.
    public static func value(_ value: FieldValue) -> String {
        switch value {
        case .missing: "null"
        case .text(let s): string(s)
        case .int(let i): String(i)
        case .number(let d), .money(let d): d.isFinite ? JSONValue.format(d) : "null"
        case .bool(let b): b ? "true" : "false"
        case .date(let t): ISOTimestamp.string(t).map(string) ?? "null"
        case .numberText(let t): JSONNumberText.isValid(t) ? t : string(t)
        }
    }

    /// A JSON string literal of the sanitized text.
    public static func string(_ text: String) -> String {
        DoubleQuoted.literal(Sanitizer.clean(text))
    }
}
