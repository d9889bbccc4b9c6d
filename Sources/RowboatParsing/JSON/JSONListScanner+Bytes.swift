/// The byte tests of `JSONListScanner`'s scan: which bytes end a number
/// or word, and the searches that find the next such byte (or the next
/// quote or bracket) eight bytes a word.
extension JSONListScanner {
    /// Space, line feed, carriage return or tab.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The offset of the first byte in `bytes[from..<end]` that ends a
    /// number or word (`endsScalar`), or `end`: eight bytes a word, taking
    /// the bytes below `-` (spaces and the comma among them), colons and
    /// closing brackets as candidates and checking the first one found.
    @inline(__always)
    static func scalarEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var at = from
        while at + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            // Of the bytes flagged, the lowest is exact (a borrow only runs upwards).
            let colons = word ^ (ones &* 0x3A), brackets = word ^ (ones &* 0x5D), braces = word ^ (ones &* 0x7D)
            let found = (word &- ones &* 0x2D) & ~word & highs | (colons &- ones) & ~colons & highs
                | (brackets &- ones) & ~brackets & highs | (braces &- ones) & ~braces & highs
            if found == 0 {
                at += 8
                continue
            }
            let first = at + found.trailingZeroBitCount >> 3
            if endsScalar(base[first]) { return first }
            at = first + 1
        }
        while at < end, !endsScalar(base[at]) { at += 1 }
        return at
    }

    /// The offset of the first `"`, `[`, `]`, `{` or `}` in
    /// `bytes[from..<end]`, or `end`: eight bytes a word (with bit 5 set,
    /// the brackets read `{` or `}` and no other byte does). The loop of
    /// `scalarEnd` with other candidates, kept apart as
    /// `NDJSONLineScanner.wordEnd` explains.
    @inline(__always)
    static func bracketOrQuote(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var at = from
        while at + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            let folded = word | ones &* 0x20
            let quotes = word ^ (ones &* 0x22), opens = folded ^ (ones &* 0x7B), closes = folded ^ (ones &* 0x7D)
            // Of the bytes flagged, the lowest is exact (a borrow only runs upwards).
            let found = (quotes &- ones) & ~quotes & highs | (opens &- ones) & ~opens & highs
                | (closes &- ones) & ~closes & highs
            if found != 0 { return at + found.trailingZeroBitCount >> 3 }
            at += 8
        }
        while at < end {
            switch base[at] {
            case UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return at
            default: at += 1
            }
        }
        return end
    }

    /// A byte that ends a number or word: a comma, a closing bracket, a
    /// colon or whitespace.
    static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
            true
        default:
            false
        }
    }
}
