import Synchronization

/// The callback form of a reload or load-more, for code that finishes
/// later (`performWhenReload { completion in … completion.finish(rows, isLast: false) }`).
/// Call `finish` or `fail` once; later calls are ignored. When the user
/// refreshes before you finish, `isCancelled` turns true and your answer
/// is no longer waited for.
public final class ListCompletion: Sendable {
    private let continuation: Mutex<CheckedContinuation<ListPage, any Error>?>
    private let cancelled = Mutex(false)

    init(_ continuation: CheckedContinuation<ListPage, any Error>) {
        self.continuation = Mutex(continuation)
    }

    /// The page is ready.
    public func finish(_ rows: [some ListRowConvertible], isLast: Bool) {
        continuation.withLock { $0.take() }?.resume(returning: ListPage(rows, isLast: isLast))
    }

    /// Loading failed: the list shows `error` (its description) with retry.
    public func fail(_ error: any Error) {
        continuation.withLock { $0.take() }?.resume(throwing: error)
    }

    /// True once the request was superseded (a refresh, the list closed).
    public var isCancelled: Bool { cancelled.withLock { $0 } }

    func cancel() {
        cancelled.withLock { $0 = true }
        continuation.withLock { $0.take() }?.resume(throwing: CancellationError())
    }

    /// Runs `body` with a completion and waits for it, passing task
    /// cancellation on.
    static func wait(_ body: @escaping @Sendable (ListCompletion) -> Void) async throws -> ListPage {
        let box = Mutex<ListCompletion?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let completion = ListCompletion(continuation)
                box.withLock { $0 = completion }
                if Task.isCancelled { completion.cancel() } else { body(completion) }
            }
        } onCancel: {
            box.withLock { $0 }?.cancel()
        }
    }
}
