import RowboatCore

/// The help overlay: a centered box listing every key of the current screen,
/// generated from the key map.
public struct HelpOverlay {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ entries: [KeyHelp.Entry], title: String, into grid: inout CellGrid) {
        let keyWidth = min(24, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let textWidth = entries.map { DisplayWidth.of($0.action) }.max() ?? 0
        let width = min(grid.width - 2, keyWidth + textWidth + 7)
        let height = min(grid.height - 2, entries.count + 4)
        guard width > 10, height > 4 else { return }
        let x0 = (grid.width - width) / 2, y0 = (grid.height - height) / 2
        let box = theme.status
        for y in y0..<(y0 + height) { grid.fill(x: x0, y: y, count: width, style: box) }
        grid.put(TextFit.truncate(" \(title) ", to: width - 2), x: x0 + 2, y: y0, style: theme.header)
        for (i, entry) in entries.prefix(height - 4).enumerated() {
            let y = y0 + 2 + i
            grid.put(TextFit.truncate(entry.keys, to: keyWidth), x: x0 + 2, y: y, style: box)
            grid.put(entry.action, x: x0 + 4 + keyWidth, y: y, maxWidth: width - keyWidth - 6, style: box)
        }
        grid.put("any key closes", x: x0 + 2, y: y0 + height - 1, maxWidth: width - 4, style: box)
    }
}
