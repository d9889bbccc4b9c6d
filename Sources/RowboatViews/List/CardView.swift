import RowboatCore
import RowboatSpec
import RowboatCells

/// One card of the grid or of a related strip: a thumbnail area, the title,
/// the subtitle and a line with the image state badge and the price (or
/// the first of `fields`). A row without an image gives the picture's room
/// to text: the title and subtitle on up to two lines each, then `fields`
/// ("name: value"). A row's tone colours its title. Where it goes comes
/// from the screen layout.
public struct CardView: CellView {
    /// One card: its row, and how it stands in the list.
    public struct Card {
        public var row: RowModel
        public var selected: Bool
        public var marked: Bool
        public var favorite: Bool
        public var new: Bool
        /// Where the row's image is (nil: it has none).
        public var phase: ImagePhase?

        public init(_ row: RowModel, selected: Bool, marked: Bool = false, favorite: Bool = false, new: Bool = false,
                    phase: ImagePhase?) {
            self.row = row
            self.selected = selected
            self.marked = marked
            self.favorite = favorite
            self.new = new
            self.phase = phase
        }
    }

    public var theme: Theme
    /// The clock, for relative dates.
    public var now: Double
    /// The thumbnails there are, by request.
    public var thumbnails: [ImageRequest: Thumbnail]
    /// The fields a card shows under its title (the endpoint's `cardFields`).
    public var fields: [String]

    public init(theme: Theme, now: Double, thumbnails: [ImageRequest: Thumbnail], fields: [String] = []) {
        self.theme = theme
        self.now = now
        self.thumbnails = thumbnails
        self.fields = fields
    }

    /// Draws `card` at `rect` (its width; its height is `GridLayout.cardHeight`).
    public func render(_ card: Card, in rect: Rect, into grid: inout CellGrid) {
        let (row, selected, marked, favorite, new, phase) = (card.row, card.selected, card.marked, card.favorite,
                                                             card.new, card.phase)
        let (x, y, width) = (rect.x, rect.y, rect.width)
        var textStyle = selected ? theme.selected : marked ? theme.accent : theme.normal
        if !selected && !marked { textStyle = theme.style(toneNamed: RowTone.name(of: row), on: textStyle) }
        let titleStyle = Style(foreground: textStyle.foreground, background: textStyle.background,
                               attributes: textStyle.attributes.union(.bold))
        // The row's gutter (marked, new, favorite) before the title, as in the table.
        let title = (marked || new || favorite ? TableView.gutter(favorite: favorite, marked: marked, new: new)
            .replacingOccurrences(of: " ", with: "") + " " : "") + row.title
        guard row.imageURL != nil else {
            renderText(row, title: title, selected: selected, titleStyle: titleStyle, into: &grid, x: x, y: y,
                       width: width)
            return
        }
        let frame = selected ? theme.selected : theme.dim
        let box = Rect(x: x, y: y, width: width, height: GridLayout.thumbnailRows)
        if let url = row.imageURL,
           let thumbnail = thumbnails[ImageRequest(url: url, columns: width, rows: GridLayout.thumbnailRows)] {
            ThumbnailPainter(theme: theme).render(thumbnail, in: box, into: &grid)
        } else {
            ImagePlaceholderView(theme: theme, frame: frame).render(phase, in: box, into: &grid)
        }
        grid.putField(title, x: x, y: y + GridLayout.thumbnailRows, width: width,
                      style: titleStyle)
        grid.putField(row.subtitle, x: x, y: y + GridLayout.thumbnailRows + 1, width: width,
                      style: selected ? theme.selected : theme.dim)
        let last = fields.first.map { Self.fieldLine($0, of: row, now: now) } ?? row.text("price", now: now)
        grid.putField((phase?.badge ?? " ") + " " + last, x: x, y: y + GridLayout.thumbnailRows + 2, width: width,
                      style: selected ? theme.selected : theme.normal)
    }

    /// A card without a picture: its text in the picture's room too.
    func renderText(_ row: RowModel, title: String, selected: Bool, titleStyle: Style, into grid: inout CellGrid,
                    x: Int, y: Int, width: Int) {
        var lines: [(String, Style)] = []
        let normal = selected ? theme.selected : theme.normal
        let dim = selected ? theme.selected : theme.dim
        lines += TextFit.wrap(title, width: width).prefix(2).map { ($0, titleStyle) }
        if !row.subtitle.isEmpty { lines += TextFit.wrap(row.subtitle, width: width).prefix(2).map { ($0, dim) } }
        for name in fields { lines.append((Self.fieldLine(name, of: row, now: now), normal)) }
        let price = row.text("price", now: now)
        if fields.isEmpty, !price.isEmpty { lines.append((price, normal)) }
        if selected {
            // The whole card, as the picture's frame shows it on a card with one.
            for i in 0..<(GridLayout.cardHeight - 1) { grid.fill(x: x, y: y + i, count: width, style: theme.selected) }
        }
        for (i, line) in lines.prefix(GridLayout.cardHeight - 1).enumerated() {
            grid.putField(line.0, x: x, y: y + i, width: width, style: line.1)
        }
    }

    /// "name: value" of a card's field.
    static func fieldLine(_ name: String, of row: RowModel, now: Double) -> String {
        name + ": " + row.text(name, now: now)
    }
}
