import Testing
@testable import RowboatSpec
import RowboatCells

/// Layout that breaks text into characters only where it must
/// (`ClusterRuns`) measures and places text exactly as breaking all of it
/// would: checked on random strings of the scalars that make trouble.
@Suite struct ClusterRunsTests {
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

    /// Reproducible strings of 0–12 scalars.
    static func strings(count: Int) -> [String] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        return (0..<count).map { _ in
            var s = String.UnicodeScalarView()
            for _ in 0..<(next() % 13) { s.append(alphabet[next() % alphabet.count]) }
            return String(s)
        }
    }

    @Test func runsAreWholeCharacters() {
        for text in Self.strings(count: 20_000) {
            var characters: [String] = []
            for piece in ClusterRuns(text) {
                switch piece {
                case .scalar(let scalar): characters.append(String(scalar))
                case .run(let run): characters += run.map(String.init)
                }
            }
            #expect(characters == text.map(String.init), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func widthsAgreeWithCharacterByCharacter() {
        for text in Self.strings(count: 20_000) {
            #expect(DisplayWidth.of(text) == DisplayWidth.ofClusters(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// `put` against placing the sanitized text character by character.
    @Test func putPlacesWhatCharacterByCharacterPlaces() {
        for (n, text) in Self.strings(count: 5_000).enumerated() {
            let limit = 1 + n % 9
            var grid = CellGrid(width: 12, height: 1)
            let used = grid.put(text, x: 1, y: 0, maxWidth: limit, style: .plain)
            var expected = CellGrid(width: 12, height: 1).cells
            var col = 0
            for c in Sanitizer.clean(text) {
                let w = DisplayWidth.of(c)
                if w == 0 { continue }
                if col + w > limit {
                    if w == 2, col < limit { expected[1 + col] = Cell(text: " ", style: .plain); col += 1 }
                    break
                }
                expected[1 + col] = Cell(text: String(c), style: .plain, width: UInt8(w))
                if w == 2 { expected[2 + col] = Cell(text: "", style: .plain, width: 0) }
                col += w
            }
            #expect(used == col && grid.cells == expected, "\(text.unicodeScalars.map(\.value)) in \(limit)")
        }
    }
}
