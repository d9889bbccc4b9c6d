import Foundation

/// Turns typed values into display text: money with two decimals, calendar
/// dates, and relative times like "5 min ago".
public enum ValueFormatter {
    /// `12.5` → `"12.50"`.
    public static func money(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    /// Seconds since the epoch → `"2025-03-14"` (UTC).
    public static func isoDate(_ seconds: Double) -> String {
        var text = ""
        isoDate(seconds) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// `isoDate(seconds)`'s text as UTF-8, handed to `body`.
    package static func isoDate(_ seconds: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard seconds.isFinite, abs(seconds) < 1e13 else {
            var unknown = "?"
            return unknown.withUTF8(body)
        }
        let days = Int((seconds / 86_400).rounded(.down))
        let (y, m, d) = civilDate(fromDays: days)
        // As "%04d-%02d-%02d" writes it, without String(format:) (a
        // microsecond a date: most of a million-row load's dates).
        if (0...9999).contains(y) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { out in
                func put(_ at: Int, _ digit: Int) { out[at] = UInt8(truncatingIfNeeded: 48 + digit) }
                put(0, y / 1000)
                put(1, y / 100 % 10)
                put(2, y / 10 % 10)
                put(3, y % 10)
                out[4] = UInt8(ascii: "-")
                put(5, m / 10)
                put(6, m % 10)
                out[7] = UInt8(ascii: "-")
                put(8, d / 10)
                put(9, d % 10)
                body(UnsafeBufferPointer(out))
            }
            return
        }
        var text = padded(y, 4) + "-" + padded(m, 2) + "-" + padded(d, 2)
        text.withUTF8(body)
    }

    /// `n` as "%0*d" writes it: zeros after the sign up to `width` characters.
    static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let room = width - digits.utf8.count - (n < 0 ? 1 : 0)
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, room)) + digits
    }

    /// How long ago `seconds` was, seen from `now`: "just now", "5 min ago",
    /// "3 h ago", "2 d ago", then the calendar date from `withinDays` days
    /// on (30 unless the field's `relativeDays` says otherwise).
    public static func relative(_ seconds: Double, now: Double,
                                withinDays: Int = FieldSpec.defaultRelativeDays) -> String {
        let delta = now - seconds
        if !delta.isFinite { return "?" }
        if delta < 0 { return isoDate(seconds) }
        switch delta {
        case ..<45: return "just now"
        case ..<3_600: return "\(max(1, Int(delta / 60))) min ago"
        case ..<86_400: return "\(Int(delta / 3_600)) h ago"
        case ..<(Double(withinDays) * 86_400): return "\(Int(delta / 86_400)) d ago"
        default: return isoDate(seconds)
        }
    }

    /// Howard Hinnant's days-from-civil inverse: proleptic Gregorian date.
    static func civilDate(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}
