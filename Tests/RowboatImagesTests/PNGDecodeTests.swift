import CImageFixtures
import Foundation
import Testing
@testable import RowboatImages

@Suite("PNG decoding", .timeLimit(.minutes(1)))
struct PNGDecodeTests {
    let decoder = ImageDecoder()

    @Test func rgbRoundTripsExactly() throws {
        let rgb = Fixtures.gradient(width: 37, height: 23)
        let image = try decoder.decode(try Fixtures.png(rgb, width: 37, height: 23))
        #expect(image.width == 37 && image.height == 23)
        #expect(image.pixels.count == 37 * 23 * 4)
        #expect(image.sourceSize == PixelSize(width: 37, height: 23))
        #expect(image.scaleEighths == 8)
        #expect(Fixtures.meanError(rgb, image) == 0)
        #expect(image.rgba(x: 36, y: 22) == [255, 255, 96, 255])
    }

    @Test(arguments: [false, true])
    func rgbaKeepsAlpha(interlaced: Bool) throws {
        let rows: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
                             10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]
        let png = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 6, bitDepth: 8, interlaced: interlaced),
                                         rows: rows, width: 3, height: 2)
        let image = try decoder.decode(png)
        #expect([UInt8](image.pixels) == rows)
    }

    @Test func interlacedMatchesSource() throws {
        let (width, height) = (29, 19)
        let rgb = Fixtures.gradient(width: width, height: height)
        let png = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 2, bitDepth: 8, interlaced: true),
                                         rows: rgb, width: width, height: height)
        #expect(png[28] == 1) // IHDR interlace method: Adam7
        let image = try decoder.decode(png)
        #expect(image.width == width && image.height == height)
        #expect(Fixtures.meanError(rgb, image) == 0)
    }

    @Test func paletteWithTransparency() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let trns: [UInt8] = [255, 0, 128]
        // 4 pixels, 8-bit indices 0, 1, 2, 3
        let png = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 3, bitDepth: 8),
                                         rows: [0, 1, 2, 3], width: 4, height: 1, palette: palette, trns: trns)
        let image = try decoder.decode(png)
        #expect([UInt8](image.pixels) == [255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 128, 255, 255, 255, 255])
    }

    @Test func palette2BitIsExpanded() throws {
        let palette: [UInt8] = [0, 0, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90]
        // indices 3, 2, 1, 0 packed in one byte: 0b11_10_01_00
        let png = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 3, bitDepth: 2),
                                         rows: [0b1110_0100], width: 4, height: 1, palette: palette)
        let image = try decoder.decode(png)
        #expect([UInt8](image.pixels) == [70, 80, 90, 255, 40, 50, 60, 255, 10, 20, 30, 255, 0, 0, 0, 255])
    }

    @Test(arguments: [(1, [UInt8(0b1010_0000)], [UInt8(255), 0, 255, 0]),
                      (2, [UInt8(0b0001_1011)], [UInt8(0), 85, 170, 255]),
                      (4, [UInt8(0x0F), 0x80], [UInt8(0), 255, 136, 0])])
    func lowBitDepthGray(bitDepth: Int, rows: [UInt8], expected: [UInt8]) throws {
        let png = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 0, bitDepth: Int32(bitDepth)),
                                         rows: rows, width: 4, height: 1)
        let image = try decoder.decode(png)
        let gray = stride(from: 0, to: 16, by: 4).map { image.pixels[$0] }
        #expect(gray == expected)
        for p in 0..<4 {
            #expect(image.pixels[p * 4] == image.pixels[p * 4 + 1] && image.pixels[p * 4] == image.pixels[p * 4 + 2])
            #expect(image.pixels[p * 4 + 3] == 255)
        }
    }

    @Test func sixteenBitGrayAndRGBAreScaled() throws {
        let gray = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 0, bitDepth: 16),
                                          rows: [0x00, 0x00, 0x80, 0x80, 0xFF, 0xFF], width: 3, height: 1)
        #expect([UInt8](try decoder.decode(gray).pixels) == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
        let rgb = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 2, bitDepth: 16),
                                         rows: [0xFF, 0xFF, 0x00, 0x00, 0x80, 0x80], width: 1, height: 1)
        #expect([UInt8](try decoder.decode(rgb).pixels) == [255, 0, 128, 255])
    }

    @Test func grayAlphaAndGrayTRNS() throws {
        let grayAlpha = try Fixtures.customPNG(Fixtures.pngOptions(colorType: 4, bitDepth: 8),
                                               rows: [200, 100, 50, 255], width: 2, height: 1)
        #expect([UInt8](try decoder.decode(grayAlpha).pixels) == [200, 200, 200, 100, 50, 50, 50, 255])
        var options = Fixtures.pngOptions(colorType: 0, bitDepth: 8)
        options.trns_gray = 7
        let keyed = try Fixtures.customPNG(options, rows: [7, 8], width: 2, height: 1)
        #expect([UInt8](try decoder.decode(keyed).pixels) == [7, 7, 7, 0, 8, 8, 8, 255])
    }

    @Test func probeReadsTheHeaderOnly() throws {
        let png = try Fixtures.png(Fixtures.gradient(width: 12, height: 9), width: 12, height: 9)
        let info = try decoder.probe(png)
        #expect(info == ImageInfo(format: .png, size: PixelSize(width: 12, height: 9)))
        // The header alone is enough.
        #expect(try decoder.probe(Array(png.prefix(24))).size == PixelSize(width: 12, height: 9))
    }
}
