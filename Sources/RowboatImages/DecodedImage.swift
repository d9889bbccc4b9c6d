import Foundation

/// Decoded pixels: tightly packed 8-bit RGBA (alpha not premultiplied, 255
/// where the source has none), `width * 4` bytes per row, top row first.
public struct DecodedImage: Sendable, Equatable {
    /// Width of `pixels`.
    public let width: Int
    /// Height of `pixels`.
    public let height: Int
    /// `width * height * 4` bytes of RGBA.
    public let pixels: Data
    /// The size the file declares; larger than `width` x `height` when a
    /// JPEG was decoded with DCT scaling.
    public let sourceSize: PixelSize
    /// The DCT scale used, as n/8 (8 = full size); always 8 for PNG.
    public let scaleEighths: Int

    /// Wraps RGBA pixels; `nil` unless `rgba` has `width * height * 4` bytes.
    public init?(width: Int, height: Int, rgba: Data, sourceSize: PixelSize? = nil, scaleEighths: Int = 8) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = rgba
        self.sourceSize = sourceSize ?? PixelSize(width: width, height: height)
        self.scaleEighths = scaleEighths
    }

    /// The pixel at (x, y) as [r, g, b, a]; `nil` outside the image.
    public func rgba(x: Int, y: Int) -> [UInt8]? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let start = pixels.startIndex + (y * width + x) * 4
        return Array(pixels[start..<start + 4])
    }
}
