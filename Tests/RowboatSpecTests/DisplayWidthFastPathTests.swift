import Testing
@testable import RowboatSpec

/// The measures that skip grapheme breaking (Latin text, truncation that
/// reports its width) say what measuring character by character says:
/// checked on random strings of the scalars that make trouble.
@Suite struct DisplayWidthFastPathTests {
    /// Latin, controls, CR LF, combining marks, joiners, variation
    /// selectors, emoji and their modifiers, flags, CJK, Hangul jamo,
    /// prepended marks, the soft hyphen, bidi and zero-width characters.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "8", " ", ".", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\r", "\n", "\t",
        "é", "ß", "\u{A0}", "\u{AD}", "·", "€", "✓", "…", "\u{2FF}",
        "\u{300}", "\u{301}", "\u{36F}", "\u{200D}", "\u{200B}", "\u{202E}", "\u{2066}", "\u{FE0F}", "\u{FE0E}",
        "\u{1F468}", "\u{1F469}", "\u{1F3FB}", "\u{1F1EF}", "\u{1F1F5}", "\u{2764}", "\u{1F680}",
        "青", "花", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}",
        "\u{600}", "\u{6DD}", "\u{110BD}", "\u{E0067}", "\u{E007F}", "\u{FEFF}",
    ]

    /// Reproducible strings of 0–12 scalars, most of them Latin only.
    static func strings(count: Int) -> [String] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        let latin = alphabet.prefix { $0.value < 0x300 }
        return (0..<count).map { n in
            let from = n % 2 == 0 ? Array(latin) : alphabet
            var s = String.UnicodeScalarView()
            for _ in 0..<(next() % 13) { s.append(from[next() % from.count]) }
            return String(s)
        }
    }

    @Test func widthsAgreeWithCharacterByCharacter() {
        for text in Self.strings(count: 20_000) {
            #expect(DisplayWidth.of(text) == DisplayWidth.ofClusters(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func truncationReportsTheWidthOfWhatItKept() {
        for (n, text) in Self.strings(count: 20_000).enumerated() {
            let width = n % 9
            let (kept, used) = TextFit.truncated(text, to: width)
            #expect(used == DisplayWidth.of(kept) && used <= width, "\(text.unicodeScalars.map(\.value)) in \(width)")
            #expect(kept == TextFit.truncate(text, to: width))
        }
    }
}
