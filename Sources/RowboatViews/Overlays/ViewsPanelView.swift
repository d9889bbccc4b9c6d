import RowboatCore
import RowboatSpec
import RowboatCells

/// The views panel (`V`): a box over the list with one line per view of
/// the endpoint — ◆ the config's, ● those saved — its name and what it
/// sets; the view in force marked ▸, the cursor line highlighted, the keys
/// (or the name being typed, or the delete question) at the bottom.
public struct ViewsPanelView: SizedCellView {
    public var theme: Theme
    /// The app's state: the endpoint's views and the one in force.
    public var state: AppState
    public var keyMap: KeyMap

    public init(theme: Theme, state: AppState, keyMap: KeyMap = .default) {
        self.theme = theme
        self.state = state
        self.keyMap = keyMap
    }

    /// The panel's keys, named from its key layer (`KeyLayer.viewsPanel`).
    public static let footerHint = TableHint(on: .viewsPanel, [
        .init([.viewsApply], "apply"), .init([.viewsSave], "save as…"), .init([.viewsDelete], "delete"),
    ])
    static let closeHint = TableHint(on: .viewsPanel, [.init([.viewsClose], "close")])
    /// While a name is typed (`KeyLayer.viewsPrompt`): the prompt's own keys.
    static let typingHint = TableHint(on: .viewsPrompt, [.init([.viewsSubmit], "save"), .init([.viewsCancel], "cancel")])

    /// The footer for a box `width` cells wide.
    public static func footer(width: Int, keyMap: KeyMap = .default) -> String {
        var parts = footerHint.parts(in: keyMap)
        let close = closeHint.parts(in: keyMap)
        while !parts.isEmpty, DisplayWidth.of((parts + close).joined(separator: " · ")) > width - 6 {
            parts.removeLast()
        }
        return (parts + close).joined(separator: " · ")
    }

    /// One line of text per view: in force or not, declared or saved, its
    /// name and what it sets; a line saying how to save one when there is none.
    var texts: [String] {
        let lines = state.viewLines
        let nameWidth = min(ViewSpec.maxNameCharacters, lines.map { DisplayWidth.of($0.view.name) }.max() ?? 0)
        var texts = lines.map { line -> String in
            let mark = line.declared ? "◆" : "●"
            let current = state.tab.view?.name == line.view.name ? "▸" : " "
            return "\(current)\(mark) \(ColumnsPanelView.pad(line.view.name, to: nameWidth))  \(line.view.summary)"
        }
        if texts.isEmpty {
            let save = TableHint(on: .viewsPanel, [.init([.viewsSave], "saves the list as it is")]).parts(in: keyMap)
            texts = ["no views yet" + (save.first.map { ": " + $0 } ?? "")]
        }
        return texts
    }

    /// Room for the widest line or every key, a line per view.
    public func size(of panel: ViewsPanel) -> (width: Int, height: Int)? {
        let texts = self.texts
        let widest = texts.map { DisplayWidth.of($0) }.max() ?? 0
        return (max(widest + 4, DisplayWidth.of(Self.footer(width: .max, keyMap: keyMap)) + 6, 40), texts.count + 4)
    }

    /// Draws `panel` in `box`, scrolled to keep the cursor shown; at the
    /// bottom the keys that fit, the name being typed or the delete question.
    public func render(_ panel: ViewsPanel, in box: Rect, into grid: inout CellGrid) {
        let lines = state.viewLines
        let texts = self.texts
        let (width, height) = (box.width, box.height)
        var footer = Self.footer(width: width, keyMap: keyMap)
        if let typed = panel.typed {
            footer = PromptFooter.line(label: "save as", typed: typed, keys: Self.typingHint.parts(in: keyMap),
                                       width: width)
        } else if let name = panel.deleting {
            let again = Hint([Hint.key(.viewsDelete, "%k again deletes it", on: .viewsPanel)]).text(in: keyMap)
            footer = "delete \(name)?" + (again.isEmpty ? "" : " " + again)
        }
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: "Views of \(state.tab.title)", footer: footer), in: box, into: &grid)
        let visible = height - 4
        let top = min(max(0, panel.cursor - visible + 1), max(0, texts.count - visible))
        for i in top..<min(texts.count, top + visible) {
            let y = box.y + 2 + (i - top)
            let selected = i == panel.cursor && !lines.isEmpty
            let style = selected ? theme.selected : theme.status
            if selected { grid.fill(x: box.x + 1, y: y, count: width - 2, style: style) }
            grid.put(texts[i], x: box.x + 2, y: y, maxWidth: width - 4, style: style)
        }
    }
}
