import RowboatCore
import RowboatSpec

/// The search line above the status bar: the text typed after "/", a
/// cursor while typing, how many loaded rows match, and what Enter and Esc
/// do.
public struct SearchPrompt {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func render(_ search: SearchState, loaded: Int, serverSearch: Bool, keyMap: KeyMap = .default,
                       into grid: inout CellGrid, y: Int) {
        grid.fill(x: 0, y: y, count: grid.width, style: theme.footer)
        let used = grid.put("/" + search.text + (search.editing ? "▏" : ""), x: 0, y: y,
                            maxWidth: max(1, grid.width / 2), style: search.editing ? theme.accent : theme.footer)
        var hint = "\(search.matches.count) of \(loaded) loaded match"
        if search.editing {
            hint += serverSearch ? " · enter search server · esc clear" : " · enter browse · esc clear"
        } else {
            // Typing uses the prompt's own keys; once done, the key map's.
            hint += Hint([Hint.key(.search, " · %k edit"), Hint.key(.back, " · %k clear", on: .back)]).text(in: keyMap)
        }
        grid.put(hint, x: used + 2, y: y, maxWidth: max(0, grid.width - used - 3), style: theme.dim)
    }
}
