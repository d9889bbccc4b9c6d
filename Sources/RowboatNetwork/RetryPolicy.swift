import Foundation

/// When an idempotent request is tried again: on 429 and 503 only, at most
/// `maxRetries` times, after the server's `Retry-After` or else a jittered
/// exponential backoff, and only while the wait leaves at least as much time
/// again before the request's deadline.
public struct RetryPolicy: Sendable, Equatable {
    public var maxRetries: Int
    /// The first backoff; each retry doubles it, up to `maxDelay`.
    public var baseDelay: Double
    public var maxDelay: Double

    public static let retriedStatuses: Set<Int> = [429, 503]

    public init(maxRetries: Int = 3, baseDelay: Double = 0.5, maxDelay: Double = 8) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Seconds to wait before retry number `retriesSoFar + 1`, or nil when
    /// the answer stands. `remaining` is the time left before the deadline;
    /// `jitter` is a random number in 0..<1.
    public func delay(status: Int, retryAfter: String?, retriesSoFar: Int, now: Date,
                      remaining: Double, jitter: Double) -> Double? {
        guard Self.retriedStatuses.contains(status), retriesSoFar < maxRetries else { return nil }
        let wait: Double
        if let retryAfter, let asked = Self.retryAfterSeconds(retryAfter, now: now) {
            wait = asked
        } else {
            let backoff = min(maxDelay, baseDelay * pow(2, Double(retriesSoFar)))
            wait = backoff * (0.5 + 0.5 * min(max(jitter, 0), 1))
        }
        return wait <= remaining / 2 ? wait : nil
    }

    /// A `Retry-After` value (delay seconds or an HTTP date) as seconds from
    /// `now`, never negative; nil when unreadable.
    public static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return seconds >= 0 ? Double(seconds) : nil }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}
