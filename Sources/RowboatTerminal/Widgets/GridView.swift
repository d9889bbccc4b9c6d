import RowboatCore

/// Draws the list as a grid of cards: a thumbnail area, title, subtitle and
/// a line with the image state badge and the price. Only visible cards are
/// touched.
public struct GridView {
    public var layout: GridLayout
    public var theme: Theme

    public init(layout: GridLayout, theme: Theme) {
        self.layout = layout
        self.theme = theme
    }

    /// The badge for a card's image. Until an image is asked for, it is new.
    static func badge(for row: RowModel) -> String {
        row.imageURL == nil ? " " : "◌"
    }

    public func render(_ list: ListState, into grid: inout CellGrid, y: Int, now: Double) {
        let top = layout.topRow(selection: list.selection, scrollOffset: list.scrollOffset)
        for cardRow in 0..<layout.visibleRows {
            for column in 0..<layout.columns {
                let index = (top + cardRow) * layout.columns + column
                guard index < list.rows.count else { return }
                let x = column * (layout.cardWidth + GridLayout.gap)
                renderCard(list.rows[index], selected: index == list.selection, into: &grid,
                           x: x, y: y + cardRow * GridLayout.cardHeight, now: now)
            }
        }
    }

    func renderCard(_ row: RowModel, selected: Bool, into grid: inout CellGrid, x: Int, y: Int, now: Double) {
        let width = layout.cardWidth
        let frame = selected ? theme.selected : theme.dim
        // Thumbnail area: a framed box until the image issue draws pixels.
        for line in 0..<GridLayout.thumbnailRows {
            let edge = line == 0 || line == GridLayout.thumbnailRows - 1
            let text = edge ? String(repeating: "·", count: width) : "·" + String(repeating: " ", count: max(0, width - 2)) + "·"
            grid.put(text, x: x, y: y + line, maxWidth: width, style: frame)
        }
        let textStyle = selected ? theme.selected : theme.normal
        grid.putField(row.title, x: x, y: y + GridLayout.thumbnailRows, width: width,
                      style: Style(foreground: textStyle.foreground, background: textStyle.background,
                                   attributes: textStyle.attributes.union(.bold)))
        grid.putField(row.subtitle, x: x, y: y + GridLayout.thumbnailRows + 1, width: width,
                      style: selected ? theme.selected : theme.dim)
        let price = row.text("price", now: now)
        grid.putField(Self.badge(for: row) + " " + price, x: x, y: y + GridLayout.thumbnailRows + 2, width: width,
                      style: selected ? theme.selected : theme.normal)
    }
}
