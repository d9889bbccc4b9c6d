import Synchronization

/// The page requests running now, by request id, so a superseded one can
/// be cancelled (Swift task cancellation reaches the HTTP client, which
/// drops the connection's request).
final class FetchTasks: Sendable {
    private let tasks = Mutex<[Int: Task<Void, Never>]>([:])

    /// Runs `body` as the task of request `id`; it forgets itself when done.
    func start(_ id: Int, _ body: @escaping @Sendable () async -> Void) {
        tasks.withLock { running in
            running[id] = Task {
                await body()
                self.tasks.withLock { _ = $0.removeValue(forKey: id) }
            }
        }
    }

    /// Cancels request `id` if it is still running.
    func cancel(_ id: Int) {
        tasks.withLock { $0.removeValue(forKey: id) }?.cancel()
    }

    /// How many requests are running (for tests).
    var count: Int { tasks.withLock { $0.count } }
}
