import CImageCodecs

/// Image formats told apart by their first bytes. PNG, JPEG and WebP are
/// decoded; the others are recognised so an error can name them.
public enum ImageFormat: Sendable, Equatable, CustomStringConvertible {
    case png
    case jpeg
    case gif
    case webp
    case bmp

    /// The format `bytes` start with, or `nil` when they match none (HTML,
    /// JSON, an empty body). A truncated PNG signature still counts as PNG.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        let code = bytes.withUnsafeBufferPointer { rb_sniff_format($0.baseAddress, $0.count) }
        return ImageFormat(code: Int(code))
    }

    init?(code: Int) {
        switch code {
        case Int(RB_FORMAT_PNG): self = .png
        case Int(RB_FORMAT_JPEG): self = .jpeg
        case Int(RB_FORMAT_GIF): self = .gif
        case Int(RB_FORMAT_WEBP): self = .webp
        case Int(RB_FORMAT_BMP): self = .bmp
        default: return nil
        }
    }

    /// Whether `ImageDecoder` can decode this format.
    public var isDecodable: Bool { self == .png || self == .jpeg || self == .webp }

    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .bmp: "BMP"
        }
    }
}
