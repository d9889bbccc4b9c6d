import RowboatCore
import RowboatSpec
import RowboatCells

/// The action sheet: a box titled with the item, one line per action with
/// its list shortcut on the right, the cursor line highlighted.
public struct ActionSheetView: SizedCellView {
    public var theme: Theme
    /// The key map in force: each line's shortcut is its list action's key in it.
    public var keyMap: KeyMap

    public init(theme: Theme, keyMap: KeyMap = .default) {
        self.theme = theme
        self.keyMap = keyMap
    }

    /// Its keys, named from its key layer (`KeyLayer.sheet`) in the map in force.
    public static let footerHint = TableHint(on: .sheet, [.init([.sheetDo], "do"), .init([.sheetClose], "close")])

    var footer: String { Self.footerHint.parts(in: keyMap).joined(separator: " · ") }

    /// Each line's shortcut: its list action's key in the map in force,
    /// or the key the config gave the action.
    func shortcuts(_ sheet: ActionSheet) -> [String] {
        sheet.items.map { item in
            if case .action(_, _, let key?) = item { return KeyName.name(key, as: .help) }
            return item.keyAction.flatMap { keyMap.hintName(for: $0) } ?? ""
        }
    }

    /// Room for the widest label and shortcut, or the footer; a line per action.
    public func size(of sheet: ActionSheet) -> (width: Int, height: Int)? {
        let labelWidth = sheet.items.map { DisplayWidth.of($0.label) }.max() ?? 0
        let keyWidth = shortcuts(sheet).map { DisplayWidth.of($0) }.max() ?? 0
        return (max(labelWidth + keyWidth + 8, DisplayWidth.of(footer) + 6, 24), sheet.items.count + 4)
    }

    /// Draws `sheet` in `box`.
    public func render(_ sheet: ActionSheet, in box: Rect, into grid: inout CellGrid) {
        let shortcuts = self.shortcuts(sheet)
        let keyWidth = shortcuts.map { DisplayWidth.of($0) }.max() ?? 0
        let x0 = box.x, y0 = box.y, width = box.width, height = box.height
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: sheet.title, footer: footer), in: box, into: &grid)
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
