import RowboatCore
import RowboatSpec
import RowboatCells

/// Draws a list as a table: a header row, then each visible item's row
/// (where the screen layout puts it) with the selection highlighted. Only
/// visible rows are touched, so the cost follows the screen, not the list.
public struct TableView: CellView {
    /// One row of the table, and how it stands in the list.
    public struct Line {
        public var row: RowModel
        public var selected: Bool
        public var favorite: Bool
        public var marked: Bool
        /// A row a live refresh brought: + and bold text until the selection has been on it.
        public var new: Bool
        /// The fields whose cells a live tick or a stream just changed
        /// (bold, in the accent colour, `*` in the gutter).
        public var changed: Set<String>
        /// A row a tick found gone from the first page (dimmed).
        public var gone: Bool
        /// The search text, underlined where a cell shows it.
        public var highlight: String?

        public init(_ row: RowModel, selected: Bool, favorite: Bool, marked: Bool = false, new: Bool = false,
                    changed: Set<String> = [], gone: Bool = false, highlight: String? = nil) {
            self.row = row
            self.selected = selected
            self.favorite = favorite
            self.marked = marked
            self.new = new
            self.changed = changed
            self.gone = gone
            self.highlight = highlight
        }
    }

    public var layout: TableLayout
    public var theme: Theme
    /// Cells taken at the left by the image badge column (0: none).
    public var badgeWidth: Int
    /// Where the first column starts: after the badge and the row's gutter
    /// (`ScreenLayout.rowGutter`).
    public var columnsX: Int
    /// The clock, for relative dates.
    public var now: Double
    /// Where each row's image is, by URL (for the badge).
    public var images: [String: ImagePhase]

    /// With `badges`, the first two cells of each row show its image state.
    public init(columns: [ColumnSpec], width: Int, theme: Theme, badges: Bool = false, now: Double = 0,
                images: [String: ImagePhase] = [:]) {
        badgeWidth = badges ? 2 : 0
        columnsX = ScreenLayout.columnsX(badges: badges)
        self.layout = ScreenLayout.table(columns, width: width, badges: badges)
        self.theme = theme
        self.now = now
        self.images = images
    }

    /// Underlines (and makes bold) where the cell shows `needle`, as the
    /// search found it; a match the cell's width cut off is not marked.
    func mark(_ needle: String, in text: String, x: Int, y: Int, width: Int, alignRight: Bool, style: Style,
              into grid: inout CellGrid) {
        let fitted = TextFit.truncate(Sanitizer.clean(text), to: width)
        guard let range = SearchState.highlight(needle, in: fitted) else { return }
        let start = x + (alignRight ? width - DisplayWidth.of(fitted) : 0) + DisplayWidth.of(String(fitted[..<range.lowerBound]))
        var marked = style
        marked.attributes.formUnion([.underline, .bold])
        grid.put(String(fitted[range]), x: start, y: y, maxWidth: x + width - start, style: marked)
    }

    /// The gutter's two symbols: marked (or new), then favorite (or new
    /// when marked too).
    public static func gutter(favorite: Bool, marked: Bool, new: Bool, changed: Bool = false) -> String {
        let first = marked ? "●" : new ? "+" : changed ? "*" : " "
        let second = favorite ? "★" : marked && new ? "+" : " "
        return first + second
    }

    /// Draws one row on `line` (where the layout puts it): the badge of
    /// its image, its gutter (marked, new, favorite), its columns;
    /// highlighted when selected.
    public func render(_ item: Line, in line: Rect, into grid: inout CellGrid) {
        let (row, selected, favorite, marked, new) = (item.row, item.selected, item.favorite, item.marked, item.new)
        let (changed, gone, highlight) = (item.changed, item.gone, item.highlight)
        let (x0, y) = (line.x, line.y)
        var style = selected ? theme.selected : marked ? theme.accent : theme.normal
        let toned = !selected && !marked
        if toned { style = theme.style(toneNamed: RowTone.name(of: row), on: style) }
        if new && !selected && !marked { style.attributes.insert(.bold) }
        if gone && !selected && !marked { style = theme.dim }
        grid.fill(x: x0, y: y, count: line.width, style: style)
        if badgeWidth > 0, let url = row.imageURL {
            let phase = images[url] ?? .new
            var badgeStyle = style
            if case .failed = phase, !selected { badgeStyle = theme.error }
            grid.put(phase.badge, x: x0, y: y, maxWidth: 1, style: badgeStyle)
        }
        grid.put(Self.gutter(favorite: favorite, marked: marked, new: new, changed: !changed.isEmpty), x: x0 + badgeWidth,
                 y: y, maxWidth: ScreenLayout.rowGutter, style: style)
        for column in layout.columns {
            let text = row.text(column.spec.field, now: now)
            let right = column.spec.alignment == .right
            // A cell's own tone (a program's style for one field) over the row's.
            var cellStyle = toned ? theme.style(toneNamed: RowTone.name(of: row, cell: column.spec.field), on: style) : style
            if changed.contains(column.spec.field) {
                cellStyle.attributes.insert(.bold)
                if !selected { cellStyle.foreground = theme.accent.foreground }
            }
            grid.putField(text, x: x0 + columnsX + column.x, y: y, width: column.width, style: cellStyle, alignRight: right)
            if let highlight {
                mark(highlight, in: text, x: x0 + columnsX + column.x, y: y, width: column.width, alignRight: right,
                     style: cellStyle, into: &grid)
            }
        }
    }
}
