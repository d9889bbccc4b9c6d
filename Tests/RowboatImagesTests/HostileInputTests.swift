import CImageCodecs
import CImageFixtures
import Foundation
import Testing
@testable import RowboatImages

@Suite("Hostile image input", .timeLimit(.minutes(2)))
struct HostileInputTests {
    let decoder = ImageDecoder()

    /// Every prefix of the file either throws or yields an image of the
    /// declared size; none may crash.
    private func checkEveryTruncation(_ bytes: [UInt8], width: Int, height: Int) -> (images: Int, errors: Int) {
        var images = 0
        var errors = 0
        for length in 0..<bytes.count {
            do {
                let image = try decoder.decode(Array(bytes.prefix(length)))
                #expect(image.width == width && image.height == height)
                images += 1
            } catch {
                errors += 1
            }
        }
        return (images, errors)
    }

    @Test func everyTruncatedPNG() throws {
        let rgb = Fixtures.gradient(width: 24, height: 16)
        for png in [try Fixtures.png(rgb, width: 24, height: 16),
                    try Fixtures.customPNG(Fixtures.pngOptions(colorType: 2, bitDepth: 8, interlaced: true),
                                           rows: rgb, width: 24, height: 16)] {
            let result = checkEveryTruncation(png, width: 24, height: 16)
            #expect(result.errors > png.count - 20) // only a missing IEND may still decode
        }
        let png = try Fixtures.png(rgb, width: 24, height: 16)
        #expect(throws: ImageDecodeError.truncated) { try decoder.decode(Array(png.prefix(png.count / 2))) }
        #expect(throws: ImageDecodeError.truncated) { try decoder.decode(Array(png.prefix(10))) }
    }

    @Test(arguments: [false, true])
    func everyTruncatedJPEG(progressive: Bool) throws {
        let jpeg = try Fixtures.jpeg(Fixtures.gradient(width: 24, height: 16), width: 24, height: 16, progressive: progressive)
        let result = checkEveryTruncation(jpeg, width: 24, height: 16)
        #expect(result.errors >= jpeg.count - 2) // at most a missing EOI
        #expect(throws: ImageDecodeError.truncated) { try decoder.decode(Array(jpeg.prefix(jpeg.count - 40))) }
    }

    @Test func flippedBytesNeverCrash() throws {
        let png = try Fixtures.png(Fixtures.gradient(width: 20, height: 12), width: 20, height: 12)
        let jpeg = try Fixtures.jpeg(Fixtures.gradient(width: 20, height: 12), width: 20, height: 12, progressive: true)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for original in [png, jpeg] {
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<3 {
                    bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
                }
                if let image = try? decoder.decode(bytes) {
                    #expect(image.pixels.count == image.width * image.height * 4)
                }
            }
        }
    }

    @Test func zeroBytes() {
        #expect(throws: ImageDecodeError.empty) { try decoder.decode([]) }
        #expect(throws: ImageDecodeError.empty) { try decoder.probe([]) }
        #expect(ImageDecodeError.empty.reason == "empty")
    }

    @Test func htmlIsNotAnImage() {
        let html = Array("\n<!DOCTYPE html><html><body>Not found</body></html>".utf8)
        #expect(ImageFormat.sniff(html) == nil)
        let error = #expect(throws: ImageDecodeError.notAnImage(start: "'<'")) { try decoder.decode(html) }
        #expect(error?.reason == "not an image (starts with '<')")
        #expect(throws: ImageDecodeError.notAnImage(start: "'{'")) { try decoder.decode(Array("{\"error\":1}".utf8)) }
        #expect(throws: ImageDecodeError.notAnImage(start: "0x00")) { try decoder.decode([0, 1, 2, 3]) }
    }

    @Test func otherFormatsAreNamed() {
        #expect(throws: ImageDecodeError.unsupportedFormat(.gif)) { try decoder.decode(Array("GIF89a\u{1}\0\u{1}\0".utf8)) }
        // WebP is decoded now: a header claiming a 0-byte RIFF is corrupt.
        #expect(throws: ImageDecodeError.corrupt("corrupt WebP data")) { try decoder.decode(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) }
        #expect(ImageDecodeError.unsupportedFormat(.gif).reason == "unsupported format: GIF")
    }

    @Test(arguments: [(UInt32(40_000), UInt32(40_000)), (1, 40_000), (40_000, 1), (10_000, 10_000)])
    func hugePNGHeaderIsRefused(width: UInt32, height: UInt32) throws {
        let png = try Fixtures.png(Fixtures.gradient(width: 8, height: 8), width: 8, height: 8)
        let patched = ByteSurgery.pngWithSize(png, width: width, height: height)
        #expect(try decoder.probe(patched).size == PixelSize(width: Int(width), height: Int(height)))
        #expect(throws: ImageDecodeError.tooLarge(width: Int(width), height: Int(height))) { try decoder.decode(patched) }
        if width == 40_000, height == 40_000 {
            #expect(ImageDecodeError.tooLarge(width: 40_000, height: 40_000).reason == "too large: 40000x40000")
        }
    }

    @Test func pngHeaderWithBadCRCIsCorrupt() throws {
        var png = try Fixtures.png(Fixtures.gradient(width: 8, height: 8), width: 8, height: 8)
        png[19] ^= 0x01 // width 8 becomes 9, the CRC does not change
        let error = #expect(throws: ImageDecodeError.self) { try decoder.decode(png) }
        guard case .corrupt(let detail) = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("CRC"))
    }

    @Test(arguments: [false, true])
    func hugeJPEGHeaderIsRefused(progressive: Bool) throws {
        let jpeg = try Fixtures.jpeg(Fixtures.gradient(width: 16, height: 16), width: 16, height: 16, progressive: progressive)
        let patched = ByteSurgery.jpegWithSize(jpeg, width: 40_000, height: 40_000)
        #expect(try decoder.probe(patched).size == PixelSize(width: 40_000, height: 40_000))
        #expect(throws: ImageDecodeError.tooLarge(width: 40_000, height: 40_000)) { try decoder.decode(patched) }
        let wide = ByteSurgery.jpegWithSize(jpeg, width: 65_000, height: 1_000)
        #expect(throws: ImageDecodeError.tooLarge(width: 65_000, height: 1_000)) { try decoder.decode(wide) }
        // Under the limits the same bytes are only short of data: libjpeg
        // pads or gives up, but the size is not what stops it.
        let modest = ByteSurgery.jpegWithSize(jpeg, width: 64, height: 64)
        do {
            #expect(try decoder.decode(modest).width == 64)
        } catch {
            #expect(error != .tooLarge(width: 64, height: 64))
        }
    }

    @Test func pngDecompressionBombIsRefusedByThePixelLimit() throws {
        // 20000 x 20000 one-bit gray zeros: 1.6 GB as RGBA, a few KB as PNG.
        var options = Fixtures.pngOptions(colorType: 0, bitDepth: 1)
        options.compression_level = 9
        options.repeat_first_row = 1
        let bomb = try Fixtures.customPNG(options, rows: [UInt8](repeating: 0, count: 2_500), width: 20_000, height: 20_000)
        #expect(bomb.count < 200_000)
        #expect(20_000 <= ImageLimits.default.maxWidth && 20_000 * 20_000 > ImageLimits.default.maxPixels)
        #expect(throws: ImageDecodeError.tooLarge(width: 20_000, height: 20_000)) { try decoder.decode(bomb) }
        // A small pixel limit refuses a small image the same way.
        let small = try Fixtures.png(Fixtures.gradient(width: 40, height: 30), width: 40, height: 30)
        let strict = ImageDecoder(limits: ImageLimits(maxPixels: 1_000))
        #expect(throws: ImageDecodeError.tooLarge(width: 40, height: 30)) { try strict.decode(small) }
        #expect(try ImageDecoder(limits: ImageLimits(maxPixels: 1_200)).decode(small).width == 40)
    }

    @Test func progressiveScanCap() throws {
        let rgb = Fixtures.gradient(width: 48, height: 32)
        let jpeg = try Fixtures.jpeg(rgb, width: 48, height: 32, progressive: true)
        let scans = ByteSurgery.scanOffsets(jpeg).count
        #expect(scans == 10) // libjpeg's simple progression for YCbCr
        #expect(throws: ImageDecodeError.tooManyScans(limit: 5)) {
            try ImageDecoder(limits: ImageLimits(maxScans: 5)).decode(jpeg)
        }
        #expect(try ImageDecoder(limits: ImageLimits(maxScans: scans)).decode(jpeg).width == 48)

        // The same file with its last scan repeated 1,000 times: libjpeg
        // only warns, so without the cap it would run them all.
        let crafted = ByteSurgery.repeatingLastScan(jpeg, times: 1_000)
        #expect(ByteSurgery.scanOffsets(crafted).count == scans + 1_000)
        #expect(throws: ImageDecodeError.tooManyScans(limit: 100)) { try decoder.decode(crafted) }
        #expect(try ImageDecoder(limits: ImageLimits(maxScans: 2_000)).decode(crafted).width == 48)
        #expect(ImageDecodeError.tooManyScans(limit: 100).reason == "too many scans (over 100)")
    }

    @Test func inputSizeLimit() throws {
        let png = try Fixtures.png(Fixtures.gradient(width: 40, height: 30), width: 40, height: 30)
        let strict = ImageDecoder(limits: ImageLimits(maxInputBytes: png.count - 1))
        #expect(throws: ImageDecodeError.inputTooLarge(bytes: png.count)) { try strict.decode(png) }
        #expect(ImageDecodeError.inputTooLarge(bytes: 40 << 20).reason == "too large: 40 MB file")
    }

    @Test func limitsAreCheckedInCBeforeAnyPixels() throws {
        // Straight to the C decoder: the buffer stays NULL and the declared
        // size is reported.
        let png = ByteSurgery.pngWithSize(try Fixtures.png(Fixtures.gradient(width: 8, height: 8), width: 8, height: 8),
                                          width: 40_000, height: 40_000)
        var image = rb_decoded_image()
        var message = [CChar](repeating: 0, count: 128)
        let code = rb_png_decode(png, png.count, nil, &image, &message, message.count)
        #expect(code == Int32(RB_ERR_TOO_LARGE))
        #expect(image.pixels == nil)
        #expect(image.source_width == 40_000 && image.source_height == 40_000)
        #expect(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "too large: 40000x40000")
    }

    /// A header over the limits gets the limit's own error from peakBytes,
    /// before any memory budget is asked.
    @Test func peakBytesRefusesAHeaderOverTheLimits() throws {
        let small = try Fixtures.png(Fixtures.gradient(width: 8, height: 8), width: 8, height: 8)
        let claiming = ByteSurgery.pngWithSize(small, width: 100_000, height: 100_000)
        #expect(throws: ImageDecodeError.tooLarge(width: 100_000, height: 100_000)) {
            try ThumbnailMaker().peakBytes(claiming, columns: 20, rows: 8)
        }
    }
}
