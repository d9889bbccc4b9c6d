import Foundation
import RowboatSpec

extension ByteSize {
    /// A config's size (`256 MB`, `64k`, `1.5 GiB`) in bytes.
    static func parse(_ node: ConfigNode) throws(ConfigError) -> Int {
        let text = try String(node.string().trimmingWhitespace())
        let digits = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(digits.count).trimmingWhitespace().uppercased()
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
