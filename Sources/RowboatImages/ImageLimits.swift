import CImageCodecs

/// Limits a decoder enforces before it allocates any pixel memory.
///
/// Defaults: 32768 x 32768 pixels at most per side, 50,000,000 pixels
/// (50 MP, about 200 MB as RGBA), 32 MiB of encoded input and 100 JPEG
/// scans. Sizes are the ones declared in the file's header, before any
/// JPEG DCT scaling, because libjpeg keeps a full-size coefficient buffer
/// for progressive files whatever the output size.
public struct ImageLimits: Sendable, Equatable {
    /// Widest image accepted, in pixels.
    public var maxWidth: Int
    /// Tallest image accepted, in pixels.
    public var maxHeight: Int
    /// Most pixels (width x height) accepted.
    public var maxPixels: Int
    /// Longest encoded input accepted, in bytes.
    public var maxInputBytes: Int
    /// Most scans in a multi-scan (progressive) JPEG.
    public var maxScans: Int

    public init(
        maxWidth: Int = 32_768,
        maxHeight: Int = 32_768,
        maxPixels: Int = 50_000_000,
        maxInputBytes: Int = 32 << 20,
        maxScans: Int = 100
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxInputBytes = maxInputBytes
        self.maxScans = maxScans
    }

    /// Whether an image of `size` is within the size limits (the C
    /// decoders' own check on the header; an empty size is left to them).
    public func allows(_ size: PixelSize) -> Bool {
        var limits = cLimits
        return rb_limits_check_size(&limits, UInt32(clamping: max(0, size.width)), UInt32(clamping: max(0, size.height)),
                                    nil, 0) != Int32(RB_ERR_TOO_LARGE)
    }

    /// The documented defaults.
    public static let `default` = ImageLimits()

    /// The C struct; every value is clamped to 1...the C type's maximum.
    var cLimits: rb_decode_limits {
        func u32(_ value: Int) -> UInt32 { UInt32(clamping: max(1, value)) }
        func u64(_ value: Int) -> UInt64 { UInt64(max(1, value)) }
        return rb_decode_limits(
            max_width: u32(maxWidth),
            max_height: u32(maxHeight),
            max_pixels: u64(maxPixels),
            max_input_bytes: u64(maxInputBytes),
            max_scans: u32(maxScans)
        )
    }
}
