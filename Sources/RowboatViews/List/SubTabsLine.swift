import RowboatCore
import RowboatSpec
import RowboatCells

/// The sub-tabs line under the tabs line, the way gh-dash shows sections:
/// `All` (the config's own list), then each view the endpoint's config
/// declares (`views:`); the view in force highlighted, the keys that step
/// through them at the end when there is room.
public struct SubTabsLine {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ state: AppState, layout: ScreenLayout, keyMap: KeyMap, into grid: inout CellGrid) {
        guard let y = layout.viewsRow else { return }
        grid.fill(x: 0, y: y, count: grid.width, style: theme.status)
        let declared = state.endpoints[state.endpointKey]?.views ?? []
        let current = state.tab.view.flatMap { view in declared.firstIndex { $0.name == view.name } }
        let names = ["All"] + declared.map(\.name)
        var x = 1
        for (i, rect) in layout.viewRects.enumerated() where names.indices.contains(i) {
            let chosen = (i == 0 && state.tab.view == nil) || (current.map { $0 + 1 } == i)
            grid.put(" \(names[i]) ", x: rect.x, y: y, maxWidth: rect.width, style: chosen ? theme.selected : theme.status)
            x = rect.x + rect.width + 1
        }
        // The list's keys, whatever is open over it.
        var list = state
        list.overlay = nil
        let hint = TableHint([.init([.views(.cycle(-1)), .views(.cycle(1))], "views")])
            .parts(in: keyMap.bindings(in: list)).first
        if let hint, x + DisplayWidth.of(hint) + 2 < grid.width {
            grid.put(hint, x: grid.width - DisplayWidth.of(hint) - 1, y: y, style: theme.status.dimmed)
        }
    }
}
