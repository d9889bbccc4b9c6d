import RowboatCore
import RowboatSpec
import RowboatCells

/// One card of the grid or of a related strip: a thumbnail area, the title,
/// the subtitle and a line with the image state badge and the price (or
/// the first of `fields`). A row without an image gives the picture's room
/// to text: the title and subtitle on up to two lines each, then `fields`
/// ("name: value"). A row's tone colours its title. Where it goes comes
/// from the screen layout.
public struct CardView {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// `phase`: where the row's image is (nil: it has none).
    public func render(_ row: RowModel, selected: Bool, marked: Bool = false, favorite: Bool = false, new: Bool = false,
                       into grid: inout CellGrid, x: Int, y: Int,
                       width: Int, now: Double, phase: ImagePhase?, thumbnails: [ImageRequest: Thumbnail],
                       fields: [String] = []) {
        var textStyle = selected ? theme.selected : marked ? theme.accent : theme.normal
        if !selected && !marked { textStyle = theme.style(toneNamed: RowTone.name(of: row), on: textStyle) }
        let titleStyle = Style(foreground: textStyle.foreground, background: textStyle.background,
                               attributes: textStyle.attributes.union(.bold))
        // The row's gutter (marked, new, favorite) before the title, as in the table.
        let title = (marked || new || favorite ? TableView.gutter(favorite: favorite, marked: marked, new: new)
            .replacingOccurrences(of: " ", with: "") + " " : "") + row.title
        guard row.imageURL != nil else {
            renderText(row, title: title, selected: selected, titleStyle: titleStyle, into: &grid, x: x, y: y,
                       width: width, now: now, fields: fields)
            return
        }
        let frame = selected ? theme.selected : theme.dim
        let painter = ThumbnailPainter(theme: theme)
        if let url = row.imageURL,
           let thumbnail = thumbnails[ImageRequest(url: url, columns: width, rows: GridLayout.thumbnailRows)] {
            painter.paint(thumbnail, into: &grid, x: x, y: y, columns: width, rows: GridLayout.thumbnailRows)
        } else {
            painter.placeholder(phase, into: &grid, x: x, y: y, columns: width, rows: GridLayout.thumbnailRows,
                                frame: frame)
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
                    x: Int, y: Int, width: Int, now: Double, fields: [String]) {
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
