import RowboatCore
import RowboatSpec
import RowboatCells

/// The search line above the status bar: the text typed after "/", a
/// cursor while typing, how many loaded rows match (or that they are being
/// searched), and what Enter and Esc do.
public struct SearchPrompt: CellView {
    public var theme: Theme
    public var keyMap: KeyMap
    /// How many rows are loaded (the matches are counted among them).
    public var loaded: Int
    /// Whether Enter sends the search to the server (else it browses the matches).
    public var serverSearch: Bool
    /// The widest the typed text is drawn (`ScreenLayout.searchTextRoom`).
    public var textRoom: Int

    public init(theme: Theme, keyMap: KeyMap = .default, loaded: Int, serverSearch: Bool, textRoom: Int) {
        self.theme = theme
        self.keyMap = keyMap
        self.loaded = loaded
        self.serverSearch = serverSearch
        self.textRoom = textRoom
    }

    /// While typing: the prompt's own keys (`KeyLayer.searchPrompt`), Enter's
    /// words as the search goes to the server or browses the matches.
    static func typingHint(serverSearch: Bool) -> TableHint {
        TableHint(on: .searchPrompt, [.init([.searchSubmit], serverSearch ? "search server" : "browse"), .init([.searchCancel], "clear")])
    }

    /// Draws the prompt on `line` (the layout's search line, `searchPrompt`).
    public func render(_ search: SearchState, in line: Rect, into grid: inout CellGrid) {
        let y = line.y
        grid.fill(x: line.x, y: y, count: line.width, style: theme.footer)
        let used = grid.put("/" + search.text + (search.editing ? "▏" : ""), x: line.x, y: y,
                            maxWidth: textRoom, style: search.editing ? theme.accent : theme.footer)
        // A long list is searched off the UI thread: the previous matches stay until the answer,
        // or its first ones are shown while the rest is searched.
        var hint = if search.searching == nil {
            "\(search.matches.count) of \(loaded) loaded match"
        } else if search.basis == nil, search.searching?.shown?.text == search.text {
            "\(search.matches.count)+ of \(loaded) loaded match, searching…"
        } else {
            "searching \(loaded) loaded…"
        }
        if search.editing {
            hint += (Self.typingHint(serverSearch: serverSearch).parts(in: keyMap)).map { " · " + $0 }.joined()
        } else {
            // Typing uses the prompt's own keys; once done, the key map's.
            hint += Hint([Hint.key(.search, " · %k edit"), Hint.key(.back, " · %k clear", on: .back)]).text(in: keyMap)
        }
        grid.put(hint, x: line.x + used + 2, y: y, maxWidth: max(0, line.width - used - 3), style: theme.dim)
    }
}
