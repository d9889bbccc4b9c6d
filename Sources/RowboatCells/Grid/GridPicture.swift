/// A picture in pixels placed on a cell grid: where its top-left cell is,
/// and the symbol cells to show instead should something be drawn over
/// part of it (an overlay, a toast). The grid's cells under a sixel,
/// iTerm2 or kitty picture are blank; the screen writes the picture after
/// the text. A kitty placeholder picture's cells are text already: it is
/// listed so the screen transmits the image before the cells show it.
public struct GridPicture: Sendable, Equatable {
    public var picture: PixelPicture
    /// The picture's top-left cell on the grid.
    public var x: Int, y: Int
    /// `picture.columns * picture.rows` cells, row-major: the same image as
    /// symbols.
    public var symbols: [Cell]

    public init(picture: PixelPicture, x: Int, y: Int, symbols: [Cell]) {
        self.picture = picture
        self.x = x
        self.y = y
        self.symbols = symbols
    }

    /// Whether the cells show it as placeholder text (kitty Unicode placeholders).
    public var isPlaceholder: Bool { Self.isPlaceholder(picture) }

    public static func isPlaceholder(_ picture: PixelPicture) -> Bool {
        if case .kittyPlaceholder = picture.kind { return true }
        return false
    }

    /// The cells it covers.
    public var rect: Rect {
        Rect(x: x, y: y, width: picture.columns, height: picture.rows)
    }

    public static func == (a: GridPicture, b: GridPicture) -> Bool {
        a.picture == b.picture && a.x == b.x && a.y == b.y
    }
}

extension CellGrid {
    /// Writes one cell of a picture made by us (a kitty placeholder: the
    /// placeholder character and its row and column marks), as it is.
    public mutating func putPictureCell(_ text: String, x: Int, y: Int, style: Style) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        setCell(Cell(text: text, style: style), x: x, y: y)
    }

    /// Moves every picture by (dx, dy), as when a scratch grid is copied in.
    public mutating func place(_ pictures: [GridPicture], dx: Int, dy: Int) {
        for var p in pictures {
            p.x += dx
            p.y += dy
            self.pictures.append(p)
        }
    }

    /// After something was drawn over the grid (`before` is the grid as it
    /// was): a sixel, iTerm2 or kitty picture with any of its cells changed
    /// is taken off, and its cells left as they were get its symbols — so
    /// an overlay is never under a picture. Placeholder pictures are text
    /// and stay.
    public mutating func uncoverPictures(before: CellGrid) {
        guard !pictures.isEmpty, before.width == width, before.height == height else { return }
        pictures = pictures.filter { p in
            if p.isPlaceholder { return true }
            let r = p.rect
            var covered = false
            for y in r.y..<min(height, r.y + r.height) where !covered {
                for x in r.x..<min(width, r.x + r.width) where self[x, y] != before[x, y] {
                    covered = true
                    break
                }
            }
            guard covered else { return true }
            for y in r.y..<min(height, r.y + r.height) {
                for x in r.x..<min(width, r.x + r.width) where self[x, y] == before[x, y] {
                    setCell(p.symbols[(y - r.y) * r.width + (x - r.x)], x: x, y: y)
                }
            }
            return false
        }
    }
}
