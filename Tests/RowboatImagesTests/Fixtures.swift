import CImageCodecs
import CImageFixtures
import Foundation
@testable import RowboatImages

/// Test images made on the fly: the demo's RGB encoders plus the fixture
/// encoders for the other PNG and JPEG kinds.
enum Fixtures {
    struct EncodeFailed: Error {}

    /// Smooth RGB gradient: r follows x, g follows y, b is constant.
    static func gradient(width: Int, height: Int, blue: UInt8 = 96) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                rgb[i] = UInt8(x * 255 / max(1, width - 1))
                rgb[i + 1] = UInt8(y * 255 / max(1, height - 1))
                rgb[i + 2] = blue
            }
        }
        return rgb
    }

    /// One colour everywhere.
    static func solid(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: rgb.count, by: 3) {
            rgb[i] = r; rgb[i + 1] = g; rgb[i + 2] = b
        }
        return rgb
    }

    static func png(_ rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try collect { out, length, error, errorLength in
            rb_png_encode_rgb(rgb, Int32(width), Int32(height), 6, out, length, error, errorLength)
        }
    }

    static func jpeg(_ rgb: [UInt8], width: Int, height: Int, quality: Int = 90, progressive: Bool = false) throws -> [UInt8] {
        try collect { out, length, error, errorLength in
            rb_jpeg_encode_rgb(rgb, Int32(width), Int32(height), Int32(quality), progressive ? 1 : 0,
                               out, length, error, errorLength)
        }
    }

    static func webp(_ rgb: [UInt8], width: Int, height: Int, quality: Int = 90, lossless: Bool = false) throws -> [UInt8] {
        try collect { out, length, error, errorLength in
            rb_webp_encode_rgb(rgb, Int32(width), Int32(height), Int32(quality), lossless ? 1 : 0,
                               out, length, error, errorLength)
        }
    }

    private static func collect(
        _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let code = message.withUnsafeMutableBufferPointer { encode(&out, &length, $0.baseAddress!, $0.count) }
        defer { rb_free(out) }
        guard code == 0, let out else { throw EncodeFailed() }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// PNG options; colorType and bitDepth use PNG's numbers.
    static func pngOptions(colorType: Int32, bitDepth: Int32, interlaced: Bool = false) -> rbf_png_options {
        rbf_png_options(color_type: colorType, bit_depth: bitDepth, interlaced: interlaced ? 1 : 0,
                        compression_level: 6, palette: nil, palette_count: 0, trns: nil, trns_count: 0,
                        trns_gray: -1, repeat_first_row: 0)
    }

    /// Encodes rows in PNG's sample layout with the fixture encoder.
    static func customPNG(_ options: rbf_png_options, rows: [UInt8], width: Int, height: Int,
                          palette: [UInt8] = [], trns: [UInt8] = []) throws -> [UInt8] {
        var options = options
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = palette.withUnsafeBufferPointer { paletteBuffer in
            trns.withUnsafeBufferPointer { trnsBuffer in
                options.palette = paletteBuffer.baseAddress
                options.palette_count = Int32(palette.count / 3)
                options.trns = trnsBuffer.baseAddress
                options.trns_count = Int32(trns.count)
                return rbf_png_encode(&options, rows, Int32(width), Int32(height), &out, &length)
            }
        }
        defer { rbf_free(out) }
        guard code == 0, let out else { throw EncodeFailed() }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// components 1 (gray), 3 (RGB) or 4 (CMYK, Adobe-inverted).
    static func customJPEG(_ samples: [UInt8], width: Int, height: Int, components: Int,
                           quality: Int = 90, progressive: Bool = false) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = rbf_jpeg_encode(samples, Int32(width), Int32(height), Int32(components),
                                   Int32(quality), progressive ? 1 : 0, &out, &length)
        defer { rbf_free(out) }
        guard code == 0, let out else { throw EncodeFailed() }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Mean absolute difference between RGB samples and a decoded image's RGB.
    static func meanError(_ rgb: [UInt8], _ image: DecodedImage) -> Double {
        let rgba = [UInt8](image.pixels)
        var total = 0
        for p in 0..<(image.width * image.height) {
            for c in 0..<3 {
                total += abs(Int(rgb[p * 3 + c]) - Int(rgba[p * 4 + c]))
            }
        }
        return Double(total) / Double(image.width * image.height * 3)
    }
}
