import RowboatCore
import RowboatSpec

/// One row of a `ListController`: an id that stays the same across pages
/// and refreshes (rows are de-duplicated and the selection kept by it), a
/// title and subtitle, named fields for columns and the detail view, an
/// optional image (drawn as a thumbnail in the grid and the detail) and an
/// optional http(s) link (`o` opens it, `y` copies it).
public struct ListRow: Sendable, Equatable, Identifiable {
    public var id: String
    public var title: String
    public var subtitle: String
    /// Named values, in the order the detail view lists them; a column
    /// shows the field it names (`title` and `subtitle` are fields too).
    public var fields: [ListField]
    public var imageURL: String?
    public var link: String?
    /// A state the row's colour shows (nil: none): its text in the table,
    /// its title on a card.
    public var style: ListRowStyle?

    public init(id: String, title: String, subtitle: String = "", fields: KeyValuePairs<String, String> = [:],
                imageURL: String? = nil, link: String? = nil, style: ListRowStyle? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.fields = fields.map { ListField(name: $0.key, value: $0.value) }
        self.imageURL = imageURL
        self.link = link
        self.style = style
    }

    /// A row whose fields are built from data, in order:
    /// `fields: names.map { ListField(name: $0, value: values[$0] ?? "") }`.
    public init(id: String, title: String, subtitle: String = "", fields: [ListField],
                imageURL: String? = nil, link: String? = nil, style: ListRowStyle? = nil) {
        self.init(id: id, title: title, subtitle: subtitle, imageURL: imageURL, link: link, style: style)
        self.fields = fields
    }

    /// A row whose fields are an ordered array of name/value pairs:
    /// `fields: [("pid", "42"), ("state", "S")]`.
    public init(id: String, title: String, subtitle: String = "", fields: [(String, String)],
                imageURL: String? = nil, link: String? = nil, style: ListRowStyle? = nil) {
        self.init(id: id, title: title, subtitle: subtitle, fields: fields.map { ListField(name: $0.0, value: $0.1) },
                  imageURL: imageURL, link: link, style: style)
    }

    /// The value of field `name` ("" when the row has none).
    public func value(_ name: String) -> String {
        switch name {
        case "title": title
        case "subtitle": subtitle
        default: fields.first { $0.name == name }?.value ?? ""
        }
    }
}

/// A named value of a row: what `fields:` is made of. Literal fields
/// (`["pid": "42"]`) become these in order; a program that builds fields
/// from data can pass `[ListField]` (or `[(String, String)]`) itself.
public struct ListField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A state a row's colour shows, in the theme's colours (monochrome:
/// attributes): `good` green, `warning` yellow, `bad` the error colour,
/// `muted` dim, `strong` bold. The selection's highlight wins.
public enum ListRowStyle: String, Sendable, CaseIterable {
    case good, warning, bad, muted, strong

    var tone: RowTone { RowTone(rawValue: rawValue)! }

    init(_ tone: RowTone) { self = ListRowStyle(rawValue: tone.rawValue)! }
}

/// A type of your own that a `ListController` can show: say how it looks
/// as a row.
public protocol ListRowConvertible: Sendable {
    var listRow: ListRow { get }
}

extension ListRow: ListRowConvertible {
    public var listRow: ListRow { self }
}

extension ListRow {
    /// The row as the runtime draws it (text is sanitized when drawn).
    var model: RowModel {
        var cells: RowFields = ["title": .text(title), "subtitle": .text(subtitle)]
        for field in fields { cells[field.name] = .text(field.value) }
        if let style { cells[RowTone.field] = .text(style.tone.rawValue) }
        return RowModel(id: id, title: title, subtitle: subtitle, imageURL: imageURL, linkURL: link, fields: cells,
                        fieldOrder: fields.map(\.name))
    }

    /// A row back from the runtime's model (for callbacks).
    init(model: RowModel) {
        self.id = model.id
        self.title = model.title
        self.subtitle = model.subtitle
        self.fields = model.fieldOrder.map { ListField(name: $0, value: model.text($0, now: 0)) }
        self.imageURL = model.imageURL
        self.link = model.linkURL
        self.style = RowTone.of(model).map(ListRowStyle.init)
    }
}
