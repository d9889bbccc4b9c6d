/// A list row ready to render: built from an `Item` off the UI thread so the
/// reducer and renderer only copy and draw.
public struct RowModel: Sendable, Equatable, Identifiable, Codable {
    public var id: String
    public var title: String
    public var subtitle: String
    public var imageURL: String?
    public var linkURL: String?
    /// Every mapped field by name, formatted for display.
    public var fields: RowFields
    /// Field names in mapping order (for the detail view).
    public var fieldOrder: [String]

    public init(id: String, title: String, subtitle: String = "", imageURL: String? = nil,
                linkURL: String? = nil, fields: RowFields = [:], fieldOrder: [String] = []) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.imageURL = imageURL
        self.linkURL = linkURL
        self.fields = fields
        self.fieldOrder = fieldOrder
    }

    /// Display text of a field at time `now` (seconds since the epoch).
    public func text(_ field: String, now: Double) -> String {
        fields[field]?.display(now: now) ?? ""
    }
}

/// The display form of a field: fixed text, or a moment shown relative to
/// the time of drawing ("5 min ago") up to `withinDays` days (nil: the
/// default 30; rows stored before the setting existed decode as nil).
public enum CellText: Sendable, Equatable, Codable {
    case text(String)
    case relativeDate(Double, withinDays: Int? = nil)

    public func display(now: Double) -> String {
        switch self {
        case .text(let s): s
        case .relativeDate(let t, let days):
            ValueFormatter.relative(t, now: now, withinDays: days ?? FieldSpec.defaultRelativeDays)
        }
    }
}

/// Builds `RowModel`s from mapped items; money is written by `money`
/// (the user's locale, the field's currency).
public struct RowModelBuilder: Sendable {
    public let mapping: ItemMapping
    public let money: MoneyFormatter
    /// The field names, one array for every row (see `RowFields`).
    package let names: [String]
    /// Those the detail shows and search reads (not the hidden `@` fields).
    package let shownNames: [String]
    /// What each name needs of its spec, found once (not per row).
    package let looks: [Look]
    /// Where the image and link fields are in `names`.
    let imageAt: Int?, linkAt: Int?

    /// A field's spec as a row reads it.
    package struct Look: Sendable {
        package var relative: Bool
        package var relativeDays: Int
        package var currency: String?
        var isTitle: Bool
        var isSubtitle: Bool
        /// It keeps the server's text (`FieldSpec.exact`): never cleaned.
        package var exact: Bool
        /// For an exact field: where the field it keeps the text of is
        /// (`@price` → `price`). When the two texts are the same, the exact
        /// one is left empty: "as shown" (`ActionFields.value`).
        package var shows: Int?
    }

    public init(mapping: ItemMapping, money: MoneyFormatter = MoneyFormatter()) {
        self.mapping = mapping
        self.money = money
        var names: [String] = []
        for spec in mapping.fields where !names.contains(spec.name) { names.append(spec.name) }
        self.names = names
        shownNames = names.filter { !ActionFields.isHidden($0) }
        looks = names.map { name in
            let spec = mapping.field(name)!
            return Look(relative: spec.relative, relativeDays: spec.relativeDays, currency: spec.currency,
                        isTitle: name == "title", isSubtitle: name == "subtitle", exact: spec.exact,
                        shows: spec.exact ? ActionFields.shownName(name).flatMap { names.firstIndex(of: $0) } : nil)
        }
        imageAt = names.firstIndex(of: "image")
        linkAt = names.firstIndex(of: "link")
    }

    public func row(for item: Item) -> RowModel {
        var values: [CellText] = []
        values.reserveCapacity(names.count)
        var title: String?, subtitle: String?
        // An item of the mapping this builder was made for has its values
        // in the same order (usually the very same names array).
        let inOrder = item.values.names == names
        for (at, name) in names.enumerated() {
            let spec = looks[at]
            let value = (inOrder ? item.values.values[at] : item.values[name]) ?? .missing
            switch value {
            case .date(let t) where spec.relative:
                let days = spec.relativeDays == FieldSpec.defaultRelativeDays ? nil : spec.relativeDays
                values.append(.relativeDate(t, withinDays: days))
            case .money(let amount):
                values.append(.text(Sanitizer.clean(money.string(amount, currency: spec.currency))))
            case _ where spec.exact:
                values.append(.text(value.plainText))
            default:
                // The row's title and subtitle are the same text: one string, shared.
                let text = Sanitizer.clean(value.plainText)
                if spec.isTitle { title = text }
                if spec.isSubtitle { subtitle = text }
                values.append(.text(text))
            }
        }
        for (at, spec) in looks.enumerated() where spec.exact {
            if let shows = spec.shows, values[at] == values[shows] { values[at] = .text("") }
        }
        func url(_ name: String, _ at: Int?) -> String? {
            // Not mapped: no URL (an item has only its mapping's fields).
            if inOrder && at == nil { return nil }
            let s = inOrder ? item.values.values[at!].plainText : item.text(name)
            return s.isEmpty ? nil : Sanitizer.clean(s, limit: 2048)
        }
        return RowModel(id: item.id,
                        title: title ?? Sanitizer.clean(item.text("title")),
                        subtitle: subtitle ?? Sanitizer.clean(item.text("subtitle")),
                        imageURL: url("image", imageAt), linkURL: url("link", linkAt),
                        fields: RowFields(names: names, values: values), fieldOrder: shownNames)
    }
}
