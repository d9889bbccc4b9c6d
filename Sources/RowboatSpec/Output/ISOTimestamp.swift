/// Seconds since the epoch as an ISO 8601 UTC timestamp:
/// `2026-08-29T10:11:12Z`, with milliseconds when the time has a fraction.
public enum ISOTimestamp {
    /// nil when `seconds` is not a finite, plausible moment.
    public static func string(_ seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
        let millis = Int64((seconds * 1000).rounded())
        var days = millis / 86_400_000
        var rest = millis % 86_400_000
        if rest < 0 { rest += 86_400_000; days -= 1 }
        let (y, m, d) = ValueFormatter.civilDate(fromDays: Int(days))
        let h = rest / 3_600_000, min = rest / 60_000 % 60, s = rest / 1000 % 60, ms = rest % 1000
        var out = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(Int(h), 2) + ":" + pad(Int(min), 2) + ":"
            + pad(Int(s), 2)
        if ms != 0 { out += "." + pad(Int(ms), 3) }
        return out + "Z"
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(abs(n))
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
