import RowboatSpec

/// A stable, platform-independent 64-bit FNV-1a hash as 16 hex digits. Used
/// for file and row names (never for security); image rows also keep the URL
/// and compare it on read, so a collision is a miss, never wrong bytes.
enum StableHash {
    static func hex(_ text: String) -> String {
        let hash = FNV1a.hash(text.utf8)
        // (Written in place: an image hit asks for one each time.)
        return String(unsafeUninitializedCapacity: 16) { out in
            for k in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * k)) & 0xF
                out[k] = digit < 10 ? 0x30 + digit : 0x57 + digit
            }
            return 16
        }
    }
}
