import Foundation

/// The one nesting limit for JSON bodies: a response whose arrays and
/// objects nest deeper than `maxDepth` (counting the outermost as 1) is
/// refused with "JSON nested deeper than 512 levels (the limit)" before it
/// is parsed. Whatever parses JSON for Rowboat calls `check` first.
///
/// Why 512: it is as deep as Foundation's parser goes, deep enough for any
/// real API (GraphQL answers rarely pass 20), and it bounds the recursion of
/// everything that walks a parsed value.
public enum JSONDepthLimit {
    public static let maxDepth = 512

    /// The body nests deeper than the limit.
    public struct Exceeded: Error, Equatable {
        public let limit: Int
    }

    /// Scans `bytes` once (linear, no allocation): brackets inside strings
    /// (escapes included) do not count. Malformed JSON is left for the
    /// parser to refuse.
    public static func check(_ bytes: UnsafeRawBufferPointer, limit: Int = maxDepth) throws(Exceeded) {
        var depth = 0
        var strings = JSONStringScan()
        for byte in bytes {
            if strings.inString {
                _ = strings.closes(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                strings.open()
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { throw Exceeded(limit: limit) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
    }

    /// `check` over `data`.
    public static func check(_ data: Data, limit: Int = maxDepth) throws(Exceeded) {
        let result: Result<Void, Exceeded> = data.withUnsafeBytes { raw in
            Result { () throws(Exceeded) in try check(raw, limit: limit) }
        }
        try result.get()
    }
}
