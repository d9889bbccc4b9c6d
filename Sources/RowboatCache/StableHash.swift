/// A stable, platform-independent 64-bit FNV-1a hash as 16 hex digits. Used
/// for file and row names (never for security); image rows also keep the URL
/// and compare it on read, so a collision is a miss, never wrong bytes.
enum StableHash {
    static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
