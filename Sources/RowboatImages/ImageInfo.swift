/// What an image's header says, read without decoding any pixels.
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    /// The declared size (full size, before any scaling).
    public var size: PixelSize

    public init(format: ImageFormat, size: PixelSize) {
        self.format = format
        self.size = size
    }
}
