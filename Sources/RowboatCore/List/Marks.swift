import RowboatSpec

/// The rows a user marked to act on together, by id, so marks survive
/// paging, search and a refresh (a row still there after it keeps its
/// mark). Marking every loaded row is one step whatever their number: the
/// first `bulk` rows of the table are marked, less `unmarked`, until the
/// rows move (a refresh), when the bulk becomes ids (`settle`).
public struct Marks: Sendable, Equatable {
    /// Ids marked one by one (never within the bulk range).
    public private(set) var ids: Set<String> = []
    /// The first `bulk` rows of the table are marked (mark all).
    public private(set) var bulk = 0
    /// Ids within the bulk range that were unmarked since.
    public private(set) var unmarked: Set<String> = []

    public init() {}

    /// How many rows are marked.
    public var count: Int { bulk - unmarked.count + ids.count }

    public var isEmpty: Bool { count == 0 }

    /// True when row `index` of `rows` is marked.
    public func contains(_ index: Int, in rows: RowTable) -> Bool {
        guard !isEmpty, rows.indices.contains(index) else { return false }
        if index < bulk {
            return unmarked.isEmpty || !unmarked.contains(rows.id(at: index))
        }
        return !ids.isEmpty && ids.contains(rows.id(at: index))
    }

    /// Marks row `index`, or unmarks it when it was marked.
    public mutating func toggle(_ index: Int, in rows: RowTable) {
        guard rows.indices.contains(index) else { return }
        let id = rows.id(at: index)
        if index < bulk {
            if unmarked.remove(id) == nil { unmarked.insert(id) }
        } else if ids.remove(id) == nil {
            ids.insert(id)
        }
    }

    /// Marks every loaded row (one step, however many there are).
    public mutating func markAll(_ rows: RowTable) {
        ids = []
        unmarked = []
        bulk = rows.count
    }

    /// Clears every mark.
    public mutating func clear() {
        self = Marks()
    }

    /// The bulk as ids, before the rows of `rows` move (a refresh replaces
    /// them): afterwards a mark follows its id wherever the row lands.
    public mutating func settle(_ rows: RowTable) {
        guard bulk > 0 else { return }
        for index in 0..<min(bulk, rows.count) {
            let id = rows.id(at: index)
            if !unmarked.contains(id) { ids.insert(id) }
        }
        bulk = 0
        unmarked = []
    }

    /// The marked rows' indices in `rows`, in list order.
    public func indices(in rows: RowTable) -> [Int] {
        guard !isEmpty else { return [] }
        var out: [Int] = []
        out.reserveCapacity(count)
        for index in 0..<min(bulk, rows.count) where unmarked.isEmpty || !unmarked.contains(rows.id(at: index)) {
            out.append(index)
        }
        if !ids.isEmpty {
            let found = ids.compactMap { rows.index(ofID: $0) }.filter { $0 >= bulk }.sorted()
            out += found
        }
        return out
    }

    /// How many marked rows are among `rows` (marks kept by id through a
    /// server search may be elsewhere); without walking a bulk.
    public func countPresent(in rows: RowTable) -> Int {
        let bulkHere = min(bulk, rows.count) - unmarked.count
        return max(0, bulkHere) + (ids.isEmpty ? 0 : ids.reduce(0) { $0 + (rows.index(ofID: $1) != nil ? 1 : 0) })
    }

    /// "3 marked", or "3 marked (1 here)" when some are not among `rows`.
    public func summary(in rows: RowTable) -> String {
        let here = countPresent(in: rows)
        return here == count ? "\(count) marked" : "\(count) marked (\(here) here)"
    }

    /// Takes out the marks of ids no longer among `rows` (after a refresh
    /// that brought the list back without them).
    public mutating func keepOnly(_ rows: RowTable) {
        ids = ids.filter { rows.index(ofID: $0) != nil }
    }
}
