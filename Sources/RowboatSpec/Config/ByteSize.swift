import Foundation

/// Sizes written for people: `512`, `64 KB`, `256MB`, `1 GiB`.
public enum ByteSize {
    /// "1.2 MB"-style text (powers of 1024, like config sizes).
    public static func human(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) \(units[unit])"
    }
}
