/// Strong entity tags for byte payloads and `If-None-Match` evaluation.
public enum EntityTag {
    /// A quoted strong ETag: the 64-bit FNV-1a hash of `bytes` in hex plus
    /// the byte count, e.g. `"9f3a1c2e4b5d6e7f-1234"`.
    public static func strong(for bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"\(String(repeating: "0", count: 16 - hex.count))\(hex)-\(String(bytes.count, radix: 16))\""
    }

    /// Whether an `If-None-Match` header value (a comma-separated list of
    /// tags or `*`) matches `etag`, using the weak comparison RFC 9110
    /// prescribes for this header.
    public static func ifNoneMatch(_ header: String, matches etag: String) -> Bool {
        let wanted = opaque(etag)
        for candidate in header.split(separator: ",") {
            var tag = candidate
            while tag.first?.isWhitespace == true { tag.removeFirst() }
            while tag.last?.isWhitespace == true { tag.removeLast() }
            if tag == "*" || opaque(tag) == wanted {
                return true
            }
        }
        return false
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
