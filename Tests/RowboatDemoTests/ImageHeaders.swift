/// Dimension parsing straight from encoded bytes, independent of the
/// encoder under test.
enum ImageHeaders {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from a PNG's IHDR chunk (which must come first).
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == pngSignature,
              Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        return (bigEndian(bytes, at: 16, count: 4), bigEndian(bytes, at: 20, count: 4))
    }

    /// Width, height and progressiveness from a JPEG's first SOF marker.
    static func jpegFrame(_ bytes: [UInt8]) -> (width: Int, height: Int, progressive: Bool)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 3 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            var marker = bytes[i + 1]
            while marker == 0xFF, i + 2 < bytes.count {
                i += 1
                marker = bytes[i + 1]
            }
            let length = bigEndian(bytes, at: i + 2, count: 2)
            let isSOF = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isSOF, i + 8 < bytes.count {
                return (bigEndian(bytes, at: i + 7, count: 2), bigEndian(bytes, at: i + 5, count: 2), marker == 0xC2)
            }
            i += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
