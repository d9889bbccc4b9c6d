import Foundation
import RowboatSpec

/// An endpoint's `refresh:` section: `every` makes it a live list whose
/// first page is fetched again that often while it is on screen; `gone`
/// says what its ticks do with rows gone from the first page.
extension ConfigLoader {
    static let refreshKeys = ["every", "gone"]
    /// The shortest interval: a live list must not hammer its server.
    static let shortestRefresh: Double = 1

    /// `refresh: {every: 30s}` → 30 (seconds); `every: off` → nil.
    static func parseRefresh(_ node: ConfigNode) throws(ConfigError) -> Double? {
        let keys = try node.mapping(allowed: refreshKeys)
        guard let every = keys["every"] else { throw node.error("missing required key \"every\" (e.g. every: 30s)") }
        return try duration(every, allowOff: true)
    }

    /// `refresh: {gone: keep | drop}` (keep when not said).
    static func parseRefreshGone(_ node: ConfigNode) throws(ConfigError) -> GoneRows {
        try node.mapping(allowed: refreshKeys)["gone"]?.oneOf(GoneRows.self) ?? .keep
    }

    /// A duration: `30s`, `2m`, `1h`, `500ms` or a bare number of seconds
    /// (at least one second); `off` (or false) when `allowOff`.
    static func duration(_ node: ConfigNode, allowOff: Bool) throws(ConfigError) -> Double? {
        let text = try node.string().trimmingWhitespace().lowercased()
        if allowOff, text == "off" || text == "false" || text == "no" { return nil }
        let number = text.prefix { $0.isNumber || $0 == "." }
        let unit = String(text.dropFirst(number.count).trimmingWhitespace())
        let scale: Double
        switch unit {
        case "", "s", "sec", "second", "seconds": scale = 1
        case "ms": scale = 0.001
        case "m", "min", "minute", "minutes": scale = 60
        case "h", "hour", "hours": scale = 3600
        default: throw node.error("expected a duration like 30s, 5m or 1h\(allowOff ? " (or off)" : ""), found \"\(text)\"")
        }
        guard let value = Double(number), value.isFinite else {
            throw node.error("expected a duration like 30s, 5m or 1h, found \"\(text)\"")
        }
        let seconds = value * scale
        guard seconds >= shortestRefresh else {
            throw node.error("refresh every \(text) is too often: at least 1s")
        }
        return seconds
    }
}
