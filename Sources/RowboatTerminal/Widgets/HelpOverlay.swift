import RowboatCore

/// The help overlay: a centered box listing every key of the current screen,
/// generated from the key map. When the entries do not fit one column, they
/// flow into more columns; action text is cut to fit, keys never are.
public struct HelpOverlay {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// `note` goes on the frame's bottom line, before "any key closes".
    public func render(_ entries: [KeyHelp.Entry], title: String, note: String? = nil, into grid: inout CellGrid) {
        let keyWidth = min(24, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let textWidth = entries.map { DisplayWidth.of($0.action) }.max() ?? 0
        let rowsAvailable = max(1, grid.height - 6)
        let columns = max(1, (entries.count + rowsAvailable - 1) / rowsAvailable)
        let rows = (entries.count + columns - 1) / max(1, columns)
        let gap = 3
        let wanted = keyWidth + 2 + textWidth
        let room = (grid.width - 6 - gap * (columns - 1)) / columns
        let columnWidth = min(wanted, room)
        let footer = (note.map { $0 + " · " } ?? "") + "any key closes"
        // Wide enough for the footer too (" footer " inside the corners).
        let width = min(grid.width - 2, max(columns * columnWidth + gap * (columns - 1) + 4, DisplayWidth.of(footer) + 6))
        let height = min(grid.height - 2, rows + 4)
        guard width > 10, height > 4, columnWidth > keyWidth + 3 else { return }
        let frame = OverlayFrame.centered(width: width, height: height, in: grid)
        let x0 = frame.x, y0 = frame.y
        let box = theme.status
        frame.draw(into: &grid, title: title, footer: footer, style: box, titleStyle: theme.header)
        for (i, entry) in entries.enumerated() {
            let column = i / rows, row = i % rows
            guard row < height - 4 else { continue }
            let x = x0 + 2 + column * (columnWidth + gap), y = y0 + 2 + row
            grid.put(TextFit.truncate(entry.keys, to: keyWidth), x: x, y: y, style: box)
            grid.put(entry.action, x: x + keyWidth + 2, y: y, maxWidth: columnWidth - keyWidth - 2, style: box)
        }
    }
}
