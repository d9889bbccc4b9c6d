/// An endpoint's `stream:` section: the endpoint is one long-lived response
/// (Server-Sent Events, or NDJSON that keeps arriving) whose events are
/// items, not pages of them.
public struct StreamSpec: Sendable, Equatable {
    /// What an event does to the list.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// Each event is a new row on top; the oldest past `keep` go (a ring).
        case append
        /// An event replaces the row with its id in place; a new id goes on top.
        case upsert
    }

    public var mode: Mode
    /// The most rows the list holds: past it the oldest rows go.
    public var keep: Int

    /// `keep` when the config does not say.
    public static let defaultKeep = 1000
    /// The most `keep` may be (memory stays bounded by the ring).
    public static let mostKeep = 1_000_000
    /// How long after its response ends a stream connects again, until
    /// the server's `retry:` says otherwise (failures double it).
    public static let reconnectSeconds: Double = 3
    /// The shortest reconnection time honoured from SSE's `retry:`.
    public static let shortestRetry: Double = 1

    public init(mode: Mode = .append, keep: Int = StreamSpec.defaultKeep) {
        self.mode = mode
        self.keep = keep
    }
}
