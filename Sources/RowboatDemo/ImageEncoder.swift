import CImageCodecs

/// Swift front end for the C encoders in `CImageCodecs` (libpng,
/// libjpeg-turbo and libwebp). Errors from the libraries come back as thrown
/// `ImageEncoderError`s; nothing is printed and nothing aborts.
public enum ImageEncoder {
    /// Encodes packed RGB bytes (`width * height * 3`) as PNG.
    /// `compressionLevel` is zlib's 0...9, or -1 for the library default.
    public static func png(rgb: [UInt8], width: Int, height: Int, compressionLevel: Int = 6) throws(ImageEncoderError) -> [UInt8] {
        try validate(rgb: rgb, width: width, height: height)
        return try run { out, length, error, errorLength in
            rgb.withUnsafeBufferPointer { pixels in
                rb_png_encode_rgb(
                    pixels.baseAddress, Int32(width), Int32(height), Int32(compressionLevel),
                    out, length, error, errorLength
                )
            }
        }
    }

    /// Encodes packed RGB bytes as a baseline or progressive JPEG.
    public static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int = 85, progressive: Bool = false) throws(ImageEncoderError) -> [UInt8] {
        try validate(rgb: rgb, width: width, height: height)
        return try run { out, length, error, errorLength in
            rgb.withUnsafeBufferPointer { pixels in
                rb_jpeg_encode_rgb(
                    pixels.baseAddress, Int32(width), Int32(height), Int32(quality), progressive ? 1 : 0,
                    out, length, error, errorLength
                )
            }
        }
    }

    /// Encodes packed RGB bytes as WebP: lossy at `quality` (0...100), or
    /// lossless. Sides up to 16383.
    public static func webp(rgb: [UInt8], width: Int, height: Int, quality: Int = 80, lossless: Bool = false) throws(ImageEncoderError) -> [UInt8] {
        try validate(rgb: rgb, width: width, height: height)
        return try run { out, length, error, errorLength in
            rgb.withUnsafeBufferPointer { pixels in
                rb_webp_encode_rgb(
                    pixels.baseAddress, Int32(width), Int32(height), Int32(quality), lossless ? 1 : 0,
                    out, length, error, errorLength
                )
            }
        }
    }

    private static func validate(rgb: [UInt8], width: Int, height: Int) throws(ImageEncoderError) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
              rgb.count == width * height * 3
        else {
            throw ImageEncoderError(code: Int(RB_ERR_ARGUMENT), message: "expected \(width)x\(height)x3 bytes, got \(rgb.count)")
        }
    }

    /// Calls a C encoder and copies its malloc'd output into a Swift array.
    private static func run(
        _ encode: (
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
            UnsafeMutablePointer<Int>,
            UnsafeMutablePointer<CChar>,
            Int
        ) -> Int32
    ) throws(ImageEncoderError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let code = message.withUnsafeMutableBufferPointer { error in
            encode(&out, &length, error.baseAddress!, error.count)
        }
        defer { rb_free(out) }
        guard Int(code) == Int(RB_OK), let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageEncoderError(code: Int(code), message: text)
        }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}

/// A failure reported by libpng/libjpeg or by argument checks, with the C
/// return code (`RB_ERR_*`) and the library's message.
public struct ImageEncoderError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int
    public let message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String {
        "image encoding failed (\(code)): \(message)"
    }
}
