import CPrefetch

/// The search text lowered once. An ASCII needle is found in UTF-8 text by
/// its bytes, folded as they are compared (a million rows per keystroke);
/// otherwise the text is lowered first, as `lowercased()` lowers it.
struct SearchNeedle {
    let lowered: String
    let bytes: [UInt8]
    let ascii: Bool
    /// The first two bytes spread over words, made once.
    let words: Words

    init(_ text: String) {
        lowered = text.lowercased()
        bytes = Array(lowered.utf8)
        ascii = bytes.allSatisfy { $0 < 0x80 }
        words = Words(bytes)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// A needle's first two bytes, each repeated in every byte of a word,
    /// and the bits each ignores (0x20 for a lowercase letter): what a
    /// word of text is compared with.
    struct Words {
        let first: UInt64, firstFolds: UInt64, second: UInt64, secondFolds: UInt64

        init(_ needle: [UInt8]) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let a = needle.first ?? 0, b = needle.count > 1 ? needle[1] : 0
            first = UInt64(a) &* ones
            firstFolds = UInt64(SearchNeedle.fold(a)) &* ones
            second = UInt64(b) &* ones
            secondFolds = UInt64(SearchNeedle.fold(b)) &* ones
        }

        /// 0x80 in each byte of `word` where the needle's first byte
        /// matches, case folded, and (`twoBytes`) its second byte matches
        /// the byte after it in `next` (the word one byte on).
        @inline(__always)
        func places(_ word: UInt64, _ next: UInt64, twoBytes: Bool) -> UInt64 {
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            var differs = (word | firstFolds) ^ first
            if twoBytes { differs |= (next | secondFolds) ^ second }
            // 0x80 in each byte of `differs` that is zero (exact: no borrow between bytes).
            return ~(((differs & low7) &+ low7) | differs | low7)
        }

        /// The likely places of a match in the bytes at `at` (`readable`
        /// of them may be loaded, at least 9): sixteen bytes at once when
        /// 17 may be read, else a word (`places`).
        @inline(__always)
        func step(_ at: UnsafePointer<UInt8>, readable: Int, twoBytes: Bool) -> Step {
            if readable >= 17 {
                var tops: UInt32 = 0
                let places = rb_pair_places16(at, UInt8(truncatingIfNeeded: first), UInt8(truncatingIfNeeded: firstFolds),
                                              UInt8(truncatingIfNeeded: second), UInt8(truncatingIfNeeded: secondFolds),
                                              twoBytes ? 1 : 0, &tops)
                return Step(places: UInt64(places), tops: UInt64(tops), width: 16, shift: 0)
            }
            let raw = UnsafeRawPointer(at)
            let word = raw.loadUnaligned(as: UInt64.self)
            let next = twoBytes ? raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self) : 0
            return Step(places: places(word, next, twoBytes: twoBytes), tops: word & 0x8080_8080_8080_8080,
                        width: 8, shift: 3)
        }
    }

    /// One step of a scan (`Words.step`): where the needle's first two
    /// bytes match among `width` bytes, and which bytes have their top
    /// bit set, a bit (`shift` 0) or the byte's top bit (`shift` 3) each.
    struct Step {
        var places: UInt64
        var tops: UInt64
        let width: Int
        let shift: Int

        /// True when a byte of `tops` may begin a character that lowers
        /// to ASCII (`SearchNeedle.mayLeadToASCII` of the word, or the
        /// two words, at `at`: the bytes this step looked at).
        @inline(__always)
        func mayLeadToASCII(_ at: UnsafeRawPointer) -> Bool {
            let firstWord: UInt64 = shift == 0 ? 0xFF : .max
            return tops & firstWord != 0 && SearchNeedle.mayLeadToASCII(at.loadUnaligned(as: UInt64.self))
                || shift == 0 && tops >> 8 != 0
                && SearchNeedle.mayLeadToASCII(at.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }

        /// The bits of `places` or `tops` that stand for the first `n`
        /// bytes of this step (none when `n` is not above 0).
        @inline(__always)
        func mask(first n: Int) -> UInt64 {
            n >= width ? .max : n > 0 ? (1 &<< UInt64(n << shift)) &- 1 : 0
        }

        /// The offset of the next place, taken off `places`.
        @inline(__always)
        mutating func next() -> Int {
            let place = places.trailingZeroBitCount >> shift
            places &= places &- 1
            return place
        }
    }

    /// The needle with its bytes in hand, for a scan of many texts: the
    /// bytes are taken once, not at each text.
    struct Bytes {
        let needle: SearchNeedle
        let bytes: UnsafeBufferPointer<UInt8>

        /// `SearchNeedle.found(utf8:readable:)`, made where it is used.
        @inline(__always)
        func found(utf8 hay: UnsafeBufferPointer<UInt8>, readable: Int) -> Bool {
            if needle.ascii, let found = SearchNeedle.find(bytes, needle.words, inUTF8: hay, readable: readable) {
                return found
            }
            return String(decoding: hay, as: UTF8.self).lowercased().contains(needle.lowered)
        }
    }

    /// `body` given the needle with its bytes in hand.
    func withBytes<R>(_ body: (Bytes) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(Bytes(needle: self, bytes: $0)) }
    }

    /// True when the text in `hay` (UTF-8) contains the needle as
    /// `lowercased().contains` finds it. An ASCII needle is looked for in
    /// the bytes; the text is lowered only when a match touches other
    /// characters or the text has one of the few that lower or decompose
    /// to ASCII. `readable`: how many bytes from `hay`'s start may be
    /// loaded (at least its count; more when it lies inside a page, so
    /// that its last bytes are read a word at a time too).
    func found(utf8 hay: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> Bool {
        withBytes { $0.found(utf8: hay, readable: readable ?? hay.count) }
    }

    /// `needle` (lowercase ASCII, not empty) in `hay` (UTF-8), ignoring
    /// case, as `lowercased().contains` would find it; nil when the bytes
    /// cannot tell. A match between ASCII bytes (or the ends) is one;
    /// a match next to other bytes may be part of a larger character
    /// ("e" + U+0301); and without a match, only a character that lowers
    /// or decomposes to ASCII could make one (K U+212A, İ U+0130,
    /// ; U+037E, ` U+1FEF).
    ///
    /// Sixteen bytes are looked at together (`Words.step`; a word where
    /// fewer may be read): the places where the needle's first two bytes
    /// both match (case folded) are found in them, and only those are
    /// compared byte by byte. Bytes past `hay` (up to `readable`) are
    /// masked off.
    @inline(__always)
    static func find(_ needle: UnsafeBufferPointer<UInt8>, _ words: Words, inUTF8 hay: UnsafeBufferPointer<UInt8>,
                     readable: Int) -> Bool? {
        let n = needle.count, count = hay.count, last = count - n
        guard count > 0 else { return false }
        let room = Swift.max(count, readable)
        let first = needle[0]
        var unsure = false
        var high: UInt64 = 0
        var at = 0
        // Sixteen bytes or a word at `at` and the next byte (the second byte of a match at the last place).
        while at < count && at + 9 <= room {
            var step = words.step(hay.baseAddress! + at, readable: room - at, twoBytes: n > 1)
            high |= step.tops & step.mask(first: count - at)
            step.places &= step.mask(first: last - at + 1)
            while step.places != 0 {
                switch hit(needle, at: at + step.next(), in: 0..<count, hay) {
                case .match: return true
                case .unsure: unsure = true
                case .none: break
                }
            }
            at += step.width
        }
        // The bytes left near the end of what may be read, one at a time.
        var tail: UInt8 = 0
        let firstFold = fold(first)
        while at < count {
            let byte = hay[at]
            tail |= byte
            if at <= last && byte | firstFold == first {
                switch hit(needle, at: at, in: 0..<count, hay) {
                case .match: return true
                case .unsure: unsure = true
                case .none: break
                }
            }
            at += 1
        }
        if unsure { return nil }
        let nonASCII = high != 0 || tail >= 0x80
        return nonASCII && mayLowerToASCII(hay) ? nil : false
    }

    /// What a match of the needle at `place` in the text `text` of
    /// `bytes` is (the needle's first bytes matched there): one, none, or
    /// unsure (next to bytes of a larger character: the text must be
    /// lowered to tell).
    @inline(__always)
    static func hit(_ needle: UnsafeBufferPointer<UInt8>, at place: Int, in text: Range<Int>,
                    _ bytes: UnsafeBufferPointer<UInt8>) -> SearchHit {
        let n = needle.count
        guard place + n <= text.upperBound else { return .none(resume: place + 1) }
        var k = 0
        while k < n && bytes[place + k] | fold(needle[k]) == needle[k] { k += 1 }
        guard k == n else { return .none(resume: place + 1) }
        let before = place > text.lowerBound ? bytes[place - 1] : 0
        let after = place + n < text.upperBound ? bytes[place + n] : 0
        return before < 0x80 && after < 0x80 ? .match : .unsure
    }

    /// True when `word` holds the first byte of a character that lowers
    /// or decomposes to ASCII (`mayLowerToASCII`): C4, CD, E2 or E1.
    @inline(__always)
    static func mayLeadToASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// 0x80 in each byte of `word` that equals `byte` (may also mark the byte after one that does: a hint).
        func equal(_ byte: UInt8) -> UInt64 {
            let x = word ^ (UInt64(byte) &* ones)
            return (x &- ones) & ~x & highs
        }
        return equal(0xC4) | equal(0xCD) | equal(0xE2) | equal(0xE1) != 0
    }

    /// True when `hay` has a character whose lowercase or canonical form
    /// holds ASCII: U+212A (E2 84 AA), U+0130 (C4 B0), U+037E (CD BE),
    /// U+1FEF (E1 BF AF).
    static func mayLowerToASCII(_ hay: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = 0
        while at + 1 < hay.count {
            switch hay[at] {
            case 0xC4 where hay[at + 1] == 0xB0, 0xCD where hay[at + 1] == 0xBE: return true
            case 0xE2 where at + 2 < hay.count && hay[at + 1] == 0x84 && hay[at + 2] == 0xAA: return true
            case 0xE1 where at + 2 < hay.count && hay[at + 1] == 0xBF && hay[at + 2] == 0xAF: return true
            default: at += 1
            }
        }
        return false
    }

    /// The bit a byte of the needle ignores: 0x20 for a lowercase letter.
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? 0x20 : 0
    }
}

/// What a search found at one place of a row's bytes.
enum SearchHit {
    /// The needle is there.
    case match
    /// The needle's bytes are there, next to a larger character's: the
    /// text must be lowered to tell.
    case unsure
    /// Not there; the next place that may hold the needle is `resume`
    /// (`Int.max`: none in this row).
    case none(resume: Int)
}
