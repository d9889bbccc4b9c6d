import RowboatCore
import RowboatSpec
import RowboatCells

/// The tabs line at the top when the config has more than one tab: each
/// tab's number, title and state (spinner, ✗, item count) at the place the
/// screen layout gives it; the current tab highlighted.
public struct TabsLine {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ state: AppState, layout: ScreenLayout, spinner: Character, into grid: inout CellGrid) {
        guard let y = layout.tabsRow else { return }
        grid.fill(x: 0, y: y, count: grid.width, style: theme.status)
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
