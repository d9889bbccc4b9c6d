/// What a stream's part says besides its rows: the last event that could
/// not be read (one clear, sanitized line: not JSON, unmapped, too big)
/// and how many were skipped, and the reconnection time the server asked
/// for with SSE's `retry:`; on the last part, whether the response
/// ended before a single event came.
public struct StreamNews: Sendable, Equatable {
    public var problem: String?
    public var skipped: Int
    public var retrySeconds: Double?
    public var closedEmpty: Bool

    /// What the status bar says of a response that ended with no event.
    public static let closedEmptyLine = "the stream closed with no events"

    public init(problem: String? = nil, skipped: Int = 0, retrySeconds: Double? = nil, closedEmpty: Bool = false) {
        self.problem = problem
        self.skipped = skipped
        self.retrySeconds = retrySeconds
        self.closedEmpty = closedEmpty
    }

    /// The status line of the skipped events: "event 7 is not JSON: …",
    /// "3 events skipped · event 9 is not JSON: …".
    public var line: String? {
        guard let problem else { return nil }
        return skipped > 1 ? "\(skipped) events skipped · \(problem)" : problem
    }
}
