import RowboatSpec
import RowboatCells

/// Encoded bytes in, thumbnail out: reads the header, decodes at the
/// smallest size the box needs (JPEG DCT scaling), renders with chafa.
public struct ThumbnailMaker: Sendable {
    public var decoder: ImageDecoder
    public var renderer: ThumbnailRenderer

    public init(decoder: ImageDecoder = ImageDecoder(), renderer: ThumbnailRenderer = ThumbnailRenderer()) {
        self.decoder = decoder
        self.renderer = renderer
    }

    /// The most memory making a `columns` x `rows` thumbnail of `bytes`
    /// holds while decoding (`ImageDecoder.peakBytes` at the decode target).
    public func peakBytes(_ bytes: [UInt8], columns: Int, rows: Int) throws(ImageDecodeError) -> Int {
        let info = try decoder.probe(bytes)
        return try decoder.peakBytes(of: info, atLeast: renderer.decodeTarget(source: info.size, columns: columns, rows: rows))
    }

    /// A `columns` x `rows` thumbnail of the image in `bytes`.
    public func thumbnail(from bytes: [UInt8], columns: Int, rows: Int) throws(ImageDecodeError) -> Thumbnail {
        let info = try decoder.probe(bytes)
        let target = renderer.decodeTarget(source: info.size, columns: columns, rows: rows)
        let image = try decoder.decode(bytes, atLeast: target)
        return renderer.render(image, columns: columns, rows: rows)
    }
}
