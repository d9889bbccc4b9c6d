import RowboatCore
import RowboatSpec

/// A toast: one line at the right end of the footer line, in the accent
/// colour (or the error colour), over whatever the footer says.
public enum ToastView {
    /// Draws `toast` on row `y` (the layout's footer row).
    public static func render(_ toast: Toast, into grid: inout CellGrid, y: Int, theme: Theme) {
        guard y >= 1 else { return }
        let text = " " + TextFit.truncate(toast.text, to: max(1, grid.width - 4)) + " "
        let width = DisplayWidth.of(text)
        let style = toast.isError ? Style(foreground: theme.error.foreground, background: theme.status.background,
                                          attributes: theme.error.attributes.union(.reverse))
            : Style(foreground: theme.accent.foreground, background: theme.status.background,
                    attributes: theme.accent.attributes.union(.reverse))
        grid.put(text, x: max(0, grid.width - width - 1), y: y, style: style)
    }
}
