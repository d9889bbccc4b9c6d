/// Writes items page by page in one `OutputFormat`: `begin()` once, then
/// `page(_:)` for each page as it arrives, then `end()`. Pure: returns the
/// text to write; the caller does the IO.
public struct ItemStreamFormatter: Sendable {
    public let format: OutputFormat
    let fields: OutputFields
    let json: JSONItemEncoder
    let delimited: DelimitedFormatter?
    let table: TableFormatter?
    var written = 0

    /// `width`, `now` and `money` (grouped, in the user's locale) matter
    /// only for the table; csv and json carry plain numbers.
    public init(format: OutputFormat, mapping: ItemMapping, columns: [ColumnSpec], width: Int = 120, now: Double = 0,
                money: MoneyFormatter = MoneyFormatter()) {
        self.format = format
        fields = OutputFields(mapping: mapping)
        json = JSONItemEncoder(fields: fields)
        switch format {
        case .csv: delimited = DelimitedFormatter(kind: .csv, fields: fields)
        case .tsv: delimited = DelimitedFormatter(kind: .tsv, fields: fields)
        default: delimited = nil
        }
        table = format == .table ? TableFormatter(columns: columns, mapping: mapping, width: width, now: now, money: money)
            : nil
    }

    /// What comes before the first item (a header row, or `[`).
    public func begin() -> String {
        switch format {
        case .json: "["
        case .jsonl: ""
        case .csv, .tsv: delimited!.header()
        case .table: table!.header()
        }
    }

    /// The text for one page of items.
    public mutating func page(_ items: [Item]) -> String {
        defer { written += items.count }
        switch format {
        case .json:
            return items.enumerated().map { i, item in
                (written + i == 0 ? "\n" : ",\n") + json.object(item)
            }.joined()
        case .jsonl: return items.map { json.object($0) + "\n" }.joined()
        case .csv, .tsv: return delimited!.rows(items)
        case .table: return table!.rows(items)
        }
    }

    /// What comes after the last item (`]` for JSON).
    public func end() -> String {
        format == .json ? (written == 0 ? "]\n" : "\n]\n") : ""
    }
}
