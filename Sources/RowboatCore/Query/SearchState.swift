/// The `/` search over the loaded rows: the text typed so far, whether the
/// prompt still takes keys, and which rows match (indices into the list's
/// rows, in list order), with a selection among them.
public struct SearchState: Sendable, Equatable {
    public var text: String
    /// True while typing; false once Enter left the prompt to browse matches.
    public var editing: Bool
    public var matches: [Int]
    public var selection: Int
    /// First visible line of matches (a table row, or a row of grid cards).
    public var scrollLine: Int

    public init(text: String = "", editing: Bool = true, matches: [Int] = [], selection: Int = 0,
                scrollLine: Int = 0) {
        self.text = text
        self.editing = editing
        self.matches = matches
        self.selection = selection
        self.scrollLine = scrollLine
    }

    /// The first visible line that keeps the selection on screen, moving as
    /// little as possible from `scrollLine`; `perLine` matches fit on a line
    /// and `lines` lines are visible.
    public func clampedScrollLine(perLine: Int, lines: Int) -> Int {
        let per = max(1, perLine), visible = max(1, lines)
        let selected = selection / per
        let lastLine = max(0, (matches.count + per - 1) / per - visible)
        var line = scrollLine
        if selected < line { line = selected }
        if selected >= line + visible { line = selected - visible + 1 }
        return min(max(0, line), lastLine)
    }

    /// The visible matches as a list view of their rows: what the table or
    /// grid draws while searching. Only the visible window is copied.
    public func window(of rows: [RowModel], perLine: Int, lines: Int) -> ListState {
        let per = max(1, perLine)
        let start = min(matches.count, clampedScrollLine(perLine: per, lines: lines) * per)
        let end = min(matches.count, start + per * max(1, lines))
        var view = ListState()
        view.rows = matches[start..<end].compactMap { rows.indices.contains($0) ? rows[$0] : nil }
        view.selection = selection - start
        view.viewportItems = max(1, lines)
        view.phase = .idle
        return view
    }

    /// Indices of the rows whose title, subtitle or any text field contains
    /// `text`, ignoring case. Empty text matches every row.
    public static func matches(_ text: String, in rows: [RowModel]) -> [Int] {
        let needle = text.lowercased()
        guard !needle.isEmpty else { return Array(rows.indices) }
        return rows.indices.filter { rows[$0].contains(needle) }
    }
}

extension RowModel {
    /// True when `lowercasedNeedle` occurs in the title, subtitle or a text
    /// field (relative dates are not searched: their text changes).
    func contains(_ lowercasedNeedle: String) -> Bool {
        if title.lowercased().contains(lowercasedNeedle) || subtitle.lowercased().contains(lowercasedNeedle) {
            return true
        }
        for name in fieldOrder {
            if case .text(let s)? = fields[name], s.lowercased().contains(lowercasedNeedle) { return true }
        }
        return false
    }
}

/// What the keys do in the search prompt.
public enum SearchAction: Sendable, Equatable {
    /// Open the prompt (keeping the text of a search still shown).
    case begin
    case insert(String)
    case deleteBackward
    /// Enter: search on the server when the endpoint can, else stop typing
    /// and browse the matches.
    case submit
    /// Esc: drop the search and show every row again.
    case cancel
}
