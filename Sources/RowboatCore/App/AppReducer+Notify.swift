import RowboatSpec

/// A list's notices (`notify:` rules) become notifications at most once
/// every `notifications.every` seconds a tab: the rows met meanwhile are
/// counted into the next one ("· 4 earlier"), none are lost silently.
extension AppReducer {
    /// `w`: watch the selected row of a live list or a stream (a
    /// notification when a tick, an event or a refresh changes it), or
    /// stop watching it.
    static func toggleWatch(_ state: inout AppState) -> [AppEffect] {
        guard state.screen == nil, state.list.live != nil, let row = state.list.selectedRow else { return [] }
        if state.list.watched.remove(row.id) != nil {
            toast(&state, "no longer watching \(row.title)")
        } else {
            state.list.watched.insert(row.id)
            toast(&state, "watching \(row.title): a notification when it changes")
        }
        return []
    }

    static func gateNotices(_ state: inout AppState, tab index: Int, _ effects: [ListEffect]) -> [ListEffect] {
        effects.compactMap { effect in
            guard case .notify(let notices) = effect else { return effect }
            guard state.notifications.via != .off else { return nil }
            var gate = state.tabs[index].notifyGate
            let rows = notices.reduce(0) { $0 + $1.rows }
            if let last = gate.last, state.clock - last < state.notifications.every {
                gate.held += rows
                state.tabs[index].notifyGate = gate
                return nil
            }
            let title = state.tabs[index].title
            var sent = notices.map { notice in
                Notice(title: notice.title ?? title, text: notice.text + (notice.rows > 1 ? " (+\(notice.rows - 1) more)" : ""),
                       rows: notice.rows)
            }
            if gate.held > 0 { sent[sent.count - 1].text += " · \(gate.held) earlier" }
            state.tabs[index].notifyGate = NotifyGate(last: state.clock, held: 0)
            return .notify(sent)
        }
    }
}

/// When a tab last sent a notification, and how many rows met its rules
/// since without one (too soon after it).
public struct NotifyGate: Sendable, Equatable {
    public var last: Double?
    public var held = 0

    public init(last: Double? = nil, held: Int = 0) {
        self.last = last
        self.held = held
    }
}
