/// The `images:` config section: how thumbnails may use memory.
public struct ImageSettings: Sendable, Equatable {
    public static let defaultDecodeMemory = 256 * 1024 * 1024

    /// Bytes that images being decoded may take at once, all thumbnail
    /// jobs together (`images.decodeMemory`, e.g. `256 MB`). A decode that
    /// needs more than this alone fails with "needs … MB, over the … image
    /// budget".
    public var decodeMemory: Int

    public init(decodeMemory: Int = ImageSettings.defaultDecodeMemory) {
        self.decodeMemory = decodeMemory
    }
}
