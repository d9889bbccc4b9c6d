/// Edits of encoded files for hostile-input tests: PNG chunks with their
/// CRC fixed, JPEG frame headers and scans.
enum ByteSurgery {
    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func putBE32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 {
            bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i)))
        }
    }

    /// A PNG whose IHDR declares width x height, with the chunk CRC fixed.
    static func pngWithSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = png
        putBE32(width, into: &bytes, at: 16)
        putBE32(height, into: &bytes, at: 20)
        putBE32(crc32(bytes[12..<29]), into: &bytes, at: 29) // type + 13 data bytes
        return bytes
    }

    /// Marker segments of a JPEG up to the first SOS: (marker, offset of 0xFF).
    static func jpegSegments(_ jpeg: [UInt8]) -> [(marker: UInt8, offset: Int)] {
        var segments: [(UInt8, Int)] = []
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            segments.append((marker, i))
            if marker == 0xDA { break }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return segments
    }

    /// A JPEG whose SOF declares width x height.
    static func jpegWithSize(_ jpeg: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
        var bytes = jpeg
        guard let sof = jpegSegments(jpeg).first(where: { (0xC0...0xC2).contains($0.marker) }) else { return bytes }
        let at = sof.offset + 5 // FF Cx, length (2), precision (1)
        bytes[at] = UInt8(height >> 8); bytes[at + 1] = UInt8(height & 0xFF)
        bytes[at + 2] = UInt8(width >> 8); bytes[at + 3] = UInt8(width & 0xFF)
        return bytes
    }

    /// Offsets of every SOS marker in the file.
    static func scanOffsets(_ jpeg: [UInt8]) -> [Int] {
        guard let first = jpegSegments(jpeg).first(where: { $0.marker == 0xDA }) else { return [] }
        var offsets = [first.offset]
        var i = first.offset + 2
        while i + 1 < jpeg.count {
            if jpeg[i] == 0xFF, jpeg[i + 1] == 0xDA { offsets.append(i) }
            i += 1
        }
        return offsets
    }

    /// The file with its last scan (SOS to just before EOI, plus any tables
    /// between it and the previous one) repeated `times` more times.
    static func repeatingLastScan(_ jpeg: [UInt8], times: Int) -> [UInt8] {
        guard let last = scanOffsets(jpeg).last, jpeg.count >= 2 else { return jpeg }
        let eoi = jpeg.count - 2
        let scan = jpeg[last..<eoi]
        var bytes = Array(jpeg[..<eoi])
        bytes.reserveCapacity(jpeg.count + scan.count * times)
        for _ in 0..<times { bytes += scan }
        bytes += [0xFF, 0xD9]
        return bytes
    }
}
