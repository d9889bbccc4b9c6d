import RowboatCore
import RowboatSpec
import RowboatCells

/// The tabs line at the top when the config has more than one tab: each
/// tab's number, title and state (spinner, ✗, item count) at the place the
/// screen layout gives it; the current tab highlighted.
public struct TabsLine: CellView {
    public var theme: Theme
    /// Where each tab's label goes on the line, and the marks of tabs off it.
    public var layout: ScreenLayout
    /// The spinner's frame, for a tab that is loading.
    public var spinner: Character

    public init(theme: Theme, layout: ScreenLayout, spinner: Character) {
        self.theme = theme
        self.layout = layout
        self.spinner = spinner
    }

    /// Draws the tabs of `state` on `line` (the layout's tabs row).
    public func render(_ state: AppState, in line: Rect, into grid: inout CellGrid) {
        let y = line.y
        grid.fill(x: line.x, y: y, count: line.width, style: theme.status)
        for (i, rect) in layout.tabRects.enumerated() where rect.width > 0 {
            let tab = state.tabs[i]
            let style: Style
            if i == state.currentTab {
                style = theme.selected
            } else if case .failed = tab.list.phase {
                style = Style(foreground: theme.error.foreground, background: theme.status.background,
                              attributes: theme.error.attributes)
            } else {
                style = theme.status
            }
            grid.put(TabLabel.text(tab, number: i + 1, spinner: spinner), x: rect.x, y: y, maxWidth: rect.width,
                     style: style)
        }
        // More tabs off the line (the number keys and Tab reach them).
        if let left = layout.tabsMoreLeft { grid.put("‹", x: left.x, y: y, style: theme.status) }
        if let right = layout.tabsMoreRight { grid.put("›", x: right.x, y: y, style: theme.status) }
    }
}
