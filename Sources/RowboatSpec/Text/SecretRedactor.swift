import Glibc

/// Replaces every form of a set of secrets (`SecretForms`) in text with
/// `mark`. Besides whole forms, it takes out the pieces a cut can leave:
/// text that ends with the start of a form, starts with the end of one, or
/// lies wholly inside one (a value cut to fit, or wrapped over lines), when
/// the piece is at least the form's `leastPiece` bytes long.
public struct SecretRedactor: Sendable {
    /// What a secret is replaced with.
    public static let mark = "***"

    /// The forms looked for, longest first.
    public private(set) var forms: [SecretForms.Form] = []
    private var known = Set<[UInt8]>()

    public init(secrets: [String] = []) {
        add(secrets)
    }

    public var isEmpty: Bool { forms.isEmpty }

    /// Adds `secrets` (and their forms); returns true when any was new.
    @discardableResult
    public mutating func add(_ secrets: [String]) -> Bool {
        var added = false
        for secret in secrets {
            for form in SecretForms.of(secret) where known.insert(form.bytes).inserted {
                forms.append(form)
                added = true
            }
        }
        if added { forms.sort { $0.bytes.count > $1.bytes.count } }
        return added
    }

    /// `text` with every secret form and cut piece replaced by `mark`.
    public func redact(_ text: String) -> String {
        guard !forms.isEmpty else { return text }
        var text = text
        let ranges = text.withUTF8 { found(in: $0, partial: true) }
        guard !ranges.isEmpty else { return text }
        return String(decoding: replaced(Array(text.utf8), ranges), as: UTF8.self)
    }

    /// `bytes` with every whole secret form replaced by `mark` (stored
    /// bodies: they are whole, so no cut pieces are looked for).
    public func redact(bytes: [UInt8]) -> [UInt8] {
        guard !forms.isEmpty else { return bytes }
        let ranges = bytes.withUnsafeBufferPointer { found(in: $0, partial: false) }
        return ranges.isEmpty ? bytes : replaced(bytes, ranges)
    }

    /// True when `text` holds a whole form of a secret.
    public func contains(_ text: String) -> Bool {
        guard !forms.isEmpty else { return false }
        var text = text
        return text.withUTF8 { !found(in: $0, partial: false).isEmpty }
    }

    /// True when `bytes` hold a whole form of a secret.
    public func contains(bytes: [UInt8]) -> Bool {
        guard !forms.isEmpty else { return false }
        return bytes.withUnsafeBufferPointer { contains(utf8: $0) }
    }

    /// True when the UTF-8 `bytes` hold a whole form of a secret.
    func contains(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !forms.isEmpty && !found(in: bytes, partial: false).isEmpty
    }

    /// The byte ranges to replace, merged and in order.
    func found(in text: UnsafeBufferPointer<UInt8>, partial: Bool) -> [Range<Int>] {
        guard text.baseAddress != nil, !text.isEmpty else { return [] }
        var ranges = whole(in: text)
        if partial { ranges += pieces(in: text) }
        // Percent-encoding comes in many styles (which bytes are kept, hex
        // case): look again in the text with its escapes decoded, and map
        // what is found back to the escaped bytes.
        if memchr(text.baseAddress!, 0x25, text.count) != nil {
            let (decoded, starts) = Self.percentDecoded(text)
            let again = decoded.withUnsafeBufferPointer { whole(in: $0) }
            ranges += again.map { starts[$0.lowerBound]..<starts[$0.upperBound] }
        }
        return merged(ranges)
    }

    /// `text` with `%XX` escapes decoded, and where each decoded byte
    /// starts in `text` (one more entry: `text.count`).
    static func percentDecoded(_ text: UnsafeBufferPointer<UInt8>) -> ([UInt8], [Int]) {
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: b - 0x30
            case 0x41...0x46: b - 0x41 + 10
            case 0x61...0x66: b - 0x61 + 10
            default: nil
            }
        }
        var decoded: [UInt8] = []
        var starts: [Int] = []
        decoded.reserveCapacity(text.count)
        starts.reserveCapacity(text.count + 1)
        var i = 0
        while i < text.count {
            starts.append(i)
            if text[i] == 0x25, i + 2 < text.count, let high = hex(text[i + 1]), let low = hex(text[i + 2]) {
                decoded.append(high << 4 | low)
                i += 3
            } else {
                decoded.append(text[i])
                i += 1
            }
        }
        starts.append(text.count)
        return (decoded, starts)
    }

    /// Where whole forms occur in `text`.
    func whole(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for form in forms where form.bytes.count <= text.count {
            form.bytes.withUnsafeBufferPointer { needle in
                var start = 0
                while let offset = Self.firstIndex(of: needle, in: text, from: start) {
                    ranges.append(offset..<(offset + needle.count))
                    start = offset + 1
                }
            }
        }
        return ranges
    }

    /// Cut pieces at the ends of `text`, or all of it inside a form.
    func pieces(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard text.count >= SecretForms.minimumPieceLength else { return [] }
        var out: [Range<Int>] = []
        // Leading and trailing spaces are no part of a cut piece.
        var first = 0, last = text.count
        while first < last, text[first] == 0x20 { first += 1 }
        while last > first, text[last - 1] == 0x20 { last -= 1 }
        let length = last - first
        guard length >= SecretForms.minimumPieceLength, let base = text.baseAddress else { return [] }
        for entry in forms where entry.bytes.count > entry.leastPiece && length >= entry.leastPiece {
            let form = entry.bytes, least = entry.leastPiece
            let longestTail = min(form.count - 1, length)
            if longestTail >= least {
                form.withUnsafeBufferPointer { form in
                    let f = form.baseAddress!
                    // Ends with the start of the form: the longest such end,
                    // the leftmost place that holds the form's first byte and
                    // from there to the end its start (memchr finds the places).
                    var at = last - longestTail
                    let lastAt = last - least
                    while at <= lastAt, let hit = memchr(base + at, Int32(f.pointee), lastAt - at + 1) {
                        let place = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                        if memcmp(base + place, f, last - place) == 0 {
                            out.append(place..<last)
                            break
                        }
                        at = place + 1
                    }
                    // Starts with the end of the form: the longest such end of
                    // the form, the leftmost place in it that holds the text's
                    // first byte and from there the text's start.
                    var from = form.count - longestTail
                    let lastFrom = form.count - least
                    while from <= lastFrom, let hit = memchr(f + from, Int32(base[first]), lastFrom - from + 1) {
                        let place = f.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                        if memcmp(base + first, f + place, form.count - place) == 0 {
                            out.append(first..<(first + form.count - place))
                            break
                        }
                        from = place + 1
                    }
                }
            }
            // Lies wholly inside the form.
            if length < form.count {
                let piece = UnsafeBufferPointer(rebasing: text[first..<last])
                let inside = form.withUnsafeBufferPointer { f in Self.firstIndex(of: piece, in: f, from: 0) != nil }
                if inside { out.append(first..<last) }
            }
        }
        return out
    }

    /// Where `needle` first occurs in `haystack` at or after `start`
    /// (memchr finds candidates for its first byte, memcmp checks them).
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                           from start: Int) -> Int? {
        guard let h = haystack.baseAddress, let n = needle.baseAddress, !needle.isEmpty else { return nil }
        var at = start
        let lastStart = haystack.count - needle.count
        while at <= lastStart {
            guard let hit = memchr(h + at, Int32(n.pointee), lastStart - at + 1) else { return nil }
            let offset = h.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(h + offset, n, needle.count) == 0 { return offset }
            at = offset + 1
        }
        return nil
    }

    func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        guard ranges.count > 1 else { return ranges }
        var out: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// `bytes` with `ranges` (merged, in order) replaced by the mark. A
    /// range that starts or ends inside a UTF-8 sequence is widened to the
    /// whole character, so no half character is left behind.
    func replaced(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        for r in ranges {
            var lower = max(r.lowerBound, at)
            while lower > at, bytes[lower] & 0xC0 == 0x80 { lower -= 1 }
            var upper = r.upperBound
            while upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper += 1 }
            out += bytes[at..<lower]
            if out.suffix(3) != Array(Self.mark.utf8)[...] { out += Self.mark.utf8 }
            at = max(upper, lower)
        }
        out += bytes[at...]
        return out
    }
}
