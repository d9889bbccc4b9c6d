import CChafa
import RowboatSpec
import RowboatCells

/// Turns a `DecodedImage` into a `Thumbnail` of character cells with
/// libchafa: block, border and space symbols (never wide ones), colours as
/// palette indices or, in `.direct` mode, 24-bit RGB.
///
/// The image is fitted inside the box with its aspect ratio kept and
/// centred (`ThumbnailFit`); the cells around it are `ThumbnailCell.blank`.
/// Transparent areas get `nil` colours. With a `PixelFormat` the same fit
/// is also encoded as a terminal picture (`PixelEncoder`): the thumbnail
/// carries both. Every chafa object is released
/// before `render` returns; calls from many threads at once are safe (each
/// call has its own config, symbol map and canvas).
public struct ThumbnailRenderer: Sendable {
    /// chafa matches symbols against 8 x 8 pixel bitmaps: more source
    /// pixels per cell than this add nothing.
    public static let pixelsPerCell = 8
    /// Larger boxes are cut to this many columns and rows.
    public static let maxSide = 1_000

    public var colors: ThumbnailColors
    /// Cell height / cell width of the terminal font.
    public var cellAspect: Double
    /// Also encode a picture in pixels (nil: symbol cells only).
    public var pixels: PixelFormat?

    /// With `pixels`, the cell aspect is the terminal's own.
    public init(colors: ThumbnailColors = .indexed240, cellAspect: Double = 2, pixels: PixelFormat? = nil) {
        self.colors = colors
        self.cellAspect = pixels?.cellAspect ?? cellAspect
        self.pixels = pixels
    }

    /// Whether `thumbnail` is drawn the way this renderer draws: symbols
    /// only, or with a picture in the same protocol. A memory cache keyed
    /// by URL and cell box holds one mode's encodings; this keeps another
    /// mode from being handed them.
    public func draws(_ thumbnail: Thumbnail) -> Bool {
        thumbnail.pixels?.kind.proto == pixels?.proto
    }

    /// The smallest decoded size that still gives chafa all the detail it
    /// can use for this source in this box: pass it to
    /// `ImageDecoder.decode(_:atLeast:)`.
    public func decodeTarget(source: PixelSize, columns: Int, rows: Int) -> PixelSize {
        let fit = ThumbnailFit(sourceWidth: source.width, sourceHeight: source.height,
                               boxColumns: min(columns, Self.maxSide), boxRows: min(rows, Self.maxSide),
                               cellAspect: cellAspect)
        if let pixels {
            // A picture in pixels needs the cells' own pixels.
            return PixelSize(width: fit.columns * max(Self.pixelsPerCell, pixels.cellWidth),
                             height: fit.rows * max(Self.pixelsPerCell, pixels.cellHeight))
        }
        return PixelSize(width: fit.columns * Self.pixelsPerCell, height: fit.rows * Self.pixelsPerCell)
    }

    /// A thumbnail of exactly `columns` x `rows` cells (each clamped to
    /// 0...maxSide).
    public func render(_ image: DecodedImage, columns: Int, rows: Int) -> Thumbnail {
        let boxColumns = min(max(0, columns), Self.maxSide)
        let boxRows = min(max(0, rows), Self.maxSide)
        let fit = ThumbnailFit(sourceWidth: image.width, sourceHeight: image.height,
                               boxColumns: boxColumns, boxRows: boxRows, cellAspect: cellAspect)
        var cells = [ThumbnailCell](repeating: .blank, count: boxColumns * boxRows)
        guard fit.columns > 0, fit.rows > 0 else {
            return Thumbnail(columns: boxColumns, rows: boxRows, cells: cells)
        }
        let drawn = draw(image, columns: fit.columns, rows: fit.rows)
        for row in 0..<fit.rows {
            let start = (fit.y + row) * boxColumns + fit.x
            cells.replaceSubrange(start..<start + fit.columns,
                                  with: drawn[row * fit.columns..<(row + 1) * fit.columns])
        }
        let picture = pixels.flatMap { PixelEncoder(format: $0).encode(image, fit: fit) }
        return Thumbnail(columns: boxColumns, rows: boxRows, cells: cells, pixels: picture)
    }

    /// Draws the whole image into a `columns` x `rows` chafa canvas and
    /// reads it back cell by cell.
    private func draw(_ image: DecodedImage, columns: Int, rows: Int) -> [ThumbnailCell] {
        ChafaSetup.once
        guard let config = rb_chafa_canvas_config_new() else {
            return Array(repeating: .blank, count: columns * rows)
        }
        defer { rb_chafa_canvas_config_unref(config) }
        rb_chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        rb_chafa_canvas_config_set_canvas_mode(config, canvasMode)
        if let symbols = rb_chafa_symbol_map_new() {
            defer { rb_chafa_symbol_map_unref(symbols) }
            rb_chafa_symbol_map_add_by_tags(symbols, Self.tags(CHAFA_SYMBOL_TAG_BLOCK, CHAFA_SYMBOL_TAG_BORDER, CHAFA_SYMBOL_TAG_SPACE))
            rb_chafa_symbol_map_remove_by_tags(symbols, Self.tags(CHAFA_SYMBOL_TAG_WIDE))
            rb_chafa_canvas_config_set_symbol_map(config, symbols) // copies the map
        }
        guard let canvas = rb_chafa_canvas_new(config) else {
            return Array(repeating: .blank, count: columns * rows)
        }
        defer { rb_chafa_canvas_unref(canvas) }
        image.pixels.withUnsafeBytes { raw in
            rb_chafa_canvas_draw_all_pixels(
                canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED,
                raw.bindMemory(to: UInt8.self).baseAddress,
                Int32(image.width), Int32(image.height), Int32(image.width * 4)
            )
        }
        var cells: [ThumbnailCell] = []
        cells.reserveCapacity(columns * rows)
        let colored = colors != .symbolsOnly
        for y in 0..<Int32(rows) {
            for x in 0..<Int32(columns) {
                let symbol = Self.symbol(rb_chafa_canvas_get_char_at(canvas, x, y))
                guard colored else {
                    cells.append(ThumbnailCell(symbol: symbol))
                    continue
                }
                var foreground: Int32 = -1
                var background: Int32 = -1
                rb_chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background)
                // A space shows no ink: chafa may leave its foreground
                // unset; give it the background so opaque cells have both.
                if symbol == " ", foreground < 0 { foreground = background }
                cells.append(ThumbnailCell(symbol: symbol,
                                           foreground: color(foreground), background: color(background)))
            }
        }
        return cells
    }

    private var canvasMode: ChafaCanvasMode {
        switch colors {
        case .indexed256: CHAFA_CANVAS_MODE_INDEXED_256
        case .indexed240: CHAFA_CANVAS_MODE_INDEXED_240
        case .indexed16: CHAFA_CANVAS_MODE_INDEXED_16
        case .indexed8: CHAFA_CANVAS_MODE_INDEXED_8
        case .direct: CHAFA_CANVAS_MODE_TRUECOLOR
        case .symbolsOnly: CHAFA_CANVAS_MODE_FGBG
        }
    }

    private static func tags(_ tags: ChafaSymbolTags...) -> ChafaSymbolTags {
        ChafaSymbolTags(rawValue: tags.reduce(0) { $0 | $1.rawValue })
    }

    /// chafa's character as a one-column string; anything else (0 for the
    /// right half of a wide character, a width that disagrees with ours)
    /// becomes a space.
    static func symbol(_ code: UInt32) -> String {
        guard let scalar = Unicode.Scalar(code) else { return " " }
        let character = Character(scalar)
        return DisplayWidth.of(character) == 1 ? String(character) : " "
    }

    /// A raw chafa pen (-1 = transparent): packed 0xRRGGBB in direct mode,
    /// a palette index otherwise.
    func color(_ pen: Int32) -> ThumbnailColor? {
        guard pen >= 0 else { return nil }
        if colors == .direct { return .rgb(UInt32(pen) & 0xFF_FFFF) }
        return pen <= 255 ? .indexed(UInt8(pen)) : nil
    }
}
