/// Where a JSON string too long to keep may be cut while its text streams
/// in (`JSONListScanner`, `NDJSONLineScanner`): only between whole
/// characters and whole escapes (a `\uXXXX` surrogate pair counts as one),
/// so the bytes kept on either side of a cut still join into a well-formed
/// string. A scanner keeps a string's first `JSONTapeNode.textLimit` bytes
/// (cut at such a place), drops what follows up to such a place near what
/// it has scanned, and keeps the rest of the string from there: one huge
/// string costs the limit and a piece, not its length. Every text is shown
/// capped far below the limit, so nothing shown changes.
package enum JSONStringCut {
    /// The last offset in `start...end` such that `bytes[start..<offset]`
    /// is whole characters and escapes, when `start` is such a place in a
    /// string's text (after its opening quote, or an earlier boundary).
    package static func lastBoundary(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var boundary = start
        var at = start
        while at < end {
            let byte = bytes[at]
            var length: Int
            if byte == UInt8(ascii: "\\") {
                guard at + 1 < end else { break }
                length = 2
                if bytes[at + 1] == UInt8(ascii: "u") {
                    length = 6
                    guard at + 6 <= end else { break }
                    // A high surrogate and the low one after it are one character.
                    if let value = hex(bytes, at + 2), (0xD800...0xDBFF).contains(value) {
                        guard at + 12 <= end else { break }
                        if bytes[at + 6] == UInt8(ascii: "\\"), bytes[at + 7] == UInt8(ascii: "u") { length = 12 }
                    }
                }
            } else {
                length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            }
            guard at + length <= end else { break }
            at += length
            boundary = at
        }
        return boundary
    }

    /// The four hex digits at `at` as a number; nil when they are not.
    static func hex(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        var value = 0
        for i in at..<(at + 4) {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value * 16 + Int(digit)
        }
        return value
    }
}
