import RowboatSpec

/// A row's tone, for a state a colour shows (a failed job, a stopped
/// process): the table row's text and the card's title take the theme's
/// style for it (monochrome themes: attributes only); the selection's
/// highlight wins. Kept in a hidden field of the row.
public enum RowTone: String, Sendable, CaseIterable {
    case good, warning, bad, muted, strong

    /// The hidden field that holds it.
    public static let field = "@tone"

    /// The hidden field that holds the tone of one cell: the field `name`'s.
    public static func cellField(_ name: String) -> String { field + ":" + name }

    /// The name of `row`'s tone (or, given `cell`, of that field's cell):
    /// one of these, or a role the theme was given (`Theme.tones`).
    public static func name(of row: RowModel, cell: String? = nil) -> String? {
        guard case .text(let name)? = row.fields[cell.map(cellField) ?? field] else { return nil }
        return name
    }
}
