/// What the demo image for an item id looks like on the wire: its format
/// (WebP for ids 11, 23, 35, … (id % 12 == 11), else PNG for odd ids and
/// JPEG for even ids) and pixel size, which cycles through
/// 96x96, 320x240, 640x480, 1280x960 and 1920x1080 so that every fifth and
/// fourth-of-five id is at least one megapixel.
public struct DemoImageSpec: Sendable, Equatable, Hashable {
    public let id: Int
    public let format: DemoImageFormat
    public let width: Int
    public let height: Int

    /// The size cycle, indexed by `(id - 1) % sizes.count`.
    public static let sizes: [(width: Int, height: Int)] = [
        (96, 96), (320, 240), (640, 480), (1280, 960), (1920, 1080),
    ]

    /// The spec for an item id (any positive id; the catalog uses 1...1000).
    public init(id: Int) {
        self.id = id
        format = id % 12 == 11 ? .webp : id % 2 == 1 ? .png : .jpeg
        let size = Self.sizes[(id - 1) % Self.sizes.count]
        width = size.width
        height = size.height
    }

    /// The URL path of this image, e.g. `/images/7.png`.
    public var path: String {
        "/images/\(id).\(format.fileExtension)"
    }

    /// Pixel count; ≥ 1,000,000 for the two largest sizes.
    public var pixelCount: Int {
        width * height
    }
}
