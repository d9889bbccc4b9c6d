import Foundation

/// The item fields action templates read, kept in hidden fields of the
/// mapping (`@name`) as the server's text, so a template gets the server's
/// value (a nested `owner.login`, a price as written, not as shown), not
/// its display text. Hidden fields are neither shown nor searched nor
/// printed by `fetch`.
public enum ActionFields {
    /// The hidden field that keeps `name`'s JSON.
    public static func rawName(_ name: String) -> String { "@" + name }

    /// The hidden field of a kit row that lists (comma-separated) the
    /// indices of the endpoint's actions that do not apply to it.
    public static let notApplying = "@!actions"

    /// False when `row` says action `index` does not apply to it.
    public static func applies(_ index: Int, to row: RowModel) -> Bool {
        guard case .text(let list)? = row.fields[notApplying] else { return true }
        return !list.split(separator: ",").contains { Int($0) == index }
    }

    /// True for a hidden field (not shown in the detail or as a column).
    public static func isHidden(_ name: String) -> Bool { name.hasPrefix("@") }

    /// `mapping` with a hidden field for every `${item.X}` and
    /// `${marked.X}` of `actions` that is not kept as written already: a
    /// path inside the item, or a field whose type changes its text
    /// (money, dates, html). `id`, `title`, `subtitle`, `link` and `image`
    /// are the row's own.
    public static func adding(_ actions: [ActionSpec], to mapping: ItemMapping) -> ItemMapping {
        var out = mapping
        for name in actions.flatMap(\.itemFields) {
            guard !["id", "title", "subtitle", "link", "image"].contains(name), out.field(rawName(name)) == nil else { continue }
            let path: JSONPath
            if let field = mapping.field(name) {
                guard field.type != .text && field.type != .int else { continue }
                path = field.path
            } else {
                guard let parsed = JSONPath(name) else { continue }
                path = parsed
            }
            out.fields.append(FieldSpec(name: rawName(name), path: path, type: .text))
        }
        return out
    }
}
