import CImageCodecs
import Foundation

/// Decodes PNG, JPEG and WebP from memory to RGBA through the C decoders in
/// `CImageCodecs` (libpng, libjpeg-turbo, libwebp). The C code owns setjmp/longjmp:
/// every failure comes back as a thrown `ImageDecodeError`, nothing aborts,
/// nothing is printed. Safe to use from many threads at once.
public struct ImageDecoder: Sendable {
    public var limits: ImageLimits

    public init(limits: ImageLimits = .default) {
        self.limits = limits
    }

    /// Format and declared size, from the header only: no pixels are
    /// decoded and only the input-size limit applies (a size over the
    /// other limits is reported here and refused by `decode`).
    public func probe(_ bytes: [UInt8]) throws(ImageDecodeError) -> ImageInfo {
        let format = try decodableFormat(bytes)
        var info = rb_image_info()
        var message = [CChar](repeating: 0, count: 256)
        let code = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { error in
                rb_image_probe(input.baseAddress, input.count, &info, error.baseAddress, error.count)
            }
        }
        guard code == Int32(RB_OK) else {
            throw Self.error(code: code, message: Self.text(message), bytes: bytes, size: .init(width: 0, height: 0), limits: limits)
        }
        return ImageInfo(format: format, size: PixelSize(width: Int(info.width), height: Int(info.height)),
                         workBytes: Int(clamping: info.work_bytes))
    }

    /// The most memory `decode(_:atLeast:)` holds for an image with `info`:
    /// its output pixels (a JPEG at the DCT scale it will pick, a WebP at
    /// its scaled size, a PNG at full size) plus `info.workBytes`. An image
    /// over the limits throws `.tooLarge`, as decoding it would.
    public func peakBytes(of info: ImageInfo, atLeast target: PixelSize? = nil) throws(ImageDecodeError) -> Int {
        let (width, height) = (info.size.width, info.size.height)
        guard limits.allows(info.size) else { throw .tooLarge(width: width, height: height) }
        let targetWidth = UInt32(clamping: max(0, target?.width ?? 0))
        let targetHeight = UInt32(clamping: max(0, target?.height ?? 0))
        var output = PixelSize(width: width, height: height)
        switch info.format {
        case .jpeg:
            let n = Int(rb_jpeg_scale_for_target(UInt32(width), UInt32(height), targetWidth, targetHeight))
            output = PixelSize(width: (width * n + 7) / 8, height: (height * n + 7) / 8)
        case .webp:
            var scaledWidth: UInt32 = 0, scaledHeight: UInt32 = 0
            rb_webp_scaled_size(UInt32(width), UInt32(height), targetWidth, targetHeight, &scaledWidth, &scaledHeight)
            output = PixelSize(width: Int(scaledWidth), height: Int(scaledHeight))
        default:
            break
        }
        return output.width * output.height * 4 + info.workBytes
    }

    /// Decodes `bytes`. With `atLeast`, a JPEG is decoded at the smallest
    /// DCT scale n/8 whose output is at least that wide and high (a side of
    /// 0 is free), which is several times faster for thumbnails, and a WebP
    /// is scaled while decoding to the smallest size with its aspect that
    /// covers the target; neither is scaled up, and PNG is always decoded
    /// at full size.
    public func decode(_ bytes: [UInt8], atLeast target: PixelSize? = nil) throws(ImageDecodeError) -> DecodedImage {
        let format = try decodableFormat(bytes)
        var limits = self.limits.cLimits
        var image = rb_decoded_image()
        var message = [CChar](repeating: 0, count: 256)
        let targetWidth = UInt32(clamping: max(0, target?.width ?? 0))
        let targetHeight = UInt32(clamping: max(0, target?.height ?? 0))
        let code = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { error in
                switch format {
                case .jpeg:
                    rb_jpeg_decode(input.baseAddress, input.count, &limits, targetWidth, targetHeight,
                                   &image, error.baseAddress, error.count)
                case .webp:
                    rb_webp_decode(input.baseAddress, input.count, &limits, targetWidth, targetHeight,
                                   &image, error.baseAddress, error.count)
                default:
                    rb_png_decode(input.baseAddress, input.count, &limits, &image, error.baseAddress, error.count)
                }
            }
        }
        let sourceSize = PixelSize(width: Int(image.source_width), height: Int(image.source_height))
        guard code == Int32(RB_OK), let pixels = image.pixels else {
            rb_free(image.pixels)
            throw Self.error(code: code, message: Self.text(message), bytes: bytes, size: sourceSize, limits: self.limits)
        }
        let width = Int(image.width)
        let height = Int(image.height)
        // Adopt the C buffer without copying it; Data frees it.
        let data = Data(bytesNoCopy: pixels, count: width * height * 4, deallocator: .free)
        guard let decoded = DecodedImage(
            width: width, height: height, rgba: data, sourceSize: sourceSize,
            scaleEighths: image.scale_denom == 8 ? Int(image.scale_num) : 8
        ) else {
            throw .corrupt("decoder returned an empty image")
        }
        return decoded
    }

    /// The sniffed format when it is one we decode; the matching error if not.
    private func decodableFormat(_ bytes: [UInt8]) throws(ImageDecodeError) -> ImageFormat {
        if bytes.isEmpty { throw .empty }
        if bytes.count > limits.maxInputBytes { throw .inputTooLarge(bytes: bytes.count) }
        guard let format = ImageFormat.sniff(bytes) else {
            throw .notAnImage(start: ImageDecodeError.describeStart(bytes))
        }
        guard format.isDecodable else { throw .unsupportedFormat(format) }
        return format
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Maps an `RB_ERR_*` code to the Swift error.
    static func error(code: Int32, message: String, bytes: [UInt8], size: PixelSize, limits: ImageLimits) -> ImageDecodeError {
        switch code {
        case Int32(RB_ERR_TRUNCATED): return .truncated
        case Int32(RB_ERR_TOO_LARGE):
            if size.width == 0, bytes.count > limits.maxInputBytes { return .inputTooLarge(bytes: bytes.count) }
            return .tooLarge(width: size.width, height: size.height)
        case Int32(RB_ERR_NOT_IMAGE):
            return bytes.isEmpty ? .empty : .notAnImage(start: ImageDecodeError.describeStart(bytes))
        case Int32(RB_ERR_UNSUPPORTED): return .unsupported(message)
        case Int32(RB_ERR_TOO_MANY_SCANS): return .tooManyScans(limit: limits.maxScans)
        case Int32(RB_ERR_MEMORY): return .outOfMemory
        case Int32(RB_ERR_ARGUMENT): return .invalidArgument(message)
        default: return .corrupt(message)
        }
    }
}
