import Testing
@testable import RowboatDemo

@Suite("Image encoding", .timeLimit(.minutes(1)))
struct ImageEncodingTests {
    @Test func pngEncoderWritesIHDR() throws {
        let pixels = [UInt8](repeating: 200, count: 7 * 5 * 3)
        let png = try ImageEncoder.png(rgb: pixels, width: 7, height: 5)
        let size = try #require(ImageHeaders.pngSize(png))
        #expect(size.width == 7 && size.height == 5)
        #expect(Array(png.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) // IEND
    }

    @Test(arguments: [false, true])
    func jpegEncoderWritesSOF(progressive: Bool) throws {
        let pixels = [UInt8](repeating: 90, count: 33 * 17 * 3)
        let jpeg = try ImageEncoder.jpeg(rgb: pixels, width: 33, height: 17, quality: 80, progressive: progressive)
        let frame = try #require(ImageHeaders.jpegFrame(jpeg))
        #expect(frame.width == 33 && frame.height == 17 && frame.progressive == progressive)
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
    }

    @Test func encoderErrorsAreThrownNotFatal() {
        #expect(throws: ImageEncoderError.self) {
            try ImageEncoder.png(rgb: [1, 2, 3], width: 2, height: 2)
        }
        #expect(throws: ImageEncoderError.self) {
            try ImageEncoder.jpeg(rgb: [UInt8](repeating: 0, count: 12), width: 2, height: 2, quality: 0)
        }
        #expect(throws: ImageEncoderError.self) {
            try ImageEncoder.png(rgb: [UInt8](repeating: 0, count: 12), width: 2, height: 2, compressionLevel: 42)
        }
    }

    /// Sizes the libraries themselves reject: exercises the setjmp/longjmp
    /// error path inside the C code (code 3 = RB_ERR_CODEC).
    @Test func libraryErrorsComeBackThroughLongjmp() throws {
        let jpegError = #expect(throws: ImageEncoderError.self) {
            try ImageEncoder.jpeg(rgb: [UInt8](repeating: 0, count: 65_535 * 3), width: 65_535, height: 1)
        }
        #expect(jpegError?.code == 3)
        #expect(jpegError?.message.contains("65500") == true)
        let pngError = #expect(throws: ImageEncoderError.self) {
            try ImageEncoder.png(rgb: [UInt8](repeating: 0, count: 1_000_001 * 3), width: 1_000_001, height: 1)
        }
        #expect(pngError?.code == 3)
        #expect(pngError?.message.hasPrefix("libpng") == true)
        // The encoder still works after an error.
        #expect(try ImageEncoder.png(rgb: [0, 0, 0], width: 1, height: 1).count > 8)
    }

    @Test func renderingIsDeterministicAndDistinct() throws {
        let a = try DemoImage.render(DemoImageSpec(id: 11))
        let b = try DemoImage.render(DemoImageSpec(id: 11))
        let c = try DemoImage.render(DemoImageSpec(id: 21))
        #expect(a.bytes == b.bytes && a.etag == b.etag)
        #expect(a.spec.width == c.spec.width && a.bytes != c.bytes && a.etag != c.etag)
    }

    @Test func entityTagMatching() {
        let tag = EntityTag.strong(for: [1, 2, 3])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(EntityTag.ifNoneMatch(tag, matches: tag))
        #expect(EntityTag.ifNoneMatch("\"nope\", W/\(tag)", matches: tag))
        #expect(EntityTag.ifNoneMatch("*", matches: tag))
        #expect(!EntityTag.ifNoneMatch("\"nope\"", matches: tag))
    }

    @Test func lruEvictsLeastRecentlyUsed() {
        var cache = LRUCache<Int, String>(maxCount: 2, maxCost: 100)
        cache.insert("a", for: 1, cost: 10)
        cache.insert("b", for: 2, cost: 10)
        _ = cache.value(for: 1)
        cache.insert("c", for: 3, cost: 10)
        #expect(cache.value(for: 2) == nil && cache.value(for: 1) == "a" && cache.value(for: 3) == "c")
        cache.insert("big", for: 4, cost: 95)
        #expect(cache.count == 1 && cache.totalCost == 95)
    }
}
