import RowboatCore
import RowboatSpec
import Synchronization

/// The page requests running now, by list and request id, so a superseded
/// one can be cancelled (Swift task cancellation reaches the HTTP client,
/// which drops the connection's request).
final class FetchTasks: Sendable {
    struct Key: Hashable {
        var list: ListID
        var id: Int
    }

    /// The running tasks, and requests cancelled before they started (a
    /// `ListSession` runs effects on the thread that dispatched them, so a
    /// cancel from another thread can come first); a few are kept.
    private let tasks = Mutex<(running: [Key: Task<Void, Never>], cancelledEarly: [Key])>(([:], []))
    static let cancelledEarlyKept = 32

    /// Runs `body` as the task of request `id` of `list`; it forgets itself when done.
    func start(_ list: ListID, _ id: Int, _ body: @escaping @Sendable () async -> Void) {
        let key = Key(list: list, id: id)
        tasks.withLock { tasks in
            if let early = tasks.cancelledEarly.firstIndex(of: key) {
                tasks.cancelledEarly.remove(at: early)
                return
            }
            tasks.running[key] = Task {
                await body()
                self.tasks.withLock { _ = $0.running.removeValue(forKey: key) }
            }
        }
    }

    /// Cancels every running request (on quit).
    func cancelAll() {
        let running = tasks.withLock { tasks in
            defer { tasks.running = [:] }
            return Array(tasks.running.values)
        }
        for task in running { task.cancel() }
    }

    /// Cancels request `id` of `list` if it is running, or keeps it from starting.
    func cancel(_ list: ListID, _ id: Int) {
        let key = Key(list: list, id: id)
        let task = tasks.withLock { tasks -> Task<Void, Never>? in
            if let task = tasks.running.removeValue(forKey: key) { return task }
            tasks.cancelledEarly.append(key)
            if tasks.cancelledEarly.count > Self.cancelledEarlyKept { tasks.cancelledEarly.removeFirst() }
            return nil
        }
        task?.cancel()
    }
}
