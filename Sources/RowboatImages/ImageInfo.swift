/// What an image's header says, read without decoding any pixels.
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    /// The declared size (full size, before any scaling).
    public var size: PixelSize
    /// Memory a decode holds besides its output pixels at any scale: the
    /// whole-image coefficient buffer of a progressive JPEG; 0 otherwise.
    public var workBytes: Int

    public init(format: ImageFormat, size: PixelSize, workBytes: Int = 0) {
        self.format = format
        self.size = size
        self.workBytes = workBytes
    }
}
