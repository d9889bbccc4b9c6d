import RowboatSpec

/// A stable, platform-independent 64-bit FNV-1a hash as 16 hex digits. Used
/// for file and row names (never for security); image rows also keep the URL
/// and compare it on read, so a collision is a miss, never wrong bytes.
enum StableHash {
    static func hex(_ text: String) -> String {
        let digits = String(FNV1a.hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
