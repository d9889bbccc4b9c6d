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

    /// Everything posted since the last drain, in order.
    package func drain() -> [AppAction] {
        queue.withLock { q in
            let out = q
            q.removeAll(keepingCapacity: true)
            return out
        }
    }
}
