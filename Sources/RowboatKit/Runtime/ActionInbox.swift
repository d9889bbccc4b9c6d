import RowboatCore
import RowboatSpec
import RowboatTerminal
import Synchronization

/// Where background tasks post actions for the UI thread: a locked queue
/// plus a byte on the wake pipe so the thread leaves `poll()`.
package final class ActionInbox: Sendable {
    private let queue = Mutex<[AppAction]>([])
    private let wake: WakePipe

    package init(wake: WakePipe) {
        self.wake = wake
    }

    package func post(_ action: AppAction) {
        queue.withLock { $0.append(action) }
        wake.signal(0)
    }

    /// Puts `actions` (taken and not yet done) back at the front, before
    /// anything posted since, and wakes the thread to take them.
    package func putBack(_ actions: ArraySlice<AppAction>) {
        guard !actions.isEmpty else { return }
        queue.withLock { $0.insert(contentsOf: actions, at: 0) }
        wake.signal(0)
    }

    /// Everything posted since the last drain, in order.
    package func drain() -> [AppAction] {
        queue.withLock { q in
            let out = q
            q.removeAll(keepingCapacity: true)
            return out
        }
    }
}
