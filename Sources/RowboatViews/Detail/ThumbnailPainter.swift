import RowboatSpec
import RowboatCells

/// Draws a thumbnail's cells (symbol, palette foreground and background)
/// into the grid — or, when it carries a picture in pixels, blank cells and
/// the picture placed on the grid (kitty placeholders: the placeholder
/// cells) — or — until it is there — a framed placeholder saying where
/// the image is: ◌ not asked for, ⇣ loading, ✗ failed with its reason.
public struct ThumbnailPainter {
    public var theme: Theme
    /// False in the monochrome theme: symbols only, no colours.
    public var colors: Bool

    public init(theme: Theme) {
        self.theme = theme
        self.colors = !theme.isMonochrome
    }

    /// `pixels` false: symbols even when the thumbnail has a picture (the
    /// box is cut, so a picture would not fit).
    public func paint(_ thumbnail: Thumbnail, into grid: inout CellGrid, x: Int, y: Int, columns: Int, rows: Int,
                      pixels: Bool = true) {
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

    /// `phase` nil: the item has no image; the frame stays empty.
    public func placeholder(_ phase: ImagePhase?, into grid: inout CellGrid, x: Int, y: Int, columns: Int, rows: Int,
                            frame: Style) {
        guard columns > 0, rows > 0 else { return }
        for line in 0..<rows {
            let edge = line == 0 || line == rows - 1
            let text = edge ? String(repeating: "·", count: columns)
                : "·" + String(repeating: " ", count: max(0, columns - 2)) + "·"
            grid.put(text, x: x, y: y + line, maxWidth: columns, style: frame)
        }
        var lines: [(String, Style)]
        switch phase {
        case nil: lines = []
        case .new: lines = [("◌", frame)]
        case .downloading: lines = [("⇣ loading", theme.dim)]
        case .downloaded: lines = []
        case .off: lines = [("images off", theme.dim)]
        case .failed(let reason): lines = [("✗ failed", theme.error), (reason, theme.dim)]
        }
        lines = Array(lines.prefix(max(0, rows - 2)))
        let top = y + max(1, (rows - lines.count) / 2)
        for (i, (text, style)) in lines.enumerated() {
            let fitted = TextFit.truncate(text, to: max(1, columns - 2))
            grid.put(fitted, x: x + max(1, (columns - DisplayWidth.of(fitted)) / 2), y: top + i, style: style)
        }
    }
}

extension Style.Color {
    /// A thumbnail colour; `nil` is the terminal's default.
    init(_ color: ThumbnailColor?) {
        switch color {
        case nil: self = .default
        case .indexed(let index): self = .indexed(index)
        case .rgb(let rgb): self = .rgb(rgb)
        }
    }
}
