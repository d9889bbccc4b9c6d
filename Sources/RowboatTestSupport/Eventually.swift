import Foundation

/// The tests' one way to wait for a visible effect: `probe` is asked every
/// `every` seconds until it gives a value or `timeout` seconds have
/// passed (a generous bound for a loaded machine, never a performance
/// check), then once more at the deadline. Nil when it never gave one.
/// Waiting proves something happened; that nothing did is proved by a
/// barrier whose effect is visible, never by a wait.
public func eventuallyValue<T>(timeout: Double = 60, every: Double = 0.05,
                          _ probe: () async throws -> T?) async rethrows -> T? {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while ContinuousClock.now < deadline {
        if let value = try await probe() { return value }
        try? await Task.sleep(for: .milliseconds(Int64(every * 1000)))
    }
    return try await probe()
}

/// `eventually` for a condition: true once `condition` holds, false when
/// it still does not at the deadline.
@discardableResult
public func eventually(timeout: Double = 60, every: Double = 0.05,
                       _ condition: () async throws -> Bool) async rethrows -> Bool {
    try await eventuallyValue(timeout: timeout, every: every) { try await condition() ? true : nil } ?? false
}
