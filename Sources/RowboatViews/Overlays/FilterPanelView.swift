import Foundation
import RowboatCore
import RowboatSpec
import RowboatCells

/// The filter and sort panel: a box over the list with each section's title
/// and its options, the chosen one marked ●, the cursor line highlighted,
/// and the keys at the bottom. Long panels scroll to keep the cursor shown.
public struct FilterPanelView {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws `panel` in the box `layout` gives the room it wants.
    public func render(_ panel: FilterPanel, sections: [QuerySection], keyMap: KeyMap = .default, layout: ScreenLayout,
                       into grid: inout CellGrid) {
        // One line per section title and per option; a blank line between sections.
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
        let keys = panel.closing
            ? Hint([Hint.key(.apply, "not applied: %k applies", on: .filterPanel),
                    Hint.key(.back, " · %k again discards", on: .filterPanel)]).text(in: keyMap)
            : Hint([Hint.key(.choose, "%k choose", on: .filterPanel), Hint.key(.apply, " · %k apply", on: .filterPanel),
                    Hint.key(.reset, " · %k reset", on: .filterPanel), Hint.key(.back, " · %k close", on: .filterPanel)])
            .text(in: keyMap).trimmingCharacters(in: CharacterSet(charactersIn: " ·"))
        let widest = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        guard let box = layout.overlayBox(width: max(widest, DisplayWidth.of(keys) + 2) + 4, height: lines.count + 4)
        else { return }
        let frame = OverlayFrame(box)
        let x0 = frame.x, y0 = frame.y, width = box.width, height = box.height
        frame.draw(into: &grid, title: "Filter and sort", footer: keys, style: theme.status, titleStyle: theme.header)
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
