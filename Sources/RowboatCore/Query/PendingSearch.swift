import RowboatSpec

/// Which rows a `/` search's matches are up to date with: the table's
/// stamp (new whenever a row is replaced, removed or moved) and how many
/// rows it had (rows are only ever added after those).
public struct SearchedRows: Sendable, Equatable {
    public var stamp: UInt64
    public var count: Int

    public init(_ rows: RowTable) {
        stamp = rows.stamp
        count = rows.count
    }

    public init(stamp: UInt64, count: Int) {
        self.stamp = stamp
        self.count = count
    }
}

/// What a `/` search's matches were found for: the text and the rows.
/// Matches of a text that the typed text extends are the only rows the
/// longer text can match (a substring of every row it is in).
public struct SearchBasis: Sendable, Equatable {
    public var text: String
    public var rows: SearchedRows

    public init(text: String, rows: SearchedRows) {
        self.text = text
        self.rows = rows
    }
}

/// A `/` search's scan of many rows, worked out off the UI thread
/// (`AppEffect.searchRows`) while keys are answered: which request, for
/// which text and rows, and what a streamed list's later parts did to
/// those rows meanwhile (rows added after `rows.count`, earlier rows
/// `updated` in place), so the answer is brought up to date when it
/// comes rather than asked for again.
public struct PendingSearch: Sendable, Equatable {
    public var id: Int
    public var text: String
    /// The rows scanned, then the rows as the parts since left them
    /// (`stamp` follows them; `count` stays the scanned count).
    public var rows: SearchedRows
    /// Rows before `rows.count` replaced in place since, ascending.
    public var updated: [Int] = []
    /// Keep the selected row selected when the answer comes (false: the
    /// first match, as after a key typed).
    public var keepSelection: Bool
    /// The row selected when it was asked for (with `keepSelection`): kept
    /// selected if the matches shown meanwhile have none selected.
    public var selectedID: String?

    public init(id: Int, text: String, rows: SearchedRows, updated: [Int] = [], keepSelection: Bool,
                selectedID: String? = nil) {
        self.id = id
        self.text = text
        self.rows = rows
        self.updated = updated
        self.keepSelection = keepSelection
        self.selectedID = selectedID
    }
}
