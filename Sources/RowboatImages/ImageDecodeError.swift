/// Why an image could not be decoded. `reason` is short enough for a card
/// in place of the picture; `description` adds the library's detail.
public enum ImageDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// Not a known image format; `start` describes the first non-blank byte,
    /// e.g. `'<'` for HTML served as image/png.
    case notAnImage(start: String)
    /// A recognised format that is not decoded (GIF, WebP, BMP).
    case unsupportedFormat(ImageFormat)
    /// The input ended before the image did.
    case truncated
    /// The declared size breaks `ImageLimits` (0 x 0 when not known).
    case tooLarge(width: Int, height: Int)
    /// The encoded input is longer than `ImageLimits.maxInputBytes`.
    case inputTooLarge(bytes: Int)
    /// A JPEG with more scans than `ImageLimits.maxScans`.
    case tooManyScans(limit: Int)
    /// A variant of PNG/JPEG that is not decoded (12-bit JPEG, odd colour space).
    case unsupported(String)
    /// The library found the data invalid; the associated text is its message.
    case corrupt(String)
    /// An allocation failed.
    case outOfMemory
    /// The decoder was called with arguments it rejects.
    case invalidArgument(String)
    /// Decoding would hold more memory than the whole `DecodeBudget`.
    case overMemoryBudget(bytes: Int, budget: Int)

    /// A few words for the user, e.g. "truncated", "too large: 40000x40000",
    /// "not an image (starts with '<')".
    public var reason: String {
        switch self {
        case .empty: "empty"
        case .notAnImage(let start): "not an image (starts with \(start))"
        case .unsupportedFormat(let format): "unsupported format: \(format)"
        case .truncated: "truncated"
        case .tooLarge(let width, let height):
            width > 0 && height > 0 ? "too large: \(width)x\(height)" : "too large"
        case .inputTooLarge(let bytes): "too large: \(Self.megabytes(bytes)) file"
        case .tooManyScans(let limit): "too many scans (over \(limit))"
        case .unsupported: "unsupported image"
        case .corrupt: "corrupt image"
        case .outOfMemory: "out of memory"
        case .invalidArgument: "invalid decode request"
        case .overMemoryBudget(let bytes, let budget):
            "needs \(Self.megabytes(bytes)), over the \(Self.megabytes(budget)) image budget"
        }
    }

    public var description: String {
        switch self {
        case .unsupported(let detail), .corrupt(let detail), .invalidArgument(let detail):
            detail.isEmpty ? reason : "\(reason): \(detail)"
        default:
            reason
        }
    }

    /// "40 MB", "1.5 MB", "0.2 MB".
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return tenths % 10 == 0 || tenths >= 100 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }

    /// How the bytes start, for `notAnImage`: the first byte after blanks
    /// and a UTF-8 byte order mark, quoted when printable ASCII, else hex.
    static func describeStart(_ bytes: [UInt8]) -> String {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = rest.first else { return "blank text" }
        if (0x21...0x7E).contains(first), first != 0x27 {
            return "'\(Character(Unicode.Scalar(first)))'"
        }
        let hex = Array("0123456789ABCDEF")
        return "0x\(hex[Int(first >> 4)])\(hex[Int(first & 0xF)])"
    }
}
