import RowboatSpec

/// What the last updates of a live list, a stream or a refresh changed
/// (issue #46, "what changed"): the fields of each row that changed and
/// when, held for a while (`ListState.changeHold`: a live list's tick
/// period, so its next tick replaces them), and the rows a tick found gone from the first page, shown dimmed
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

    /// Changed rows by id.
    public var changed: [String: Entry] = [:]
    /// Rows the last tick found gone from the first page (still in the
    /// list, dimmed, until the next tick).
    public var gone: Set<String> = []
    /// The ids of the first page as the last tick saw it, in its order.
    public var firstPage: [String] = []

    /// How long a refresh's changes stay marked on a list that is not live
    /// (a live list's: its tick period).
    public static let refreshHold: Double = 5

    /// At most this many changed rows are kept (a flood's marks stay bounded).
    public static let mostRows = 10_000

    public init() {}

    /// `id`'s changed fields at `now`; nil when none, or held long enough.
    public func fields(of id: String, now: Double, hold: Double) -> Set<String>? {
        guard let entry = changed[id], now - entry.at < hold else { return nil }
        return entry.fields
    }

    /// Notes `fields` of `id` changed at `at` (added to a change still held).
    public mutating func note(_ id: String, fields: Set<String>, at: Double, hold: Double) {
        guard !fields.isEmpty else { return }
        if let entry = changed[id], at - entry.at < hold {
            changed[id] = Entry(fields: entry.fields.union(fields), at: at)
        } else {
            changed[id] = Entry(fields: fields, at: at)
        }
    }

    /// Drops the changes held long enough at `now` (and, past `mostRows`,
    /// the oldest).
    public mutating func prune(now: Double, hold: Double) {
        changed = changed.filter { now - $0.value.at < hold }
        guard changed.count > Self.mostRows else { return }
        let kept = changed.sorted { $0.value.at > $1.value.at }.prefix(Self.mostRows)
        changed = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }

    /// When the next change held now stops being marked (the run loop
    /// wakes then to draw it plain); nil when none is held.
    public func nextExpiry(now: Double, hold: Double) -> Double? {
        var next: Double?
        for entry in changed.values where now - entry.at < hold { next = min(next ?? .infinity, entry.at + hold) }
        return next
    }

    /// How many rows show a change at `now`.
    public func changedCount(now: Double, hold: Double) -> Int {
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

extension ListState {
    /// How long a change stays marked: a live list's (or a stream's) tick
    /// period, else `RowChanges.refreshHold`.
    public var changeHold: Double { live?.every ?? RowChanges.refreshHold }

    /// The fields of row `id` drawn as changed at `now`.
    public func changedFields(of id: String, now: Double) -> Set<String> {
        changes.fields(of: id, now: now, hold: changeHold) ?? []
    }

    /// When the next change stops being marked (the run loop wakes then).
    public func changesExpiry(now: Double) -> Double? {
        changes.nextExpiry(now: now, hold: changeHold)
    }

    /// "2 new · 3 changed · 1 gone": what the status bar sums up at `now`
    /// (a live list's new rows while marked, rows whose change is still
    /// held, rows gone from the first page); nil when nothing is.
    public func changesText(now: Double) -> String? {
        let changed = changes.changedCount(now: now, hold: changeHold)
        let parts = [live?.newText, changed > 0 ? "\(changed) changed" : nil,
                     changes.gone.isEmpty ? nil : "\(changes.gone.count) gone"].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
