import RowboatCore
import RowboatSpec
import RowboatCells

/// The action sheet: a box titled with the item, one line per action with
/// its list shortcut on the right, the cursor line highlighted.
public struct ActionSheetView {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Its keys, named from its key table (`KeyMap.sheet`).
    public static let footerHint = TableHint([.init([.sheet(.run)], "do"), .init([.sheet(.cancel)], "close")])

    /// Draws `sheet` in the box `layout` gives the room it wants.
    public func render(_ sheet: ActionSheet, keyMap: KeyMap = .default, layout: ScreenLayout, into grid: inout CellGrid) {
        let labelWidth = sheet.items.map { DisplayWidth.of($0.label) }.max() ?? 0
        // Each line's shortcut: its list action's key in the map in force,
        // or the key the config gave the action.
        let shortcuts = sheet.items.map { item in
            if case .action(_, _, let key?) = item { return KeyName.shown(key) }
            return item.keyAction.flatMap { keyMap.hintName(for: $0) } ?? ""
        }
        let keyWidth = shortcuts.map { DisplayWidth.of($0) }.max() ?? 0
        let footer = Self.footerHint.parts(in: KeyMap.sheet).joined(separator: " · ")
        guard let box = layout.overlayBox(width: max(labelWidth + keyWidth + 8, DisplayWidth.of(footer) + 6, 24),
                                          height: sheet.items.count + 4) else { return }
        let frame = OverlayFrame(box)
        let x0 = frame.x, y0 = frame.y, width = box.width, height = box.height
        frame.draw(into: &grid, title: sheet.title, footer: footer, style: theme.status, titleStyle: theme.header)
        for (i, item) in sheet.items.prefix(height - 4).enumerated() {
            let y = y0 + 2 + i
            let style = i == sheet.cursor ? theme.selected : theme.status
            grid.fill(x: x0 + 1, y: y, count: width - 2, style: style)
            grid.put(item.label, x: x0 + 3, y: y, maxWidth: width - keyWidth - 7, style: style)
            let shortcut = shortcuts[i]
            grid.put(shortcut, x: x0 + width - 3 - DisplayWidth.of(shortcut), y: y, style: style)
        }
    }
}
