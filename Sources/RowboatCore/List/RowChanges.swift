import RowboatSpec

/// What the last updates of a live list or a stream changed (issue #46,
/// "what changed"): the fields of each row that changed and when, held for
/// `hold` seconds (a live list's tick period: its next tick replaces
/// them), and the rows a tick found gone from the first page, shown dimmed
/// until the next tick (which rows: `GoneRows.ids`). The table draws a changed cell bold in the accent
/// colour with `*` in the gutter; the status bar sums it up
/// ("2 new · 3 changed · 1 gone").
public struct RowChanges: Sendable, Equatable {
    /// One row's changed fields, and when they changed.
    public struct Entry: Sendable, Equatable {
        public var fields: Set<String>
        public var at: Double

        public init(fields: Set<String>, at: Double) {
            self.fields = fields
            self.at = at
        }
    }

    /// How long a change stays marked (seconds).
    public var hold: Double
    /// Changed rows by id.
    public var changed: [String: Entry] = [:]
    /// Rows the last tick found gone from the first page (still in the
    /// list, dimmed, until the next tick).
    public var gone: Set<String> = []
    /// The ids of the first page as the last tick saw it, in its order.
    public var firstPage: [String] = []

    /// At most this many changed rows are kept (a flood's marks stay bounded).
    public static let mostRows = 10_000

    public init(hold: Double) {
        self.hold = hold
    }

    /// `id`'s changed fields at `now`; nil when none, or held long enough.
    public func fields(of id: String, now: Double) -> Set<String>? {
        guard let entry = changed[id], now - entry.at < hold else { return nil }
        return entry.fields
    }

    /// Notes `fields` of `id` changed at `at` (added to a change still held).
    public mutating func note(_ id: String, fields: Set<String>, at: Double) {
        guard !fields.isEmpty else { return }
        if let entry = changed[id], at - entry.at < hold {
            changed[id] = Entry(fields: entry.fields.union(fields), at: at)
        } else {
            changed[id] = Entry(fields: fields, at: at)
        }
    }

    /// Drops the changes held long enough at `now` (and, past `mostRows`,
    /// the oldest).
    public mutating func prune(now: Double) {
        changed = changed.filter { now - $0.value.at < hold }
        guard changed.count > Self.mostRows else { return }
        let kept = changed.sorted { $0.value.at > $1.value.at }.prefix(Self.mostRows)
        changed = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }

    /// How many rows show a change at `now`.
    public func changedCount(now: Double) -> Int {
        changed.values.reduce(0) { $0 + (now - $1.at < hold ? 1 : 0) }
    }

    /// The names of the fields whose shown text differs between `old` and
    /// `new` (a field present in one only counts).
    public static func fields(from old: RowModel, to new: RowModel) -> Set<String> {
        var names = Set<String>()
        for name in Set(old.fields.names).union(new.fields.names) where old.fields[name] != new.fields[name] {
            names.insert(name)
        }
        if old.title != new.title { names.insert("title") }
        if old.subtitle != new.subtitle { names.insert("subtitle") }
        return names
    }
}
