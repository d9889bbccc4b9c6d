/// An endpoint's `stream:` section: the endpoint is one long-lived response
/// (Server-Sent Events, or NDJSON that keeps arriving) or a WebSocket
/// (`websocket: true`) whose events are items, not pages of them.
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
    /// The endpoint's URL is opened as a WebSocket (its http(s) request,
    /// headers and credentials as every request's, upgraded): each text
    /// message is one event.
    public var webSocket = false
    /// What is sent as the first text message once a WebSocket is open
    /// (nil: nothing).
    public var subscribe: StreamSubscribe?

    /// `keep` when the config does not say.
    public static let defaultKeep = 1000
    /// The most `keep` may be (memory stays bounded by the ring).
    public static let mostKeep = 1_000_000
    /// How long after its response ends a stream connects again, until
    /// the server's `retry:` says otherwise (failures double it).
    public static let reconnectSeconds: Double = 3
    /// The shortest reconnection time honoured from SSE's `retry:`.
    public static let shortestRetry: Double = 1

    public init(mode: Mode = .append, keep: Int = StreamSpec.defaultKeep, webSocket: Bool = false,
                subscribe: StreamSubscribe? = nil) {
        self.mode = mode
        self.keep = keep
        self.webSocket = webSocket
        self.subscribe = subscribe
    }
}
