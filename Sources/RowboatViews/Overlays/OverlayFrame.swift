import RowboatSpec
import RowboatCells

/// The box every overlay (filter panel, action sheet, confirm dialog, help,
/// output pager) sits in, at the rectangle `ScreenLayout` gives it: the
/// whole rectangle cleared, a one-column blank margin at its sides so no
/// cut-off word of the list below seems to belong to it, a border, the
/// title set into the top edge and the keys into the bottom.
public struct OverlayFrame: CellView {
    /// What is written into the frame's edges.
    public struct Labels {
        public var title: String
        public var footer: String?

        public init(title: String, footer: String?) {
            self.title = title
            self.footer = footer
        }
    }

    /// The border's and the footer's style, and the title's.
    public var style: Style, titleStyle: Style

    public init(style: Style, titleStyle: Style) {
        self.style = style
        self.titleStyle = titleStyle
    }

    /// Clears `area` (the outer rectangle, border included) and its side
    /// margins, draws the border, and the title and footer into the edges.
    public func render(_ labels: Labels, in area: Rect, into grid: inout CellGrid) {
        let (x, y, width, height) = (area.x, area.y, area.width, area.height)
        for row in y..<(y + height) {
            grid.fill(x: x - 1, y: row, count: width + 2, style: .plain)
            grid.fill(x: x, y: row, count: width, style: style)
        }
        let inner = max(0, width - 2)
        let line = String(repeating: "─", count: inner)
        grid.put("┌" + line + "┐", x: x, y: y, style: style)
        grid.put("└" + line + "┘", x: x, y: y + height - 1, style: style)
        for row in (y + 1)..<max(y + 1, y + height - 1) {
            grid.put("│", x: x, y: row, style: style)
            grid.put("│", x: x + width - 1, y: row, style: style)
        }
        grid.put(" \(labels.title) ", x: x + 2, y: y, maxWidth: width - 4, style: titleStyle)
        if let footer = labels.footer {
            grid.put(" \(footer) ", x: x + 2, y: y + height - 1, maxWidth: width - 4, style: style)
        }
    }
}
