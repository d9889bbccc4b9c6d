import RowboatCore
import RowboatSpec
import RowboatCells

/// A toast: one line at the right end of the footer line, in the accent
/// colour (or the error colour), over whatever the footer says; a word of
/// the footer the toast would cut is taken away whole, never left half.
public struct ToastView: SizedCellView {
    public var theme: Theme
    /// The widest the toast's text may be (`ScreenLayout.toastRoom`); it is cut to fit.
    public var room: Int

    public init(theme: Theme, room: Int) {
        self.theme = theme
        self.room = room
    }

    /// The line drawn: the text cut to the room, a space each side.
    func text(_ toast: Toast) -> String { " " + TextFit.truncate(toast.text, to: room) + " " }

    /// One line as wide as its text.
    public func size(of toast: Toast) -> (width: Int, height: Int)? { (DisplayWidth.of(text(toast)), 1) }

    /// Draws `toast` at `place` (where the layout puts a toast of its width).
    public func render(_ toast: Toast, in place: Rect, into grid: inout CellGrid) {
        let text = self.text(toast)
        let style = toast.isError ? Style(foreground: theme.error.foreground, background: theme.status.background,
                                          attributes: theme.error.attributes.union(.reverse))
            : Style(foreground: theme.accent.foreground, background: theme.status.background,
                    attributes: theme.accent.attributes.union(.reverse))
        // The rest of a word the toast covers the end of goes too ("s=sort" not "s=so"); lines are not words.
        var start = place.x
        while start > 0, Self.isWord(grid[start - 1, place.y]), Self.isWord(grid[place.x, place.y]) { start -= 1 }
        if start < place.x { grid.fill(x: start, y: place.y, count: place.x - start, style: grid[start, place.y].style) }
        grid.put(text, x: place.x, y: place.y, style: style)
    }

    /// A cell of a word: text that is neither a space nor a box-drawing line.
    static func isWord(_ cell: Cell) -> Bool {
        guard let first = cell.text.unicodeScalars.first else { return cell.width == 0 }
        return first != " " && !(0x2500...0x259F).contains(first.value)
    }
}
