/// CSV (RFC 4180: CRLF line ends, fields with commas or quotes quoted and
/// quotes doubled) and TSV (tabs and newlines flattened to spaces, `\n`
/// line ends). Every value is sanitized text; dates are ISO 8601.
public struct DelimitedFormatter: Sendable {
    /// Which flavour to write.
    public enum Kind: Sendable, Equatable { case csv, tsv }

    public let kind: Kind
    public let fields: OutputFields

    public init(kind: Kind, fields: OutputFields) {
        self.kind = kind
        self.fields = fields
    }

    /// The header row of field names, with its line end.
    public func header() -> String {
        line(fields.names)
    }

    /// One row per item, each with its line end.
    public func rows(_ items: [Item]) -> String {
        items.map { line(fields.values(of: $0).map(Self.text)) }.joined()
    }

    func line(_ cells: [String]) -> String {
        switch kind {
        case .csv: cells.map(Self.csvField).joined(separator: ",") + "\r\n"
        case .tsv: cells.map(Self.tsvField).joined(separator: "\t") + "\n"
        }
    }

    /// A value as text for a delimited cell (money with two decimals).
    public static func text(_ value: FieldValue) -> String {
        switch value {
        case .missing: ""
        case .money(let d): d.isFinite ? ValueFormatter.money(d) : ""
        case .number(let d): d.isFinite ? JSONValue.format(d) : ""
        case .date(let t): ISOTimestamp.string(t) ?? ""
        default: value.plainText
        }
    }

    /// (Cleaned but never cut: an id is written whole, however long.)
    static func csvField(_ text: String) -> String {
        let clean = Sanitizer.cleanWhole(text)
        guard clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return clean }
        return "\"" + clean.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func tsvField(_ text: String) -> String {
        // The sanitizer turns tabs and newlines into single spaces.
        Sanitizer.cleanWhole(text)
    }
}
