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
    /// Set while the matches shown are the start of a scan's answer (this
    /// one's, or a replaced one's): see `ShownStart`.
    public var shown: ShownStart?

    public init(id: Int, text: String, rows: SearchedRows, updated: [Int] = [], keepSelection: Bool,
                selectedID: String? = nil, shown: ShownStart? = nil) {
        self.id = id
        self.text = text
        self.rows = rows
        self.updated = updated
        self.keepSelection = keepSelection
        self.selectedID = selectedID
        self.shown = shown
    }
}

/// The matches a search shows while its scan goes on, when they are the
/// start of the scan's answer (`SearchAction.foundFirst`: its first
/// matches, in order, found before the rest) rather than a whole answer:
/// for which text and rows, and the whole answer they replaced, which a
/// longer text still narrows from.
public struct ShownStart: Sendable, Equatable {
    /// The text whose matches they are.
    public var text: String
    /// The stamp of the rows they are positions in.
    public var stamp: UInt64
    /// The last whole answer before them (nil: none to narrow from).
    public var earlier: SearchAnswer?

    public init(text: String, stamp: UInt64, earlier: SearchAnswer?) {
        self.text = text
        self.stamp = stamp
        self.earlier = earlier
    }
}

/// A search's whole answer: every match of `basis.text` in `basis.rows`.
public struct SearchAnswer: Sendable, Equatable {
    public var basis: SearchBasis
    public var matches: [Int]

    public init(basis: SearchBasis, matches: [Int]) {
        self.basis = basis
        self.matches = matches
    }
}
