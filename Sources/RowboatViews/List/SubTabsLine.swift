import RowboatCore
import RowboatSpec
import RowboatCells

/// The sub-tabs line under the tabs line, the way gh-dash shows sections:
/// `All` (the config's own list), then each view the endpoint's config
/// declares (`views:`); the view in force highlighted, the keys that step
/// through them at the end when there is room.
public struct SubTabsLine: CellView {
    public var theme: Theme
    /// Where each sub-tab's label goes on the line.
    public var layout: ScreenLayout
    public var keyMap: KeyMap

    public init(theme: Theme, layout: ScreenLayout, keyMap: KeyMap) {
        self.theme = theme
        self.layout = layout
        self.keyMap = keyMap
    }

    /// Draws the views of `state`'s endpoint on `line` (the layout's views row).
    public func render(_ state: AppState, in line: Rect, into grid: inout CellGrid) {
        let y = line.y
        grid.fill(x: line.x, y: y, count: line.width, style: theme.status)
        let declared = state.endpoints[state.endpointKey]?.views ?? []
        let current = state.tab.view.flatMap { view in declared.firstIndex { $0.name == view.name } }
        let names = ["All"] + declared.map(\.name)
        var x = 1
        for (i, rect) in layout.viewRects.enumerated() where names.indices.contains(i) {
            let chosen = (i == 0 && state.tab.view == nil) || (current.map { $0 + 1 } == i)
            grid.put(" \(names[i]) ", x: rect.x, y: y, maxWidth: rect.width, style: chosen ? theme.selected : theme.status)
            x = rect.x + rect.width + 1
        }
        // The list's keys, whatever is open over it, where they step through the views.
        var list = state
        list.overlay = nil
        let steps = keyMap.bindings(in: list).values.contains { if case .views(.cycle) = $0 { true } else { false } }
        let hint = steps ? TableHint(on: .list, [.init([.previousView, .nextView], "views")]).parts(in: keyMap).first : nil
        let end = line.x + line.width
        if let hint, x + DisplayWidth.of(hint) + 2 < end {
            grid.put(hint, x: end - DisplayWidth.of(hint) - 1, y: y, style: theme.status.dimmed)
        }
    }
}
