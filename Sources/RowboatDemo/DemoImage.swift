/// An encoded demo image ready to serve: bytes, MIME type and strong ETag.
public struct DemoImage: Sendable, Equatable {
    public let spec: DemoImageSpec
    public let bytes: [UInt8]
    /// Quoted strong ETag derived from `bytes`.
    public let etag: String

    public init(spec: DemoImageSpec, bytes: [UInt8]) {
        self.spec = spec
        self.bytes = bytes
        etag = EntityTag.strong(for: bytes)
    }

    /// Paints and encodes the image for `spec` (deterministic: the same spec
    /// always yields the same bytes).
    public static func render(_ spec: DemoImageSpec) throws(ImageEncoderError) -> DemoImage {
        let pixels = DemoImagePainter.paint(spec)
        let bytes = switch spec.format {
        case .png:
            try ImageEncoder.png(rgb: pixels, width: spec.width, height: spec.height, compressionLevel: 6)
        case .jpeg:
            // Alternate baseline and progressive so clients see both kinds.
            try ImageEncoder.jpeg(
                rgb: pixels, width: spec.width, height: spec.height,
                quality: 85, progressive: spec.id % 4 == 0
            )
        case .webp:
            // Alternate lossy and lossless so clients see both kinds.
            try ImageEncoder.webp(rgb: pixels, width: spec.width, height: spec.height,
                                  quality: 80, lossless: spec.id % 24 == 23)
        }
        return DemoImage(spec: spec, bytes: bytes)
    }
}
