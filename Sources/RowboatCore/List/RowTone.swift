import RowboatSpec

/// A row's tone, for a state a colour shows (a failed job, a stopped
/// process): the table row's text and the card's title take the theme's
/// style for it (monochrome themes: attributes only); the selection's
/// highlight wins. Kept in a hidden field of the row.
public enum RowTone: String, Sendable, CaseIterable {
    case good, warning, bad, muted, strong

    /// The hidden field that holds it.
    public static let field = "@tone"

    /// `row`'s tone, if it has one.
    public static func of(_ row: RowModel) -> RowTone? {
        guard case .text(let name)? = row.fields[field] else { return nil }
        return RowTone(rawValue: name)
    }
}
