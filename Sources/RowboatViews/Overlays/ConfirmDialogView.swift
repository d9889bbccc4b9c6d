import RowboatCore
import RowboatSpec
import RowboatCells

/// A confirm dialog: a centered box with the title, the facts, and two
/// buttons; the focused button is highlighted.
public struct ConfirmDialogView {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws `dialog` in the box `layout` gives the room it wants.
    public func render(_ dialog: ConfirmDialog, layout: ScreenLayout, into grid: inout CellGrid) {
        let confirm = "[ y \(dialog.confirmLabel) ]", cancel = "[ n Cancel ]"
        let buttons = DisplayWidth.of(confirm) + 2 + DisplayWidth.of(cancel)
        let widest = ([dialog.title] + dialog.lines).map(DisplayWidth.of).max() ?? 0
        guard let box = layout.overlayBox(width: max(widest, buttons) + 6, height: dialog.lines.count + 6) else { return }
        let frame = OverlayFrame(box)
        let x0 = frame.x, y0 = frame.y, width = box.width, height = box.height
        frame.draw(into: &grid, title: dialog.title, footer: nil, style: theme.status, titleStyle: theme.header)
        for (i, line) in dialog.lines.prefix(height - 6).enumerated() {
            grid.put(line, x: x0 + 3, y: y0 + 2 + i, maxWidth: width - 6, style: theme.status)
        }
        let by = y0 + height - 2
        let bx = x0 + max(2, (width - buttons) / 2)
        let used = grid.put(confirm, x: bx, y: by, style: dialog.confirmFocused ? theme.selected : theme.status)
        grid.put(cancel, x: bx + used + 2, y: by, style: dialog.confirmFocused ? theme.status : theme.selected)
    }
}
