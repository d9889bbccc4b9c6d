import RowboatSpec

/// A live list (`refresh.every`): its first page is fetched again every so
/// often while it is on screen and merged by id into the rows — rows that
/// changed are updated in place, new ids go to the top in the server's
/// order (or into a local sort's order), rows not on the fresh page stay.
/// The app reducer decides when a tick is due (`due`, set from the clock
/// it is given); the list never asks for the time.
public struct LiveRefresh: Sendable, Equatable {
    /// At most this many new rows of one tick are marked "new" (a server
    /// that sends a new first page every time must not mark a screenful).
    public static let newMarkCap = 5

    public var backOff: LiveBackOff
    /// Paused by the user's key.
    public var paused = false
    /// Why it cannot poll here ("cache-only"): cache-only never asks the
    /// server, so its lists never tick.
    public var blocked: String?
    /// The clock time of the next tick; nil until the app reducer sets it
    /// (after the first page, after each tick).
    public var due: Double?
    /// Rows the ticks brought that the selection has not been on yet:
    /// drawn as new (never more than `newMarkCap`).
    public var newIDs: Set<String> = []
    /// A tick's answer is the whole list as it is now (a snapshot), not its
    /// newest page: rows it leaves out are deleted, and the rows take its
    /// order (new rows at their place, not on top).
    public var wholeList = false
    /// The last tick's new rows, and how many of them got the mark.
    public var lastNew = 0
    public var lastMarked = 0
    /// Rows a tick found gone from the first page go at the next tick
    /// (`refresh: {gone: drop}`); by default they stay, dimmed for a tick.
    public var dropsGone = false

    /// Ticks every `every` seconds.
    public init(every: Double) {
        backOff = LiveBackOff(every: every)
    }

    public var every: Double { backOff.every }

    /// What the status bar says of it; `offline` when the list shows a
    /// cached copy because the server could not be reached (no tick until
    /// a refresh reaches it).
    public func status(inFlight: Bool, offline: Bool = false) -> String {
        if let blocked { return "live off (\(blocked))" }
        if paused { return "live paused" }
        if offline { return "live paused (offline)" }
        if backOff.delay > 0 { return "live: next try in \(LiveBackOff.human(backOff.delay))" }
        return inFlight ? "live ↻" : "live \(LiveBackOff.human(every))"
    }

    /// What the status bar says of a stream (`stream:`) that these rules
    /// reconnect: connected while its response is open, else when it
    /// tries again (the back-off's wait: SSE's `retry:` or doubled after
    /// failures), or paused.
    public func streamStatus(connected: Bool) -> String {
        if let blocked { return "stream off (\(blocked))" }
        if paused { return "paused" }
        if connected { return "connected" }
        return "reconnecting in \(LiveBackOff.human(backOff.wait))"
    }

    /// "3 new", "30 new (5 marked)" while new rows are marked; nil after.
    public var newText: String? {
        guard !newIDs.isEmpty else { return nil }
        if lastNew > lastMarked { return "\(lastNew) new (\(newIDs.count) marked)" }
        return "\(newIDs.count) new"
    }
}

/// How long to wait before the next live request: the interval, or after
/// failures twice as long each time up to five minutes (or what the
/// server's Retry-After asks, up to an hour). Shared by the TUI's live
/// lists and `fetch --watch`.
public struct LiveBackOff: Sendable, Equatable {
    /// The longest doubled wait.
    public static let limit: Double = 300
    /// The longest Retry-After honoured.
    public static let retryAfterLimit: Double = 3600

    public var every: Double
    /// The wait after the last failure (0: no failure since the last success).
    public var delay: Double = 0

    public init(every: Double) {
        self.every = every
    }

    /// Seconds until the next request.
    public var wait: Double { delay > 0 ? delay : every }

    /// A request failed: wait twice as long as before (the first time, twice
    /// the interval), at most `limit` (or the interval, when longer); at
    /// least what `retryAfter` asks.
    public mutating func failed(retryAfter: Double? = nil) {
        let doubled = delay > 0 ? delay * 2 : every * 2
        delay = min(doubled, max(Self.limit, every))
        if let retryAfter, retryAfter.isFinite { delay = max(delay, min(retryAfter, Self.retryAfterLimit)) }
    }

    /// A request succeeded: back to the interval.
    public mutating func succeeded() {
        delay = 0
    }

    /// "30 s", "2 min", "1 h 30 min".
    public static func human(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(max(0, s)) s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        let minutes = (s % 3600) / 60
        return minutes == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(minutes) min"
    }
}
