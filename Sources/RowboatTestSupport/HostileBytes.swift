/// Byte-exact bodies for the hostile routes: JSON written by hand (so it can
/// hold exactly the escapes and invalid bytes we want), a gzip bomb, and
/// broken images.
enum HostileBytes {
    // MARK: JSON

    /// `s` as a JSON string literal: quotes, backslashes and C0 controls
    /// escaped; everything else (C1, bidi, emoji) as raw UTF-8.
    static func jsonString(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// One item object: id, title, subtitle, description.
    static func item(id: Int, _ entry: HostileText.Entry) -> String {
        "{\"id\":\(id),\"title\":\(jsonString(entry.title)),\"subtitle\":\(jsonString(entry.subtitle))," +
            "\"description\":\(jsonString(entry.description))}"
    }

    /// The demo-style envelope around raw item objects.
    static func envelope(items: [String], page: Int = 1, totalPage: Int = 1, total: Int? = nil) -> [UInt8] {
        Array(("{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[" + items.joined(separator: ",") +
            "],\"page\":\(page),\"totalPage\":\(totalPage),\"total\":\(total ?? items.count)}}").utf8)
    }

    static func envelope(entries: [HostileText.Entry]) -> [UInt8] {
        envelope(items: entries.enumerated().map { item(id: $0.offset + 1, $0.element) })
    }

    /// A page of plain items titled "<prefix> N" (ids continue across pages).
    static func plainPage(_ prefix: String, page: Int, size: Int, totalPage: Int) -> [UInt8] {
        let items = (1...size).map { i -> String in
            let id = (page - 1) * size + i
            return item(id: id, .init(title: "\(prefix) \(page)-\(i)", subtitle: "page \(page)", description: "item \(id)"))
        }
        return envelope(items: items, page: page, totalPage: totalPage, total: totalPage * size)
    }

    /// `items` plain items, each with a `nested` field `depth` levels deep:
    /// arrays (`[[["bottom"]]]`) or objects (`{"k":{"k":"bottom"}}`).
    static func nestedPage(items: Int, depth: Int, objects: Bool) -> [UInt8] {
        let open = objects ? String(repeating: "{\"k\":", count: depth) : String(repeating: "[", count: depth)
        let close = String(repeating: objects ? "}" : "]", count: depth)
        let list = (1...items).map { id in
            "{\"id\":\(id),\"title\":\"Nested \(id)\",\"subtitle\":\"depth \(depth)\",\"nested\":\(open)\"bottom\"\(close)}"
        }
        return envelope(items: list)
    }

    /// An error envelope, `{"code":N,"msg":"…","datas":null}`.
    static func failure(_ code: Int, _ message: String) -> [UInt8] {
        Array("{\"code\":\(code),\"msg\":\(jsonString(message)),\"datas\":null}".utf8)
    }

    /// Items whose titles hold invalid UTF-8: a lone C1 byte (0x9B, CSI in
    /// 8-bit terminals), 0xFF/0xFE, an overlong "/", an encoded surrogate,
    /// a cut-off sequence, and a bare ESC byte inside the string.
    static func invalidUTF8Page() -> [UInt8] {
        let titles: [[UInt8]] = [
            Array("BADUTF8 lone C1 ".utf8) + [0x9B] + Array("6n after".utf8),
            Array("BADUTF8 ff fe ".utf8) + [0xFF, 0xFE] + Array(" end".utf8),
            Array("BADUTF8 overlong ".utf8) + [0xC0, 0xAF] + Array(" end".utf8),
            Array("BADUTF8 surrogate ".utf8) + [0xED, 0xA0, 0x80] + Array(" end".utf8),
            Array("BADUTF8 cut ".utf8) + [0xE2, 0x82],
            Array("BADUTF8 raw esc ".utf8) + [0x1B] + Array("]0;PWNED-TITLE".utf8) + [0x07],
        ]
        var body = Array("{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[".utf8)
        for (i, title) in titles.enumerated() {
            if i > 0 { body.append(UInt8(ascii: ",")) }
            body += Array("{\"id\":\(i + 1),\"title\":\"".utf8) + title + Array("\",\"subtitle\":\"x\"}".utf8)
        }
        return body + Array("],\"page\":1,\"totalPage\":1,\"total\":\(titles.count)}}".utf8)
    }

    // MARK: gzip bomb

    /// Bytes the bomb inflates to: 1 + 258 * 4,161,790 zero bytes (~1 GiB).
    static let bombPairs = 4_161_790
    static let bombInflatedSize: UInt32 = 1_073_741_821
    /// CRC-32 of that many zero bytes (precomputed; computing it per
    /// request would take seconds).
    static let bombCRC: UInt32 = 0xA1E8_37CF

    /// A valid gzip member (about 1 MB) that inflates to about 1 GiB of
    /// zeros: one dynamic-Huffman deflate block whose only codes are the
    /// literal 0, end-of-block and "copy 258 bytes from distance 1", the
    /// last being one bit long, so each copy costs two bits.
    static let gzipBomb: [UInt8] = {
        var w = BitWriter()
        w.bytes = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 3]   // magic, deflate, no flags, mtime 0, max compression, Unix
        w.bits(1, 1)          // BFINAL
        w.bits(2, 2)          // BTYPE = dynamic
        w.bits(29, 5)         // HLIT: 286 literal/length codes
        w.bits(0, 5)          // HDIST: 1 distance code
        w.bits(14, 4)         // HCLEN: 18 code-length codes
        // Code-length code lengths in the order 16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1:
        // symbol 18 gets 1 bit, symbols 1 and 2 get 2 bits.
        for length in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] { w.bits(UInt32(length), 3) }
        // Canonical codes: 18 → 0, 1 → 10, 2 → 11 (Huffman codes go MSB first).
        func zeros(_ n: UInt32) { w.huffman(0b0, 1); w.bits(n - 11, 7) }   // symbol 18: n zero lengths
        w.huffman(0b11, 2)                  // literal 0: length 2
        zeros(138); zeros(117)              // literals 1...255: unused
        w.huffman(0b11, 2)                  // 256 (end of block): length 2
        zeros(28)                           // 257...284: unused
        w.huffman(0b10, 2)                  // 285 (length 258): length 1
        w.huffman(0b10, 2)                  // distance code 0: length 1
        // Literal/length codes: 285 → 0, 0 → 10, 256 → 11; distance 0 → 0.
        w.huffman(0b10, 2)                  // the literal 0
        w.zeroBits(bombPairs * 2)           // (258, distance 1) pairs: "0" + "0"
        w.huffman(0b11, 2)                  // end of block
        w.flush()
        for value in [bombCRC, bombInflatedSize] {
            for shift in stride(from: 0, to: 32, by: 8) { w.bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        return w.bytes
    }()

    /// LSB-first bit packing as deflate wants it.
    struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var count: UInt32 = 0

        /// `n` bits of `value`, least significant first (header fields, extra bits).
        mutating func bits(_ value: UInt32, _ n: UInt32) {
            for i in 0..<n { bit((value >> i) & 1) }
        }

        /// A Huffman code of `n` bits, most significant bit first.
        mutating func huffman(_ code: UInt32, _ n: UInt32) {
            for i in stride(from: Int(n) - 1, through: 0, by: -1) { bit((code >> UInt32(i)) & 1) }
        }

        mutating func bit(_ b: UInt32) {
            current |= b << count
            count += 1
            if count == 8 { bytes.append(UInt8(current)); current = 0; count = 0 }
        }

        /// `n` zero bits, whole bytes at a time where possible.
        mutating func zeroBits(_ n: Int) {
            var left = n
            while left > 0 && count != 0 { bit(0); left -= 1 }
            bytes.append(contentsOf: repeatElement(0, count: left / 8))
            for _ in 0..<(left % 8) { bit(0) }
        }

        mutating func flush() {
            if count > 0 { bytes.append(UInt8(current)); current = 0; count = 0 }
        }
    }

    // MARK: images

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A well-formed PNG whose header claims `width` x `height` RGBA pixels
    /// but whose data is a few bytes: decoders must check dimensions first.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        // zlib stream of one empty stored block.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        return pngSignature + pngChunk("IHDR", header) + pngChunk("IDAT", idat) + pngChunk("IEND", [])
    }

    /// The first 40 bytes of a 2x2 PNG: signature, IHDR, part of IDAT.
    static let truncatedPNG: [UInt8] = Array(pngClaiming(width: 2, height: 2).prefix(40))

    static let htmlPage = "<!DOCTYPE html><html><head><title>\u{1B}]0;PWNED-TITLE\u{07}Sign in</title></head>" +
        "<body><h1>Please sign in</h1><p>Your session expired.</p></body></html>"
}
