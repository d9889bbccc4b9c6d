import RowboatCore
import RowboatSpec
import RowboatCells

/// The help overlay: a centered box listing every key of the current screen,
/// generated from the key map. When the entries do not fit one column, they
/// flow into more, each column as wide as its own keys and words; where the
/// box is short the blank lines inside it go first, where it is narrow the
/// words take their short forms ("open link in browser" → "open link"), and
/// only then is text cut to fit. Keys are never cut.
public struct HelpOverlay: SizedCellView {
    public var theme: Theme
    /// The screen's width: `section` lines widen the box up to it, less a cell each side.
    public var screenWidth: Int

    public init(theme: Theme, screenWidth: Int) {
        self.theme = theme
        self.screenWidth = screenWidth
    }

    /// The width of the `section` lines' labels.
    static func labelWidth(_ help: HelpScreen) -> Int {
        min(HelpLayout.keyLimit, help.section.map { DisplayWidth.of($0.keys) }.max() ?? 0)
    }

    /// The entries' layout, widened and lengthened for the `section` lines.
    func layout(_ help: HelpScreen) -> HelpLayout? {
        guard var layout = help.layout else { return nil }
        if help.sectionRows > 0 {
            let labelWidth = Self.labelWidth(help)
            let widest = help.section.map { labelWidth + 2 + DisplayWidth.of($0.action) + 4 }.max() ?? 0
            layout.width = min(screenWidth - 2, max(layout.width, widest))
            layout.height += help.sectionRows
        }
        return layout
    }

    /// As large as `HelpLayout` found the entries need at the screen's
    /// size, with room for the `section` lines.
    public func size(of help: HelpScreen) -> (width: Int, height: Int)? {
        layout(help).map { ($0.width, $0.height) }
    }

    /// Shows `help.page` in `box` (centred by the layout); the footer is
    /// the frame's bottom line. `section` lines (a label and its text:
    /// what a guessed config guessed) go under the keys, across the whole
    /// box, as many as fit (the last one always).
    public func render(_ help: HelpScreen, in frame: Rect, into grid: inout CellGrid) {
        let (title, footer, section, sectionRows) = (help.title, help.footer, help.section, help.sectionRows)
        guard let layout = self.layout(help) else { return }
        let labelWidth = Self.labelWidth(help)
        let box = theme.status
        OverlayFrame(style: box, titleStyle: theme.header).render(.init(title: title, footer: footer), in: frame,
                                                                  into: &grid)
        let top = frame.y + 1 + (layout.padded ? 1 : 0)
        var x = frame.x + 2
        for column in layout.pages[help.page] {
            for (row, entry) in column.entries.enumerated() {
                grid.put(TextFit.truncate(entry.keys, to: column.keyWidth), x: x, y: top + row, style: box)
                grid.put(entry.action, x: x + column.keyWidth + 2, y: top + row,
                         maxWidth: column.width - column.keyWidth - 2, style: box)
            }
            x += column.width + HelpLayout.gap
        }
        guard sectionRows > 0 else { return }
        let sectionTop = top + (layout.columns.first?.entries.count ?? 0) + 1
        // Too many lines: the last one (how to keep it) stays, the ones before it go.
        let room = sectionRows - 1
        let shown = section.count <= room ? section : Array(section.prefix(room - 1)) + [section[section.count - 1]]
        for (row, line) in shown.enumerated() {
            let x = frame.x + 2
            grid.put(TextFit.truncate(line.keys, to: labelWidth), x: x, y: sectionTop + row, style: theme.header)
            grid.put(TextFit.truncate(line.action, to: layout.width - labelWidth - 6), x: x + labelWidth + 2,
                     y: sectionTop + row, style: box)
        }
    }
}
