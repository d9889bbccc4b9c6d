import RowboatCore
import RowboatSpec

/// One card of the grid or of a related strip: a thumbnail area, the title,
/// the subtitle and a line with the image state badge and the price. Where
/// it goes comes from the screen layout.
public struct CardView {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// `phase`: where the row's image is (nil: it has none).
    public func render(_ row: RowModel, selected: Bool, marked: Bool = false, into grid: inout CellGrid, x: Int, y: Int,
                       width: Int, now: Double, phase: ImagePhase?, thumbnails: [ImageRequest: Thumbnail]) {
        let frame = selected ? theme.selected : theme.dim
        let painter = ThumbnailPainter(theme: theme)
        if let url = row.imageURL,
           let thumbnail = thumbnails[ImageRequest(url: url, columns: width, rows: GridLayout.thumbnailRows)] {
            painter.paint(thumbnail, into: &grid, x: x, y: y, columns: width, rows: GridLayout.thumbnailRows)
        } else {
            painter.placeholder(phase, into: &grid, x: x, y: y, columns: width, rows: GridLayout.thumbnailRows,
                                frame: frame)
        }
        let textStyle = selected ? theme.selected : marked ? theme.accent : theme.normal
        grid.putField((marked ? "● " : "") + row.title, x: x, y: y + GridLayout.thumbnailRows, width: width,
                      style: Style(foreground: textStyle.foreground, background: textStyle.background,
                                   attributes: textStyle.attributes.union(.bold)))
        grid.putField(row.subtitle, x: x, y: y + GridLayout.thumbnailRows + 1, width: width,
                      style: selected ? theme.selected : theme.dim)
        let price = row.text("price", now: now)
        grid.putField((phase?.badge ?? " ") + " " + price, x: x, y: y + GridLayout.thumbnailRows + 2, width: width,
                      style: selected ? theme.selected : theme.normal)
    }
}
