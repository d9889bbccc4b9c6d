import Synchronization

/// What requests a server saw — the demo server's and the hostile one's:
/// a tally per URL path (query excluded), and the last `keep` requests
/// themselves as `Entry` (the hostile server keeps their headers and
/// queries; the demo server keeps nothing more than the tally).
public final class RequestLog<Entry: Sendable>: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var recent: [(path: String, entry: Entry)] = []
    }

    private let state = Mutex(State())
    private let keep: Int

    public init(keep: Int = 500) {
        self.keep = keep
    }

    /// Records one request for `path`.
    public func record(path: String, _ entry: Entry) {
        state.withLock { s in
            s.counts[path, default: 0] += 1
            guard keep > 0 else { return }
            s.recent.append((path, entry))
            if s.recent.count > keep { s.recent.removeFirst(s.recent.count - keep) }
        }
    }

    /// Requests seen for exactly this path, e.g. "/images/1.png".
    public func count(path: String) -> Int {
        state.withLock { $0.counts[path] ?? 0 }
    }

    /// Requests seen for all paths.
    public var total: Int {
        state.withLock { $0.counts.values.reduce(0, +) }
    }

    /// A copy of every path's count.
    public var snapshot: [String: Int] {
        state.withLock { $0.counts }
    }

    /// The kept requests for `path`, oldest first.
    public func entries(path: String) -> [Entry] {
        state.withLock { $0.recent.filter { $0.path == path }.map(\.entry) }
    }

    /// Forgets everything.
    public func reset() {
        state.withLock { $0 = State() }
    }
}

extension RequestLog where Entry == Void {
    /// Records one request for `path` (a tally only).
    public func record(path: String) {
        record(path: path, ())
    }
}
