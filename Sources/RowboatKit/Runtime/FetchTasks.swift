import RowboatCore
import Synchronization

/// The page requests running now, by list and request id, so a superseded
/// one can be cancelled (Swift task cancellation reaches the HTTP client,
/// which drops the connection's request).
final class FetchTasks: Sendable {
    struct Key: Hashable {
        var list: ListID
        var id: Int
    }

    private let tasks = Mutex<[Key: Task<Void, Never>]>([:])

    /// Runs `body` as the task of request `id` of `list`; it forgets itself when done.
    func start(_ list: ListID, _ id: Int, _ body: @escaping @Sendable () async -> Void) {
        let key = Key(list: list, id: id)
        tasks.withLock { running in
            running[key] = Task {
                await body()
                self.tasks.withLock { _ = $0.removeValue(forKey: key) }
            }
        }
    }

    /// Cancels request `id` of `list` if it is still running.
    func cancel(_ list: ListID, _ id: Int) {
        tasks.withLock { $0.removeValue(forKey: Key(list: list, id: id)) }?.cancel()
    }
}
