import Foundation

/// Percent-encoding of query pairs and URL components, as requests write
/// them: every byte but the unreserved ones (A-Z, a-z, 0-9, `-._~`) encoded.
public enum URLEncoding {
    public static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Pairs as `k=v&…`, every byte but the unreserved ones percent-encoded.
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { k, v in encodeComponent(k) + "=" + encodeComponent(v) }.joined(separator: "&")
    }

    /// `k=v&…` (as `encode` writes it) back into pairs.
    public static func decode(_ query: String) -> [(String, String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0].removingPercentEncoding ?? parts[0]
            let value = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
            return (name, value)
        }
    }

    /// One key or value percent-encoded as `encode` does. Text of
    /// unreserved bytes only (page numbers, most keys) comes back as is
    /// without Foundation's encoder, which costs microseconds per call.
    public static func encodeComponent(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// A-Z, a-z, 0-9 and `-._~`: the bytes `unreserved` holds.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"): true
        default: false
        }
    }
}
