/// The fields an item is written with, in order: `id` first, then every
/// mapped field in mapping order. Values keep their types; an unmapped `id`
/// is the item's positional id as text.
public struct OutputFields: Sendable, Equatable {
    /// Field names as written (sanitized).
    public let names: [String]
    let raw: [String]

    public init(mapping: ItemMapping) {
        // Fields kept only for action templates (`@name`) are not printed.
        raw = ["id"] + mapping.fields.map(\.name).filter { $0 != "id" && !ActionFields.isHidden($0) }
        names = raw.map { Sanitizer.clean($0, limit: 200) }
    }

    /// The typed values of `item`, one per name.
    public func values(of item: Item) -> [FieldValue] {
        raw.map { name in
            if let value = item.values[name] { return value }
            return name == "id" ? .text(item.id) : .missing
        }
    }
}
