import RowboatSpec

/// What your detail hook (`ListController.onDetail`) hands back when a
/// row's detail opens: the fields to list, in order, and an optional text
/// shown after them (wrapped and scrolled, its line breaks and blank-line
/// paragraphs kept). The row's title and subtitle head the detail, its
/// image and link stay. `fields:` takes what `ListRow(fields:)` takes: a
/// literal, `[ListField]` or an ordered array of pairs.
///
/// ```swift
/// controller.onDetail { row in
///     ListDetail(fields: ["state": try await state(of: row.id)], text: try await log(of: row.id))
/// }
/// ```
public struct ListDetail: Sendable, Equatable {
    /// The fields listed, in order.
    public var fields: [ListField]
    /// Free text after the fields (under the label `text`).
    public var text: String?

    /// Fields as a literal, in the order written, and a text.
    public init(fields: KeyValuePairs<String, String> = [:], text: String? = nil) {
        self.fields = fields.map { ListField(name: $0.key, value: $0.value) }
        self.text = text
    }

    /// Fields built from data, in order.
    public init(fields: [ListField], text: String? = nil) {
        self.fields = fields
        self.text = text
    }

    /// Fields as an ordered array of name/value pairs:
    /// `fields: [("Version", "2.1"), ("Size", "3 MB")]`.
    public init(fields: [(String, String)], text: String? = nil) {
        self.init(fields: fields.map { ListField(name: $0.0, value: $0.1) }, text: text)
    }

    /// The detail as the runtime draws it: `row`'s own parts, these fields.
    func model(of row: RowModel) -> RowModel {
        var cells: RowFields = ["title": .text(row.title), "subtitle": .text(row.subtitle)]
        for field in fields { cells[field.name] = .text(field.value) }
        var order = fields.map(\.name)
        if let text {
            cells["text"] = .text(text)
            order.append("text")
        }
        // The hidden fields the row keeps (the actions that do not apply).
        for name in row.fields.names where ActionFields.isHidden(name) { cells[name] = row.fields[name] }
        return RowModel(id: row.id, title: row.title, subtitle: row.subtitle, imageURL: row.imageURL, linkURL: row.linkURL,
                        fields: cells, fieldOrder: order)
    }
}
