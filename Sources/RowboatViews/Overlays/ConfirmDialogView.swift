import RowboatCore
import RowboatSpec
import RowboatCells

/// A confirm dialog: a centered box with the title, the facts, and two
/// buttons; the focused button is highlighted.
public struct ConfirmDialogView: SizedCellView {
    public var theme: Theme
    /// The key map in force: each button names its key in the dialog's layer.
    public var keyMap: KeyMap

    public init(theme: Theme, keyMap: KeyMap = .default) {
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The buttons, each with its key (`KeyLayer.dialog`), when it has one.
    func buttons(_ dialog: ConfirmDialog) -> (confirm: String, cancel: String) {
        func button(_ action: KeyAction, _ label: String) -> String {
            "[ " + (keyMap.hintName(for: action, on: .dialog).map { $0 + " " } ?? "") + label + " ]"
        }
        return (button(.dialogYes, dialog.confirmLabel), button(.dialogNo, "Cancel"))
    }

    /// Room for the widest line or the buttons, and every line.
    public func size(of dialog: ConfirmDialog) -> (width: Int, height: Int)? {
        let (confirm, cancel) = buttons(dialog)
        let buttons = DisplayWidth.of(confirm) + 2 + DisplayWidth.of(cancel)
        let widest = ([dialog.title] + dialog.lines).map(DisplayWidth.of).max() ?? 0
        return (max(widest, buttons) + 6, dialog.lines.count + 6)
    }

    /// Draws `dialog` in `box`.
    public func render(_ dialog: ConfirmDialog, in box: Rect, into grid: inout CellGrid) {
        let (confirm, cancel) = buttons(dialog)
        let buttons = DisplayWidth.of(confirm) + 2 + DisplayWidth.of(cancel)
        let x0 = box.x, y0 = box.y, width = box.width, height = box.height
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: dialog.title, footer: nil), in: box, into: &grid)
        for (i, line) in dialog.lines.prefix(height - 6).enumerated() {
            grid.put(line, x: x0 + 3, y: y0 + 2 + i, maxWidth: width - 6, style: theme.status)
        }
        let by = y0 + height - 2
        let bx = x0 + max(2, (width - buttons) / 2)
        let used = grid.put(confirm, x: bx, y: by, style: dialog.confirmFocused ? theme.selected : theme.status)
        grid.put(cancel, x: bx + used + 2, y: by, style: dialog.confirmFocused ? theme.status : theme.selected)
    }
}
