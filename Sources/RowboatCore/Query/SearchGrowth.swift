import RowboatSpec

/// What the next part of a streamed body does to a list that a `/` search
/// is narrowing: it adds rows after the ones already matched and may
/// update a few of those in place (the same id again), nothing else. So
/// the matches are kept and only those rows are looked at — not the whole
/// list at every part of a million-row body.
struct SearchGrowth: Equatable {
    /// The first row the part adds.
    var from: Int
    /// Earlier rows it replaces in place, ascending.
    var updated: [Int]
    /// The rows before the part.
    var before: SearchedRows

    /// Nil unless `action` is a later part (`continues`) of the streamed
    /// request `list` has in flight, and no local sort or filter is in
    /// force: only such a part is sure to append (a sort moves the rows it
    /// adds into its order, a filter sets rows aside).
    init?(_ list: ListState, _ action: ListAction) {
        guard list.sort == nil, list.filter == nil,
              case .pageLoaded(let id, let page) = action, page.facts.continues,
              let request = list.inFlight, request.id == id, request.streamed else { return nil }
        from = list.rows.count
        before = SearchedRows(list.rows)
        updated = list.rows.rows(withIDsOf: page.rows)
    }

    init(from: Int, updated: [Int], before: SearchedRows) {
        self.from = from
        self.updated = updated
        self.before = before
    }

    /// The matches of `text` in `rows`, given `before`, its matches in the
    /// rows before the part.
    func matches(_ text: String, in rows: RowTable, before: [Int], fields: Set<String>?) -> [Int] {
        let added = SearchState.matches(text, in: rows, among: Array(from..<rows.count), fields: fields)
        guard !updated.isEmpty else { return before + added }
        let kept = Set(updated)
        let again = SearchState.matches(text, in: rows, among: updated, fields: fields)
        return (before.filter { !kept.contains($0) } + again).sorted() + added
    }
}
