import Foundation
import RowboatCore
import RowboatSpec
import RowboatCells

/// The filter and sort panel: a box over the list with each section's title
/// and its options, the chosen one marked ●, the cursor line highlighted,
/// and the keys at the bottom. Long panels scroll to keep the cursor shown.
public struct FilterPanelView: SizedCellView {
    public var theme: Theme
    /// The sections of the list's query, whose options the panel chooses from.
    public var sections: [QuerySection]
    public var keyMap: KeyMap

    public init(theme: Theme, sections: [QuerySection], keyMap: KeyMap = .default) {
        self.theme = theme
        self.sections = sections
        self.keyMap = keyMap
    }

    /// One line per section title and per option (with the option's
    /// number); a blank line between sections.
    func lines(_ panel: FilterPanel) -> [(text: String, option: Int?)] {
        var lines: [(text: String, option: Int?)] = []
        var optionLine = 0
        for (s, section) in sections.enumerated() {
            if s > 0 { lines.append(("", nil)) }
            lines.append((section.title, nil))
            for (o, option) in section.options.enumerated() {
                let mark = panel.draft.indices.contains(s) && panel.draft[s] == o ? "●" : "○"
                lines.append(("  \(mark) \(option.title)", optionLine))
                optionLine += 1
            }
        }
        return lines
    }

    /// The keys in the bottom edge.
    func keys(_ panel: FilterPanel) -> String {
        panel.closing
            ? Hint([Hint.key(.apply, "not applied: %k applies", on: .filterPanel),
                    Hint.key(.back, " · %k again discards", on: .filterPanel)]).text(in: keyMap)
            : Hint([Hint.key(.choose, "%k choose", on: .filterPanel), Hint.key(.apply, " · %k apply", on: .filterPanel),
                    Hint.key(.reset, " · %k reset", on: .filterPanel), Hint.key(.back, " · %k close", on: .filterPanel)])
            .text(in: keyMap).trimmingCharacters(in: CharacterSet(charactersIn: " ·"))
    }

    /// Room for the widest line or the keys, and every line.
    public func size(of panel: FilterPanel) -> (width: Int, height: Int)? {
        let lines = self.lines(panel)
        let widest = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        return (max(widest, DisplayWidth.of(keys(panel)) + 2) + 4, lines.count + 4)
    }

    /// Draws `panel` in `box`, scrolled to keep the cursor shown.
    public func render(_ panel: FilterPanel, in box: Rect, into grid: inout CellGrid) {
        let lines = self.lines(panel)
        let x0 = box.x, y0 = box.y, width = box.width, height = box.height
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: "Filter and sort", footer: keys(panel)), in: box, into: &grid)
        let visible = height - 4
        let cursorLine = lines.firstIndex { $0.option == panel.cursor } ?? 0
        let top = min(max(0, cursorLine - visible + 1), max(0, lines.count - visible))
        for (i, line) in lines[top..<min(lines.count, top + visible)].enumerated() {
            let y = y0 + 2 + i
            let style: Style
            if line.option == panel.cursor {
                style = theme.selected
                grid.fill(x: x0 + 1, y: y, count: width - 2, style: style)
            } else {
                style = line.option == nil ? theme.header : theme.status
            }
            grid.put(line.text, x: x0 + 2, y: y, maxWidth: width - 4, style: style)
        }
    }
}
