import RowboatCore
import RowboatSpec
import RowboatCells

/// A toast: one line at the right end of the footer line, in the accent
/// colour (or the error colour), over whatever the footer says; a word of
/// the footer the toast would cut is taken away whole, never left half.
public enum ToastView {
    /// Draws `toast` where `layout` puts a toast of its width.
    public static func render(_ toast: Toast, layout: ScreenLayout, into grid: inout CellGrid, theme: Theme) {
        let text = " " + TextFit.truncate(toast.text, to: layout.toastRoom) + " "
        guard let place = layout.toast(width: DisplayWidth.of(text)) else { return }
        let style = toast.isError ? Style(foreground: theme.error.foreground, background: theme.status.background,
                                          attributes: theme.error.attributes.union(.reverse))
            : Style(foreground: theme.accent.foreground, background: theme.status.background,
                    attributes: theme.accent.attributes.union(.reverse))
        // The rest of a word the toast covers the end of goes too ("s=sort" not "s=so"); lines are not words.
        var start = place.x
        while start > 0, isWord(grid[start - 1, place.y]), isWord(grid[place.x, place.y]) { start -= 1 }
        if start < place.x { grid.fill(x: start, y: place.y, count: place.x - start, style: grid[start, place.y].style) }
        grid.put(text, x: place.x, y: place.y, style: style)
    }

    /// A cell of a word: text that is neither a space nor a box-drawing line.
    static func isWord(_ cell: Cell) -> Bool {
        guard let first = cell.text.unicodeScalars.first else { return cell.width == 0 }
        return first != " " && !(0x2500...0x259F).contains(first.value)
    }
}
