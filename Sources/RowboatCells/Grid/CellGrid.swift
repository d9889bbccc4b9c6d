import RowboatSpec

/// One character cell: a grapheme cluster (empty for the right half of a
/// wide character) and its style. Plain data (see `Glyph`).
public struct Cell: Sendable, Equatable {
    /// What the cell shows.
    public var glyph: Glyph
    public var style: Style
    /// 1, 2 for the left half of a wide character, 0 for its right half.
    public var width: UInt8

    @inlinable
    public init(glyph: Glyph, style: Style, width: UInt8 = 1) {
        self.glyph = glyph
        self.style = style
        self.width = width
    }

    public init(text: String, style: Style, width: UInt8 = 1) {
        self.init(glyph: Glyph(text), style: style, width: width)
    }

    /// What the cell shows, as a string.
    public var text: String {
        get { glyph.string }
        set { glyph = Glyph(newValue) }
    }

    @inlinable
    public static var blank: Cell { Cell(glyph: .space, style: .plain) }

    /// Written out so other modules inline it: the backend compares every
    /// cell of a frame with the last one.
    @inlinable
    public static func == (a: Cell, b: Cell) -> Bool {
        a.width == b.width && a.style == b.style && a.glyph == b.glyph
    }
}

/// An in-memory screen of cells that widgets draw into. Pure: tests render
/// into it and compare text frames; the backend copies it to the terminal.
/// Every string written passes the `Sanitizer`, and a wide character that
/// does not fit at an edge becomes a space, never half a glyph.
public struct CellGrid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// The cells, row by row.
    @inlinable public var cells: [Cell] { storage }
    @usableFromInline var storage: [Cell]
    /// Pictures in pixels placed on the grid (see `GridPicture`).
    public var pictures: [GridPicture] = []

    @inlinable
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.storage = Array(repeating: fill, count: self.width * self.height)
    }

    @inlinable
    public subscript(x: Int, y: Int) -> Cell {
        storage[y * width + x]
    }

    @inlinable
    mutating func setCell(_ cell: Cell, x: Int, y: Int) {
        storage[y * width + x] = cell
    }

    /// Copies row `row` of `source` to (x, y), clipped at this grid's right
    /// edge; a wide character cut by the edge becomes a space.
    @inlinable
    public mutating func copyRow(from source: CellGrid, row: Int, toX x: Int, y: Int) {
        guard row >= 0, row < source.height, y >= 0, y < height else { return }
        for column in 0..<source.width {
            let dx = x + column
            guard dx >= 0, dx < width else { continue }
            var cell = source[column, row]
            if cell.width == 2 && dx + 1 >= width { cell = Cell(glyph: .space, style: cell.style) }
            storage[y * width + dx] = cell
        }
    }

    /// Fills `count` cells of row `y` from `x` with spaces in `style`. A
    /// wide character cut by either end becomes a space, so no half glyph
    /// spills into the filled cells (an overlay's edge stays clean).
    @inlinable
    public mutating func fill(x: Int, y: Int, count: Int, style: Style) {
        guard y >= 0, y < height else { return }
        let start = max(0, x), end = min(width, x + count)
        guard start < end else { return }
        let base = y * width
        if storage[base + start].width == 0, start > 0, storage[base + start - 1].width == 2 {
            storage[base + start - 1] = Cell(glyph: .space, style: storage[base + start - 1].style)
        }
        if end < width, storage[base + end].width == 0 {
            storage[base + end] = Cell(glyph: .space, style: storage[base + end].style)
        }
        let blank = Cell(glyph: .space, style: style)
        for i in start..<end { storage[base + i] = blank }
    }

    /// Writes `text` at (x, y), clipped to `maxWidth` columns; returns the
    /// columns used. Text is sanitized here: nothing unclean reaches a cell.
    @discardableResult
    @inlinable
    public mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style) -> Int {
        // Printable ASCII has nothing to clean.
        putClean(text.isPrintableASCII ? text : Sanitizer.clean(text), x: x, y: y, maxWidth: maxWidth, style: style)
    }

    /// `put` of text that has passed the `Sanitizer` already.
    @usableFromInline
    mutating func putClean(_ clean: String, x: Int, y: Int, maxWidth: Int?, style: Style) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let limit = min(width - x, maxWidth ?? Int.max)
        guard limit > 0 else { return 0 }
        let base = y * width + x
        var col = 0
        if clean.isPrintableASCII {
            // One cell per byte: no grapheme breaking.
            for byte in clean.utf8 {
                if col >= limit { break }
                storage[base + col] = Cell(glyph: Glyph(ascii: byte), style: style)
                col += 1
            }
            return col
        }
        for c in clean {
            let w = DisplayWidth.of(c)
            if w == 0 { continue }
            if col + w > limit {
                if w == 2, col < limit { storage[base + col] = Cell(glyph: .space, style: style); col += 1 }
                break
            }
            storage[base + col] = Cell(glyph: Glyph(c), style: style, width: UInt8(w))
            if w == 2 { storage[base + col + 1] = Cell(glyph: Glyph(), style: style, width: 0) }
            col += w
        }
        return col
    }

    /// Writes one cell of a picture: a printable scalar of width 1 (what
    /// thumbnails are made of) goes straight in; anything else takes the
    /// sanitizing `put` path, limited to one column.
    @inlinable
    public mutating func putSymbol(_ symbol: String, x: Int, y: Int, style: Style) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        let view = symbol.unicodeScalars
        if let scalar = view.first, view.index(after: view.startIndex) == view.endIndex,
           scalar.value >= 0x20, scalar.value < 0x7F || (scalar.value >= 0x2500 && scalar.value <= 0x259F) {
            storage[y * width + x] = Cell(text: symbol, style: style)
        } else {
            put(symbol, x: x, y: y, maxWidth: 1, style: style)
        }
    }

    /// Writes `text` truncated with "…" to fit `width` columns, padded with
    /// spaces in `style` to exactly `width`, aligned left or right.
    @inlinable
    public mutating func putField(_ text: String, x: Int, y: Int, width: Int, style: Style, alignRight: Bool = false) {
        guard width > 0 else { return }
        // Cleaned once, measured once (truncation tells its width).
        let (fitted, used) = TextFit.truncated(Sanitizer.clean(text), to: width)
        fill(x: x, y: y, count: width, style: style)
        putClean(fitted, x: alignRight ? x + width - used : x, y: y, maxWidth: width, style: style)
    }

    /// The grid as lines of text (wide characters once, right halves
    /// skipped): what golden-frame tests compare.
    public func lines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where self[x, y].width != 0 { line += self[x, y].text }
            return line
        }
    }

    /// The lines joined with newlines, trailing spaces trimmed per line.
    public var text: String {
        lines().map { l in String(l.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }
}

