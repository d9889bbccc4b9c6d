import RowboatCore
import RowboatSpec
import Synchronization

/// Calls a `ListController`'s select and open hooks when the row under the
/// cursor or the open detail changes. It remembers only those two ids, not
/// the state before an action: a kept copy of the state would make the
/// reducer copy every row it changes (a million rows on each key).
final class SelectionWatch: Sendable {
    private let select: (@Sendable (ListRow) -> Void)?
    private let open: (@Sendable (ListRow) -> Void)?
    /// The selected row's id (nil while a detail is open or the list is
    /// empty) and the open detail's row id, as of the last look.
    private let seen = Mutex<(selected: String?, detail: String?)>((nil, nil))

    init(select: (@Sendable (ListRow) -> Void)?, open: (@Sendable (ListRow) -> Void)?) {
        self.select = select
        self.open = open
    }

    /// Looks at the state after an action and calls the hooks for what changed.
    func look(at state: AppState) {
        let row = state.detail == nil ? state.currentRow : nil
        let detail = state.detail
        let (selectedChanged, detailChanged) = seen.withLock { seen in
            let changes = (row != nil && row?.id != seen.selected, detail != nil && detail?.rowID != seen.detail)
            seen = (detail == nil ? row?.id : seen.selected, detail?.rowID)
            return changes
        }
        if selectedChanged, let select, let row { select(ListRow(model: row)) }
        if detailChanged, let open, let detail { open(ListRow(model: detail.row)) }
    }
}
