import RowboatSpec

/// A picture made of character cells, ready for the terminal layer to draw:
/// `rows` rows of `columns` cells, row-major.
///
/// Pure data: made by `RowboatImages.ThumbnailRenderer`, drawn by the
/// terminal module without depending on any image library.
public struct Thumbnail: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// `columns * rows` cells, the first row first.
    public let cells: [ThumbnailCell]
    /// The same picture in pixels, when the terminal shows them (`nil`:
    /// symbols only).
    public var pixels: PixelPicture?

    /// A thumbnail of the given size. `cells` is padded with blanks or cut
    /// to exactly `columns * rows`; negative sizes count as 0.
    public init(columns: Int, rows: Int, cells: [ThumbnailCell], pixels: PixelPicture? = nil) {
        self.pixels = pixels
        let columns = max(0, columns)
        let rows = max(0, rows)
        let count = columns * rows
        self.columns = columns
        self.rows = rows
        if cells.count == count {
            self.cells = cells
        } else if cells.count > count {
            self.cells = Array(cells.prefix(count))
        } else {
            self.cells = cells + Array(repeating: .blank, count: count - cells.count)
        }
    }

    /// The cell at (`column`, `row`), or `nil` outside the thumbnail.
    public func cell(column: Int, row: Int) -> ThumbnailCell? {
        guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
        return cells[row * columns + column]
    }

    /// Approximate bytes this value keeps alive, for a memory LRU: the cell
    /// array plus any symbol too long for a small (inline) string.
    public var byteCost: Int {
        var bytes = MemoryLayout<Thumbnail>.size + 32 // array header
        bytes += cells.count * MemoryLayout<ThumbnailCell>.stride
        for cell in cells where cell.symbol.utf8.count > 15 {
            bytes += cell.symbol.utf8.count
        }
        return bytes + (pixels?.bytes.count ?? 0)
    }
}
