/// What a stream's part says besides its rows: the last event that could
/// not be read (one clear, sanitized line: not JSON, unmapped, too big)
/// and how many were skipped, and the reconnection time the server asked
/// for with SSE's `retry:`.
public struct StreamNews: Sendable, Equatable {
    public var problem: String?
    public var skipped: Int
    public var retrySeconds: Double?

    public init(problem: String? = nil, skipped: Int = 0, retrySeconds: Double? = nil) {
        self.problem = problem
        self.skipped = skipped
        self.retrySeconds = retrySeconds
    }

    /// The status line of the skipped events: "event 7 is not JSON: …",
    /// "3 events skipped · event 9 is not JSON: …".
    public var line: String? {
        guard let problem else { return nil }
        return skipped > 1 ? "\(skipped) events skipped · \(problem)" : problem
    }
}
