/// Encodes items as JSON objects on one line: mapped field names as keys,
/// typed values (numbers, bools, ISO 8601 dates, null for missing). Text is
/// sanitized, then escaped, so no control character reaches the output;
/// the id is the server's text whole, every character a terminal must not
/// get written as a `\uXXXX` escape (exact, and safe to print).
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
            if i == 0, case .text(let id) = value {
                out += Self.string(name) + ":" + Self.exact(id)
                continue
            }
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

    /// A JSON string literal of `text` exactly (secrets redacted): controls,
    /// bidi marks and invisible characters as `\uXXXX`, nothing cut.
    public static func exact(_ text: String) -> String {
        DoubleQuoted.literal(Secrets.redact(text)) { Sanitizer.classify(Unicode.Scalar($0)!) != .keep }
    }
}
