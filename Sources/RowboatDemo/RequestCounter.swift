import Synchronization

/// Thread-safe tally of requests per URL path (query string excluded).
public final class RequestCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    public init() {}

    /// Records one request for `path`.
    public func record(path: String) {
        counts.withLock { $0[path, default: 0] += 1 }
    }

    /// Requests seen for exactly this path, e.g. "/images/1.png".
    public func count(path: String) -> Int {
        counts.withLock { $0[path] ?? 0 }
    }

    /// Requests seen for all paths.
    public var total: Int {
        counts.withLock { $0.values.reduce(0, +) }
    }

    /// A copy of every path's count.
    public var snapshot: [String: Int] {
        counts.withLock { $0 }
    }

    /// Forgets all counts.
    public func reset() {
        counts.withLock { $0.removeAll() }
    }
}
