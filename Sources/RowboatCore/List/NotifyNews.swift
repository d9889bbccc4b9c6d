import Foundation
import RowboatSpec

/// What a list's `notify:` rules make of an update (a live tick, a
/// stream's events, a refresh): one notice per rule that some row met,
/// its text filled from the first such row (sanitized, secrets redacted,
/// one line) and how many rows met it. Pure: the rows are given.
public struct Notice: Sendable, Equatable {
    public var title: String?
    public var text: String
    /// How many rows met the rule in this update.
    public var rows: Int

    public init(title: String?, text: String, rows: Int) {
        self.title = title
        self.text = text
        self.rows = rows
    }

    /// The longest text sent (a notification is one line).
    public static let maxText = 200

    /// The notices of `rules` for the rows an update added (`new`) and
    /// changed (`changed`: each row with the fields that changed).
    public static func of(_ rules: [NotifyRule], new: [RowModel], changed: [(RowModel, Set<String>)],
                          now: Double) -> [Notice] {
        rules.compactMap { rule in
            let met: [RowModel]
            switch rule.trigger {
            case .new:
                met = new
            case .change(let field):
                met = changed.filter { field.map($0.1.contains) ?? true }.map(\.0)
            case .match(let field, let relation, let value):
                met = (new + changed.filter { $0.1.contains(field) }.map(\.0))
                    .filter { meets($0.text(field, now: now), relation: relation, value: value) }
            }
            guard let first = met.first else { return nil }
            return Notice(title: rule.title, text: text(rule.text, row: first, now: now), rows: met.count)
        }
    }

    /// The notices of watched rows that changed (`w`): one, naming the
    /// first row and the fields that changed.
    public static func watched(_ changed: [(RowModel, Set<String>)]) -> [Notice] {
        guard let (row, fields) = changed.first else { return [] }
        let text = Sanitizer.clean(Secrets.redact("\(row.title) changed: \(fields.sorted().joined(separator: ", "))"), limit: maxText)
        return [Notice(title: "Watched", text: text, rows: changed.count)]
    }

    /// `template` filled from `row`'s fields as shown, one clean line.
    static func text(_ template: Template, row: RowModel, now: Double) -> String {
        let filled = (try? TemplateFill.text(template) { placeholder in .one(row.text(placeholder.name, now: now)) }) ?? ""
        return Sanitizer.clean(Secrets.redact(filled), limit: maxText)
    }

    /// Whether a shown value meets `relation value`: `=` the same text or
    /// number, `~` contains (any case), `<` `>` as numbers.
    static func meets(_ shown: String, relation: String, value: String) -> Bool {
        switch relation {
        case "=": return shown == value || (number(shown) != nil && number(shown) == number(value))
        case "~": return shown.localizedCaseInsensitiveContains(value)
        case "<": return number(shown).flatMap { a in number(value).map { a < $0 } } ?? false
        case ">": return number(shown).flatMap { a in number(value).map { a > $0 } } ?? false
        default: return false
        }
    }

    /// A number shown with grouping or a currency sign (`$1,234.50`).
    static func number(_ text: String) -> Double? {
        let digits = text.filter { $0.isNumber || $0 == "." || $0 == "-" }
        return digits.isEmpty ? nil : Double(digits)
    }
}
