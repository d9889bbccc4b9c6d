import RowboatSpec
import RowboatCells

/// Draws a thumbnail's cells (symbol, palette foreground and background)
/// into the grid — or, when it carries a picture in pixels, blank cells and
/// the picture placed on the grid (kitty placeholders: the placeholder
/// cells). Until it is there, `ImagePlaceholderView` draws its box.
public struct ThumbnailPainter: CellView {
    public var theme: Theme
    /// False in the monochrome theme: symbols only, no colours.
    public var colors: Bool
    /// False: symbols even when the thumbnail has a picture (the box is
    /// cut, so a picture would not fit).
    public var pixels: Bool

    public init(theme: Theme, pixels: Bool = true) {
        self.theme = theme
        self.colors = !theme.isMonochrome
        self.pixels = pixels
    }

    /// Draws `thumbnail` in `box`, from its top-left cell.
    public func render(_ thumbnail: Thumbnail, in box: Rect, into grid: inout CellGrid) {
        let (x, y, columns, rows) = (box.x, box.y, box.width, box.height)
        if pixels, colors, let picture = thumbnail.pixels, picture.x + picture.columns <= columns,
           picture.y + picture.rows <= rows {
            paint(picture, of: thumbnail, into: &grid, x: x, y: y, columns: columns, rows: rows)
            return
        }
        for row in 0..<min(rows, thumbnail.rows) {
            for column in 0..<min(columns, thumbnail.columns) {
                grid.putSymbol(thumbnail.cells[row * thumbnail.columns + column].symbol, x: x + column, y: y + row,
                               style: style(thumbnail.cells[row * thumbnail.columns + column]))
            }
        }
    }

    private func style(_ cell: ThumbnailCell) -> Style {
        colors ? Style(foreground: Style.Color(cell.foreground), background: Style.Color(cell.background)) : .plain
    }

    /// The box blank, the picture placed at its fit; placeholder cells for kitty's Unicode placeholders.
    private func paint(_ picture: PixelPicture, of thumbnail: Thumbnail, into grid: inout CellGrid, x: Int, y: Int,
                       columns: Int, rows: Int) {
        for row in 0..<rows { grid.fill(x: x, y: y + row, count: columns, style: .plain) }
        var symbols: [Cell] = []
        symbols.reserveCapacity(picture.columns * picture.rows)
        for row in 0..<picture.rows {
            for column in 0..<picture.columns {
                let cell = thumbnail.cell(column: picture.x + column, row: picture.y + row) ?? .blank
                symbols.append(Cell(text: cell.symbol, style: style(cell)))
            }
        }
        if case .kittyPlaceholder(let id) = picture.kind {
            let ink = Style(foreground: KittyPlaceholder.color(id: id))
            for row in 0..<picture.rows {
                for column in 0..<picture.columns {
                    guard let text = KittyPlaceholder.cell(row: row, column: column) else { continue }
                    grid.putPictureCell(text, x: x + picture.x + column, y: y + picture.y + row, style: ink)
                }
            }
        }
        grid.pictures.append(GridPicture(picture: picture, x: x + picture.x, y: y + picture.y, symbols: symbols))
    }
}
