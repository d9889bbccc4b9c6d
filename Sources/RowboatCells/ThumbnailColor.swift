import RowboatSpec

/// The colour of a thumbnail cell's ink or ground: an xterm-256 palette
/// index, or a 24-bit RGB value for terminals that take direct colour.
public enum ThumbnailColor: Sendable, Hashable {
    /// An xterm-256 palette index.
    case indexed(UInt8)
    /// 0xRRGGBB.
    case rgb(UInt32)

    /// The colour from its red, green and blue parts.
    public static func rgb(red: UInt8, green: UInt8, blue: UInt8) -> ThumbnailColor {
        .rgb(UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }
}
