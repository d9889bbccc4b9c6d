import RowboatCore
import RowboatSpec

/// Draws a list as a table: a header row, then each visible item's row
/// (where the screen layout puts it) with the selection highlighted. Only
/// visible rows are touched, so the cost follows the screen, not the list.
public struct TableView {
    public var layout: TableLayout
    public var theme: Theme
    /// Cells taken at the left by the image badge column (0: none).
    public var badgeWidth: Int

    /// With `badges`, the first two cells of each row show its image state.
    public init(columns: [ColumnSpec], width: Int, theme: Theme, badges: Bool = false) {
        badgeWidth = badges ? 2 : 0
        self.layout = TableLayout(specs: columns, width: max(1, width - badgeWidth))
        self.theme = theme
    }

    /// The header row; the column a local sort goes by carries its arrow.
    public func renderHeader(into grid: inout CellGrid, y: Int, sort: LocalSort? = nil) {
        grid.fill(x: 0, y: y, count: grid.width, style: theme.header)
        for column in layout.columns {
            let arrow = sort?.field == column.spec.field ? " " + sort!.arrow : ""
            grid.putField(column.spec.title + arrow, x: badgeWidth + column.x, y: y, width: column.width,
                          style: theme.header, alignRight: column.spec.alignment == .right)
        }
    }

    /// Draws one row at screen row `y`: the badge of its image, a star for
    /// a favorite, its columns; highlighted when `selected`. A row a live
    /// refresh brought (`new`) carries + and bold text until the selection
    /// has been on it.
    public func renderRow(_ row: RowModel, selected: Bool, favorite: Bool, marked: Bool = false, new: Bool = false,
                          into grid: inout CellGrid, y: Int, now: Double, images: [String: ImagePhase] = [:]) {
        var style = selected ? theme.selected : marked ? theme.accent : theme.normal
        if !selected && !marked { style = theme.style(RowTone.of(row), on: style) }
        if new && !selected && !marked { style.attributes.insert(.bold) }
        grid.fill(x: 0, y: y, count: grid.width, style: style)
        if badgeWidth > 0, let url = row.imageURL {
            let phase = images[url] ?? .new
            var badgeStyle = style
            if case .failed = phase, !selected { badgeStyle = theme.error }
            grid.put(phase.badge, x: 0, y: y, maxWidth: 1, style: badgeStyle)
        }
        for (i, column) in layout.columns.enumerated() {
            // Marked rows carry a dot, favorites a star, before the first column's text.
            let mark = i == 0 ? (new ? "+ " : "") + (marked ? "● " : "") + (favorite ? "★ " : "") : ""
            grid.putField(mark + row.text(column.spec.field, now: now), x: badgeWidth + column.x, y: y,
                          width: column.width, style: style, alignRight: column.spec.alignment == .right)
        }
    }
}
