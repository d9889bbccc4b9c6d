import CImageCodecs
import Foundation
import Testing
@testable import RowboatImages

@Suite("JPEG decoding", .timeLimit(.minutes(1)))
struct JPEGDecodeTests {
    let decoder = ImageDecoder()

    @Test(arguments: [false, true])
    func rgbIsClose(progressive: Bool) throws {
        let rgb = Fixtures.gradient(width: 64, height: 40)
        let jpeg = try Fixtures.jpeg(rgb, width: 64, height: 40, quality: 95, progressive: progressive)
        let image = try decoder.decode(jpeg)
        #expect(image.width == 64 && image.height == 40)
        #expect(image.scaleEighths == 8)
        #expect(Fixtures.meanError(rgb, image) < 3)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test(arguments: [false, true])
    func grayscaleBecomesEqualRGB(progressive: Bool) throws {
        let (width, height) = (33, 17)
        let gray = (0..<(width * height)).map { UInt8(($0 % width) * 255 / (width - 1)) }
        let jpeg = try Fixtures.customJPEG(gray, width: width, height: height, components: 1, quality: 95, progressive: progressive)
        let image = try decoder.decode(jpeg)
        #expect(image.width == width && image.height == height)
        var error = 0
        for p in 0..<(width * height) {
            let r = image.pixels[p * 4]
            #expect(r == image.pixels[p * 4 + 1] && r == image.pixels[p * 4 + 2])
            error += abs(Int(r) - Int(gray[p]))
        }
        #expect(Double(error) / Double(width * height) < 3)
    }

    @Test func cmykIsConverted() throws {
        // Adobe CMYK is stored inverted: pure red is C=0 M=Y=1 K=0 -> 255, 0, 0, 255.
        var cmyk: [UInt8] = []
        for _ in 0..<(16 * 16) { cmyk += [255, 0, 0, 255] }
        let jpeg = try Fixtures.customJPEG(cmyk, width: 16, height: 16, components: 4, quality: 95)
        let image = try decoder.decode(jpeg)
        let pixel = try #require(image.rgba(x: 8, y: 8))
        #expect(pixel[0] > 240 && pixel[1] < 15 && pixel[2] < 15 && pixel[3] == 255)
    }

    @Test(arguments: [
        // width, height, target width, target height, expected n (of 8)
        (1920, 1080, 0, 0, 8),
        (1920, 1080, 320, 160, 2),
        (1920, 1080, 320, 88, 2),
        (1920, 1080, 240, 0, 1),
        (1920, 1080, 241, 0, 2),
        (1920, 1080, 0, 136, 2),
        (1920, 1080, 1000, 0, 5),
        (1920, 1080, 1920, 1080, 8),
        (1920, 1080, 4000, 0, 8),
        (33, 17, 1, 1, 1),
        (100, 100, 38, 0, 3),
    ])
    func scaleIsTheSmallestThatCovers(width: Int, height: Int, targetWidth: Int, targetHeight: Int, expected: Int) {
        let n = rb_jpeg_scale_for_target(UInt32(width), UInt32(height), UInt32(targetWidth), UInt32(targetHeight))
        #expect(Int(n) == expected)
    }

    @Test(arguments: [
        (PixelSize(width: 0, height: 0), 8, PixelSize(width: 200, height: 120)),
        (PixelSize(width: 25, height: 15), 1, PixelSize(width: 25, height: 15)),
        (PixelSize(width: 26, height: 0), 2, PixelSize(width: 50, height: 30)),
        (PixelSize(width: 0, height: 46), 4, PixelSize(width: 100, height: 60)),
        (PixelSize(width: 120, height: 1), 5, PixelSize(width: 125, height: 75)),
        (PixelSize(width: 999, height: 999), 8, PixelSize(width: 200, height: 120)),
    ])
    func decodeUsesTheChosenScale(target: PixelSize, eighths: Int, size: PixelSize) throws {
        let rgb = Fixtures.gradient(width: 200, height: 120)
        for progressive in [false, true] {
            let jpeg = try Fixtures.jpeg(rgb, width: 200, height: 120, progressive: progressive)
            let image = try decoder.decode(jpeg, atLeast: target)
            #expect(image.scaleEighths == eighths)
            #expect(PixelSize(width: image.width, height: image.height) == size)
            #expect(image.sourceSize == PixelSize(width: 200, height: 120))
            // Still the same picture: the top-right corner is red-ish.
            let corner = try #require(image.rgba(x: image.width - 1, y: 0))
            #expect(corner[0] > 200 && corner[1] < 60)
        }
    }

    @Test func oddSizesRoundUp() throws {
        let jpeg = try Fixtures.jpeg(Fixtures.gradient(width: 33, height: 17), width: 33, height: 17)
        let image = try decoder.decode(jpeg, atLeast: PixelSize(width: 1, height: 1))
        #expect(image.width == 5 && image.height == 3 && image.scaleEighths == 1)
    }

    @Test func probeReadsTheFrameHeader() throws {
        let jpeg = try Fixtures.jpeg(Fixtures.gradient(width: 50, height: 30), width: 50, height: 30, progressive: true)
        // A progressive file also reports libjpeg's whole-image coefficient
        // buffer: 4:2:0, luma 8x4 blocks (rounded to whole MCUs), chroma 4x2
        // blocks twice, 128 bytes a block.
        #expect(try decoder.probe(jpeg) == ImageInfo(format: .jpeg, size: PixelSize(width: 50, height: 30),
                                                     workBytes: (32 + 8 + 8) * 128))
        let baseline = try Fixtures.jpeg(Fixtures.gradient(width: 50, height: 30), width: 50, height: 30)
        #expect(try decoder.probe(baseline).workBytes == 0)
    }
}
