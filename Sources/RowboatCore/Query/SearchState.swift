import RowboatSpec

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
    /// The text fields searched besides the title and subtitle: those
    /// shown (the columns in force); nil: every field the detail shows.
    public var fields: Set<String>?
    /// What `matches` were found for, all of them (nil: not yet, or they
    /// are the start of a scan's answer: `PendingSearch.shown`).
    public var basis: SearchBasis?
    /// A scan of many rows worked out off the UI thread; `matches` are
    /// the previous ones until it is answered (`SearchAction.found`), or
    /// its first ones once found (`SearchAction.foundFirst`).
    public var searching: PendingSearch?

    public init(text: String = "", editing: Bool = true, matches: [Int] = [], selection: Int = 0,
                scrollLine: Int = 0, fields: Set<String>? = nil) {
        self.text = text
        self.editing = editing
        self.matches = matches
        self.selection = selection
        self.scrollLine = scrollLine
        self.fields = fields
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
    public func window(of rows: RowTable, perLine: Int, lines: Int) -> ListState {
        let per = max(1, perLine)
        let start = min(matches.count, clampedScrollLine(perLine: per, lines: lines) * per)
        let end = min(matches.count, start + per * max(1, lines))
        var view = ListState()
        view.rows = RowTable(matches[start..<end].lazy.filter(rows.indices.contains).map { rows[$0] })
        view.selection = selection - start
        view.viewportItems = max(1, lines)
        view.phase = .idle
        return view
    }

    /// True when every row `text` matches is matched by `earlier` too (as
    /// the search finds text: lowered, by whole characters), so `text` may
    /// be looked for among the matches of `earlier` alone. "e" then a
    /// combining acute is "é", which a row's "é" holds and "e" does not.
    public static func narrows(_ text: String, from earlier: String) -> Bool {
        earlier.isEmpty || SearchNeedle(text).lowered.contains(SearchNeedle(earlier).lowered)
    }

    /// How many matches a scan finds before it tells its first ones
    /// (`SearchAction.foundFirst`): more than any screen shows.
    public static let firstShownMatches = 256

    /// Indices of the rows whose title, subtitle or a text field of
    /// `fields` (nil: any) contains `text`, ignoring case. Empty text
    /// matches every row. With `among` (the matches of a text that `text`
    /// narrows: `narrows(_:from:)`), only those rows are looked at.
    /// `stop`, asked now and then, ends a long scan early (its result
    /// then partial: for a search no one waits for any more). `first`, if
    /// given, is handed the answer's start once `firstShownMatches` are
    /// found in a long scan of rows in their natural order, while the rest
    /// is scanned (at most once; not for rows a sort moved).
    public static func matches(_ text: String, in rows: RowTable, among: [Int]? = nil, fields: Set<String>? = nil,
                               stop: (@Sendable () -> Bool)? = nil,
                               first: (@Sendable ([Int]) -> Void)? = nil) -> [Int] {
        let needle = SearchNeedle(text)
        if let among { return rows.rows(among, containing: needle, fields: fields, stop: stop, first: first) }
        return rows.rows(rows.indices, containing: needle, fields: fields, stop: stop, first: first)
    }

    /// Where `text` is in `shown`, ignoring case as the search does (nil:
    /// not there): what the table highlights in a matching row's cells.
    public static func highlight(_ text: String, in shown: String) -> Range<String.Index>? {
        guard !text.isEmpty else { return nil }
        return shown.range(of: text, options: [.caseInsensitive])
    }
}

extension [Int] {
    /// Where `value` is in this ascending array (binary search).
    func sortedIndex(of value: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low] == value ? low : nil
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
    /// Esc or Backspace on a list showing a server search's results: drop
    /// that search and load the whole list again.
    case clearServer
    /// `n`/`N` while search results are shown: the next or previous match.
    case nextMatch, previousMatch
    /// The rows matching a search worked out off the UI thread
    /// (`AppEffect.searchRows`) for tab `tab`'s request `requestID`.
    case found(tab: String, requestID: Int, matches: [Int])
    /// The start of that answer, found while the scan goes on: its first
    /// matches (at least `SearchState.firstShownMatches`), in order, every
    /// match before the last of them among them. Shown until the rest come.
    case foundFirst(tab: String, requestID: Int, matches: [Int])
}
