import Foundation

/// The item fields that templates hand on (action arguments, request paths,
/// params and bodies, URLs to open, related params), kept in hidden fields
/// of the mapping (`@name`) as the server wrote them: exactly, never
/// cleaned or cut (`FieldSpec.exact`), so a program or a server gets the
/// server's value (a nested `owner.login`, a price as written, a title
/// with its line breaks), not its display text. Hidden fields are neither
/// shown nor searched nor printed by `fetch`; only the terminal's copy of
/// a value is sanitized.
public enum ActionFields {
    /// The hidden field that keeps `name`'s JSON.
    public static func rawName(_ name: String) -> String { "@" + name }

    /// The field whose server text `hidden` keeps (`@price` → `price`).
    public static func shownName(_ hidden: String) -> String? {
        hidden.hasPrefix("@") && hidden != notApplying ? String(hidden.dropFirst()) : nil
    }

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

    /// `mapping` with an exact hidden field for each of `names` (the
    /// `${item.X}` and `${marked.X}` of the endpoint's templates): the
    /// mapped field's path when `X` is mapped, else `X` as a path inside
    /// the item. The id is exact on its own; a standard field (title,
    /// subtitle, link, image) that is not mapped has no value to keep.
    public static func adding(_ names: [String], to mapping: ItemMapping) -> ItemMapping {
        var out = mapping
        for name in names where name != "id" && out.field(rawName(name)) == nil {
            let path: JSONPath
            if let field = mapping.field(name) {
                path = field.path
            } else {
                guard !ItemMapping.standardFields.contains(name), let parsed = JSONPath(name) else { continue }
                path = parsed
            }
            out.fields.append(FieldSpec(name: rawName(name), path: path, type: .text, exact: true))
        }
        return out
    }

    /// A row's value for `${item.name}`, as the server wrote it: the id,
    /// the text its hidden field keeps (empty there: the same as shown),
    /// else the field's shown text; nil when the row has none.
    public static func value(of row: RowModel, _ name: String) -> String? {
        if name == "id" { return row.id.isEmpty ? nil : row.id }
        if case .text(let kept)? = row.fields[rawName(name)], !kept.isEmpty { return kept }
        let text: String
        if let cell = row.fields[name] {
            text = cell.display(now: 0)
        } else {
            // The standard fields a row keeps on its own.
            switch name {
            case "title": text = row.title
            case "subtitle": text = row.subtitle
            case "link": text = row.linkURL ?? ""
            case "image": text = row.imageURL ?? ""
            default: return nil
            }
        }
        return text.isEmpty ? nil : text
    }
}
