import RowboatCore

/// Draws a list as a table: a header row, then one row per visible item
/// with the selection highlighted. Only visible rows are touched, so the cost
/// follows the screen, not the list.
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

    public func renderHeader(into grid: inout CellGrid, y: Int) {
        grid.fill(x: 0, y: y, count: grid.width, style: theme.header)
        for column in layout.columns {
            grid.putField(column.spec.title, x: badgeWidth + column.x, y: y, width: column.width, style: theme.header,
                          alignRight: column.spec.alignment == .right)
        }
    }

    /// Draws rows `list.scrollOffset ..< +height` starting at screen row `y`.
    public func renderRows(_ list: ListState, into grid: inout CellGrid, y: Int, height: Int, now: Double,
                           favorites: Set<String> = [], images: [String: ImagePhase] = [:]) {
        for line in 0..<height {
            let index = list.scrollOffset + line
            guard index < list.rows.count else { break }
            let row = list.rows[index]
            let style = index == list.selection ? theme.selected : theme.normal
            grid.fill(x: 0, y: y + line, count: grid.width, style: style)
            if badgeWidth > 0, let url = row.imageURL {
                let phase = images[url] ?? .new
                var badgeStyle = style
                if case .failed = phase, index != list.selection { badgeStyle = theme.error }
                grid.put(phase.badge, x: 0, y: y + line, maxWidth: 1, style: badgeStyle)
            }
            for (i, column) in layout.columns.enumerated() {
                // Favorites carry a star before the first column's text.
                let mark = i == 0 && favorites.contains(row.id) ? "★ " : ""
                grid.putField(mark + row.text(column.spec.field, now: now), x: badgeWidth + column.x, y: y + line,
                              width: column.width, style: style, alignRight: column.spec.alignment == .right)
            }
        }
    }
}
