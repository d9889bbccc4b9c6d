import RowboatSpec
import RowboatCells

/// One row of a `ListController`: an id that stays the same across pages
/// and refreshes (rows are de-duplicated and the selection kept by it), a
/// title and subtitle, named fields for columns and the detail view, an
/// optional image (drawn as a thumbnail in the grid and the detail) and an
/// optional http(s) link (`o` opens it, `y` copies it).
public struct ListRow: Sendable, Equatable, Identifiable {
    public var id: String
    /// The row's name: the first column and a card's heading.
    public var title: String
    /// A second line of text (a column, under the title on a card).
    public var subtitle: String
    /// Named values, in the order the detail view lists them; a column
    /// shows the field it names (`title` and `subtitle` are fields too).
    public var fields: [ListField]
    /// An http(s) URL of the row's picture (drawn with `ListController.images` set).
    public var imageURL: String?
    /// An http(s) link: `o` opens it, `y` copies it, the detail shows it.
    public var link: String?
    /// A style the row is drawn in (nil: none): its text in the table, its
    /// title on a card.
    public var style: ListRowStyle?
    /// Styles of single cells, by field name, over the row's (the table).
    public var cellStyles: [String: ListRowStyle] = [:]

    /// A row; literal `fields` keep the order written.
    public init(id: String, title: String, subtitle: String = "", fields: KeyValuePairs<String, String> = [:],
                imageURL: String? = nil, link: String? = nil, style: ListRowStyle? = nil,
                cellStyles: [String: ListRowStyle] = [:]) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.fields = fields.map { ListField(name: $0.key, value: $0.value) }
        self.imageURL = imageURL
        self.link = link
        self.style = style
        self.cellStyles = cellStyles
    }

    /// A row whose fields are built from data, in order:
    /// `fields: names.map { ListField(name: $0, value: values[$0] ?? "") }`.
    public init(id: String, title: String, subtitle: String = "", fields: [ListField],
                imageURL: String? = nil, link: String? = nil, style: ListRowStyle? = nil,
                cellStyles: [String: ListRowStyle] = [:]) {
        self.init(id: id, title: title, subtitle: subtitle, imageURL: imageURL, link: link, style: style,
                  cellStyles: cellStyles)
        self.fields = fields
    }

    /// A row whose fields are an ordered array of name/value pairs:
    /// `fields: [("pid", "42"), ("state", "S")]`.
    public init(id: String, title: String, subtitle: String = "", fields: [(String, String)],
                imageURL: String? = nil, link: String? = nil, style: ListRowStyle? = nil,
                cellStyles: [String: ListRowStyle] = [:]) {
        self.init(id: id, title: title, subtitle: subtitle, fields: fields.map { ListField(name: $0.0, value: $0.1) },
                  imageURL: imageURL, link: link, style: style, cellStyles: cellStyles)
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
    /// The field's name, as columns and templates (`${item.NAME}`) name it.
    public var name: String
    /// Its text (shown sanitized; handed to actions exactly).
    public var value: String

    /// A field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A style a row or a cell is drawn in: one of the five built-in states —
/// `good` green, `warning` yellow, `bad` the error colour, `muted` dim,
/// `strong` bold, in the theme's colours (monochrome: attributes) — or a
/// role of your own, named here and given its colours in
/// `ListController.styles`. The selection's highlight wins.
///
/// ```swift
/// controller.styles["library"] = ListStyleRole(color: .cyan, bold: true)
/// ListRow(id: "libc6", title: "libc6", style: "library", cellStyles: ["size": .warning])
/// ```
public struct ListRowStyle: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The built-in state's name, or your role's.
    public var name: String

    /// The style named `name`: a built-in state or a role in `ListController.styles`.
    public init(_ name: String) { self.name = name }

    public init(stringLiteral name: String) { self.name = name }

    /// Green (monochrome: bold).
    public static let good = ListRowStyle("good")
    /// Yellow (monochrome: underlined).
    public static let warning = ListRowStyle("warning")
    /// The theme's error colour.
    public static let bad = ListRowStyle("bad")
    /// Dim.
    public static let muted = ListRowStyle("muted")
    /// Bold.
    public static let strong = ListRowStyle("strong")
}

/// The colours and attributes of a style role of your own
/// (`ListController.styles`), and what it is where there is no colour
/// (`NO_COLOR`, the monochrome theme, a terminal without colours).
public struct ListStyleRole: Sendable, Hashable {
    /// The text's colour (nil: the theme's).
    public var color: ListColor?
    /// Bold text.
    public var bold: Bool
    /// Underlined text.
    public var underline: Bool
    /// Dim text.
    public var dim: Bool
    /// In monochrome: bold unless said otherwise.
    public var monochromeBold: Bool
    /// In monochrome: underlined.
    public var monochromeUnderline: Bool

    /// A role: its colour and attributes, and what it is in monochrome.
    public init(color: ListColor? = nil, bold: Bool = false, underline: Bool = false, dim: Bool = false,
                monochromeBold: Bool = true, monochromeUnderline: Bool = false) {
        self.color = color
        self.bold = bold
        self.underline = underline
        self.dim = dim
        self.monochromeBold = monochromeBold
        self.monochromeUnderline = monochromeUnderline
    }

    var tone: ToneRole {
        var attributes: Style.Attributes = []
        if bold { attributes.insert(.bold) }
        if underline { attributes.insert(.underline) }
        if dim { attributes.insert(.dim) }
        var monochrome: Style.Attributes = []
        if monochromeBold { monochrome.insert(.bold) }
        if monochromeUnderline { monochrome.insert(.underline) }
        return ToneRole(foreground: color?.terminal, attributes: attributes, monochrome: monochrome)
    }
}

/// A text colour: one of the terminal's named colours (as the 256-colour
/// palette has them), any of the 256, or 24-bit RGB (drawn as the nearest
/// palette colour where the terminal has no direct colour).
public enum ListColor: Sendable, Hashable {
    /// The terminal's named colours, as the 256-colour palette has them.
    case red, green, yellow, blue, magenta, cyan, white, gray
    /// One of the 256 palette colours.
    case indexed(UInt8)
    /// 24-bit 0xRRGGBB.
    case rgb(UInt32)

    var terminal: Style.Color {
        switch self {
        case .red: .indexed(203)
        case .green: .indexed(114)
        case .yellow: .indexed(221)
        case .blue: .indexed(75)
        case .magenta: .indexed(176)
        case .cyan: .indexed(80)
        case .white: .indexed(231)
        case .gray: .indexed(245)
        case .indexed(let n): .indexed(n)
        case .rgb(let value): .rgb(value & 0xFF_FFFF)
        }
    }
}

/// A type of your own that a `ListController` can show: say how it looks
/// as a row.
public protocol ListRowConvertible: Sendable {
    /// The row that shows this value.
    var listRow: ListRow { get }
}

extension ListRow: ListRowConvertible {
    /// The row itself.
    public var listRow: ListRow { self }
}

extension ListRow {
    /// The row as the runtime draws it (text is sanitized when drawn).
    var model: RowModel {
        var cells: RowFields = ["title": .text(title), "subtitle": .text(subtitle)]
        for field in fields { cells[field.name] = .text(field.value) }
        if let style { cells[RowTone.field] = .text(style.name) }
        for (field, style) in cellStyles { cells[RowTone.cellField(field)] = .text(style.name) }
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
        self.style = RowTone.name(of: model).map { ListRowStyle($0) }
        let prefix = RowTone.cellField("")
        for name in model.fields.names where name.hasPrefix(prefix) {
            if case .text(let style)? = model.fields[name] { cellStyles[String(name.dropFirst(prefix.count))] = ListRowStyle(style) }
        }
    }
}
