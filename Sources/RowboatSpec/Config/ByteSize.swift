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

    static func parse(_ node: ConfigNode) throws(ConfigError) -> Int {
        let text = try node.string().trimmingCharacters(in: .whitespaces)
        let digits = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).uppercased()
        let scale: Double
        switch unit {
        case "", "B": scale = 1
        case "K", "KB", "KIB": scale = 1024
        case "M", "MB", "MIB": scale = 1024 * 1024
        case "G", "GB", "GIB": scale = 1024 * 1024 * 1024
        default: throw node.error("expected a size like 256 MB, found \"\(text)\"")
        }
        guard let value = Double(digits), value > 0 else { throw node.error("expected a size like 256 MB, found \"\(text)\"") }
        return Int(value * scale)
    }
}
