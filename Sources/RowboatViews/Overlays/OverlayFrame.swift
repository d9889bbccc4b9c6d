import RowboatSpec
import RowboatCells

/// The box every overlay (filter panel, action sheet, confirm dialog, help,
/// output pager) sits in, at the rectangle `ScreenLayout` gives it: the
/// whole rectangle cleared, a one-column blank margin at its sides so no
/// cut-off word of the list below seems to belong to it, a border, the
/// title set into the top edge and the keys into the bottom.
public struct OverlayFrame {
    /// The outer rectangle, border included.
    public var x: Int, y: Int, width: Int, height: Int

    public init(_ box: Rect) {
        x = box.x
        y = box.y
        width = box.width
        height = box.height
    }

    /// Clears the rectangle and its side margins, draws the border in
    /// `style`, and the title (in `titleStyle`) and footer into the edges.
    public func draw(into grid: inout CellGrid, title: String, footer: String?, style: Style, titleStyle: Style) {
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
        grid.put(" \(title) ", x: x + 2, y: y, maxWidth: width - 4, style: titleStyle)
        if let footer { grid.put(" \(footer) ", x: x + 2, y: y + height - 1, maxWidth: width - 4, style: style) }
    }
}
