/// What UTF-8 text needs before it may be shown, judged from its bytes
/// eight at a time: the mapping's fast path for text read straight from a
/// parsed document, where most values need nothing at all.
package enum TextBytes {
    package enum Need: Equatable {
        /// Every scalar is one the `Sanitizer` keeps and there is no `&`.
        case nothing
        /// No `&`, but a control byte or a scalar the `Sanitizer` may drop.
        case sanitizing
        /// A `&`: HTML entities to decode first.
        case entities
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Judges valid UTF-8 `bytes`. Non-ASCII text needs nothing when no
    /// byte is DEL or a lead byte of the scalars the `Sanitizer` drops or
    /// turns into spaces (C1 controls and NBSP: C2; U+061C: D8;
    /// U+200B…U+206F: E2; U+FEFF, U+FFF9…: EF; tags: F3), so CJK and emoji
    /// text is kept as it is without a scalar walk.
    package static func need(_ bytes: UnsafeBufferPointer<UInt8>) -> Need {
        guard let base = bytes.baseAddress else { return .nothing }
        // High bits of bytes that are `&`, below 0x20, or 0x7F and above.
        var amp: UInt64 = 0, control: UInt64 = 0, upper: UInt64 = 0
        func judge(_ word: UInt64) {
            amp |= zeroBytes(word ^ (ones &* 0x26))
            control |= (word &- ones &* 0x20) & ~word & highs
            upper |= ((word &+ ones) | word) & highs
        }
        let count = bytes.count
        if count >= 8 {
            var at = 0
            while at + 8 <= count {
                judge(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                at += 8
            }
            // The last bytes as one word that overlaps the one before.
            if at < count { judge(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)) }
        } else {
            for byte in bytes {
                amp |= byte == 0x26 ? 1 : 0
                control |= byte < 0x20 ? 1 : 0
                upper |= byte >= 0x7F ? 1 : 0
            }
        }
        if amp != 0 { return .entities }
        if control != 0 { return .sanitizing }
        if upper == 0 { return .nothing }
        // DEL or non-ASCII: those bytes one by one.
        for byte in bytes where byte >= 0x7F {
            switch byte {
            case 0x7F, 0xC2, 0xD8, 0xE2, 0xEF, 0xF3: return .sanitizing
            default: continue
            }
        }
        return .nothing
    }

    /// Nonzero when a byte of `word` is zero (the classic test: exact as to
    /// whether one is).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
}
