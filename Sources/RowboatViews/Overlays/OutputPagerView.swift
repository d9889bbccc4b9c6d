import RowboatCore
import RowboatSpec
import RowboatCells

/// A program's output over the list (`O`): a box almost as large as the
/// screen, the run's title in its top edge, the lines from the scroll
/// position (each sanitized as every cell is, long ones cut), and where
/// the view is in the bottom edge.
public struct OutputPagerView: CellView {
    public var theme: Theme
    /// The key map in force: the footer names its pager keys.
    public var keyMap: KeyMap

    public init(theme: Theme, keyMap: KeyMap = .default) {
        self.theme = theme
        self.keyMap = keyMap
    }

    /// Its keys, named from its key layer (`KeyLayer.pager`).
    public static let footerHint = TableHint(on: .pager, [.init([.pagerDown, .pagerUp], "scroll"), .init([.pagerClose], "close")])

    /// Draws `pager` in `box` (the layout's pager box).
    public func render(_ pager: OutputPager, in box: Rect, into grid: inout CellGrid) {
        let width = box.width, height = box.height
        let visible = height - 2
        let last = min(pager.lines.count, pager.scroll + visible)
        let position = pager.lines.count > visible ? "\(pager.scroll + 1)-\(last)/\(pager.lines.count) · " : ""
        let footer = position + Self.footerHint.parts(in: keyMap).joined(separator: " · ")
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: "Output: \(pager.title)", footer: footer), in: box, into: &grid)
        for (i, line) in pager.lines[min(pager.scroll, pager.lines.count)..<last].enumerated() {
            grid.put(line, x: box.x + 2, y: box.y + 1 + i, maxWidth: width - 4, style: theme.status)
        }
    }
}
