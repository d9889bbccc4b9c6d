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

    public func render(_ list: ListState, into grid: inout CellGrid, y: Int, now: Double,
                       images: [String: ImagePhase] = [:], thumbnails: [ImageRequest: Thumbnail] = [:]) {
        let top = layout.topRow(selection: list.selection, scrollOffset: list.scrollOffset)
        for cardRow in 0..<layout.visibleRows {
            for column in 0..<layout.columns {
                let index = (top + cardRow) * layout.columns + column
                guard index < list.rows.count else { return }
                let x = column * (layout.cardWidth + GridLayout.gap)
                renderCard(list.rows[index], selected: index == list.selection, into: &grid,
                           x: x, y: y + cardRow * GridLayout.cardHeight, now: now, images: images, thumbnails: thumbnails)
            }
        }
    }

    func renderCard(_ row: RowModel, selected: Bool, into grid: inout CellGrid, x: Int, y: Int, now: Double,
                    images: [String: ImagePhase], thumbnails: [ImageRequest: Thumbnail]) {
        let width = layout.cardWidth
        let frame = selected ? theme.selected : theme.dim
        let painter = ThumbnailPainter(theme: theme)
        let phase = row.imageURL.map { images[$0] ?? .new }
        if let url = row.imageURL,
           let thumbnail = thumbnails[ImageRequest(url: url, columns: width, rows: GridLayout.thumbnailRows)] {
            painter.paint(thumbnail, into: &grid, x: x, y: y, columns: width, rows: GridLayout.thumbnailRows)
        } else {
            painter.placeholder(phase, into: &grid, x: x, y: y, columns: width, rows: GridLayout.thumbnailRows,
                                frame: frame)
        }
        let textStyle = selected ? theme.selected : theme.normal
        grid.putField(row.title, x: x, y: y + GridLayout.thumbnailRows, width: width,
                      style: Style(foreground: textStyle.foreground, background: textStyle.background,
                                   attributes: textStyle.attributes.union(.bold)))
        grid.putField(row.subtitle, x: x, y: y + GridLayout.thumbnailRows + 1, width: width,
                      style: selected ? theme.selected : theme.dim)
        let price = row.text("price", now: now)
        grid.putField((phase?.badge ?? " ") + " " + price, x: x, y: y + GridLayout.thumbnailRows + 2, width: width,
                      style: selected ? theme.selected : theme.normal)
    }
}
