import RowboatCore
import RowboatSpec

/// A toast: one line at the right end of the footer line, in the accent
/// colour (or the error colour), over whatever the footer says.
public enum ToastView {
    /// Draws `toast` where `layout` puts a toast of its width.
    public static func render(_ toast: Toast, layout: ScreenLayout, into grid: inout CellGrid, theme: Theme) {
        let text = " " + TextFit.truncate(toast.text, to: layout.toastRoom) + " "
        guard let place = layout.toast(width: DisplayWidth.of(text)) else { return }
        let style = toast.isError ? Style(foreground: theme.error.foreground, background: theme.status.background,
                                          attributes: theme.error.attributes.union(.reverse))
            : Style(foreground: theme.accent.foreground, background: theme.status.background,
                    attributes: theme.accent.attributes.union(.reverse))
        grid.put(text, x: place.x, y: place.y, style: style)
    }
}
