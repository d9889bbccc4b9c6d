import CImageCodecs
import Foundation
import Testing
@testable import RowboatImages

@Suite("WebP decoding", .timeLimit(.minutes(1)))
struct WebPDecodeTests {
    let decoder = ImageDecoder()

    @Test func lossyIsCloseAndOpaque() throws {
        let rgb = Fixtures.gradient(width: 64, height: 40)
        let webp = try Fixtures.webp(rgb, width: 64, height: 40, quality: 95)
        #expect(ImageFormat.sniff(webp) == .webp)
        let image = try decoder.decode(webp)
        #expect(image.width == 64 && image.height == 40)
        #expect(Fixtures.meanError(rgb, image) < 6)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test func losslessIsExact() throws {
        let rgb = Fixtures.gradient(width: 33, height: 17)
        let image = try decoder.decode(try Fixtures.webp(rgb, width: 33, height: 17, lossless: true))
        #expect(Fixtures.meanError(rgb, image) == 0)
    }

    @Test func probeReadsOnlyTheHeader() throws {
        let webp = try Fixtures.webp(Fixtures.gradient(width: 320, height: 240), width: 320, height: 240)
        let info = try decoder.probe(webp)
        #expect(info.format == .webp && info.size == PixelSize(width: 320, height: 240))
    }

    @Test func scalesWhileDecodingToCoverTheTarget() throws {
        let webp = try Fixtures.webp(Fixtures.gradient(width: 640, height: 480), width: 640, height: 480)
        let image = try decoder.decode(webp, atLeast: PixelSize(width: 160, height: 80))
        // 1/4 covers 160 wide (and 120 ≥ 80 high), with the aspect kept.
        #expect(image.width == 160 && image.height == 120)
        #expect(image.sourceSize == PixelSize(width: 640, height: 480))
        // Never scaled up.
        let full = try decoder.decode(webp, atLeast: PixelSize(width: 4000, height: 10))
        #expect(full.width == 640 && full.height == 480)
    }

    @Test(arguments: [false, true])
    func everyTruncationFailsCleanly(lossless: Bool) throws {
        let webp = try Fixtures.webp(Fixtures.gradient(width: 24, height: 16), width: 24, height: 16, lossless: lossless)
        for length in 0..<webp.count {
            #expect(throws: ImageDecodeError.self, "prefix of \(length) bytes") {
                try decoder.decode(Array(webp.prefix(length)))
            }
        }
    }

    @Test func hugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        var webp = try Fixtures.webp(Fixtures.gradient(width: 16, height: 16), width: 16, height: 16, quality: 50)
        // A lossy "VP8 " frame: 14-bit width and height at bytes 26 and 28.
        try #require(Array(webp[12..<16]) == Array("VP8 ".utf8))
        webp[26] = 0xFF; webp[27] = 0x3F
        webp[28] = 0xFF; webp[29] = 0x3F
        #expect(throws: ImageDecodeError.tooLarge(width: 16383, height: 16383)) { try decoder.decode(webp) }
        let strict = ImageDecoder(limits: ImageLimits(maxWidth: 8, maxHeight: 8, maxPixels: 64, maxInputBytes: 1 << 20, maxScans: 10))
        let small = try Fixtures.webp(Fixtures.gradient(width: 16, height: 16), width: 16, height: 16)
        #expect(throws: ImageDecodeError.tooLarge(width: 16, height: 16)) { try strict.decode(small) }
    }

    @Test func htmlNamedWebPIsNotAnImage() {
        #expect(throws: ImageDecodeError.self) { try decoder.decode(Array("<html>RIFF WEBP</html>".utf8)) }
        #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
    }
}
