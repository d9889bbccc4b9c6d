/// An aligned plain-text table of items for people: the endpoint's columns
/// (titles as the header), laid out by `TableLayout` as in the browser,
/// cells cut with "…" by display width. Values are
/// formatted as in the browser (money grouped in the user's locale,
/// calendar dates, relative times seen from `now`).
public struct TableFormatter: Sendable {
    public static let gap = 2

    public let columns: [ColumnSpec]
    public let widths: [Int]
    let builder: RowModelBuilder
    let now: Double

    public init(columns: [ColumnSpec], mapping: ItemMapping, width: Int, now: Double,
                money: MoneyFormatter = MoneyFormatter()) {
        let specs = columns.isEmpty
            ? OutputFields(mapping: mapping).names.map { ColumnSpec(field: $0, title: $0, width: .weight(1, min: 6)) }
            : columns
        let layout = TableLayout(specs: specs, width: width, gap: Self.gap)
        self.columns = layout.columns.map(\.spec)
        widths = layout.columns.map(\.width)
        builder = RowModelBuilder(mapping: mapping, money: money)
        self.now = now
    }

    /// The header line.
    public func header() -> String {
        line(columns.map { Sanitizer.clean($0.title, limit: 200) })
    }

    /// One line per item.
    public func rows(_ items: [Item]) -> String {
        items.map { item in
            let row = builder.row(for: item)
            return line(columns.map { $0.field == "id" && row.fields["id"] == nil ? row.id : row.text($0.field, now: now) })
        }.joined()
    }

    func line(_ cells: [String]) -> String {
        var out = ""
        for (i, spec) in columns.enumerated() {
            let text = TextFit.truncate(Sanitizer.clean(cells[i]), to: widths[i])
            let pad = String(repeating: " ", count: max(0, widths[i] - DisplayWidth.of(text)))
            if i > 0 { out += String(repeating: " ", count: Self.gap) }
            out += spec.alignment == .right ? pad + text : text + pad
        }
        while out.last == " " { out.removeLast() }
        return out + "\n"
    }
}
