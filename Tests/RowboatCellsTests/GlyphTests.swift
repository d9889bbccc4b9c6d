import Testing
import RowboatCells

/// What a cell holds inline: the cluster's bytes, whole scalars only.
@Suite struct GlyphTests {
    @Test func clustersUpToTheCapacityComeBackWhole() {
        for text in ["a", " ", "青", "é", "e\u{301}", "❤️", "🇯🇵", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "\u{10EEEE}\u{305}\u{30D}"] {
            #expect(text.utf8.count <= Glyph.capacity)
            #expect(Glyph(text).string == text)
            #expect(Glyph(text).count == text.utf8.count)
            #expect(Cell(text: text, style: .plain).text == text)
        }
    }

    @Test func aLongerClusterKeepsTheWholeScalarsThatFit() {
        // 1 + 40 × 2 bytes: the base and fifteen marks fit in 31 bytes.
        let zalgo = "a" + String(repeating: "\u{301}", count: 40)
        let glyph = Glyph(zalgo)
        #expect(glyph.string == "a" + String(repeating: "\u{301}", count: 15))
        // 4-byte scalars: seven fit (28 bytes), never half of the eighth.
        let flags = String(repeating: "\u{1F1EF}", count: 9)
        #expect(Glyph(flags).string == String(repeating: "\u{1F1EF}", count: 7))
        #expect(Glyph(flags).count == 28)
    }

    @Test func asciiAndEmpty() {
        #expect(Glyph(ascii: 0x41) == Glyph("A"))
        #expect(Glyph(ascii: 0x41).ascii == 0x41)
        #expect(Glyph("青").ascii == nil)
        #expect(Glyph().count == 0 && Glyph().string.isEmpty && Glyph() == Glyph(""))
        #expect(Glyph.space == Glyph(" ") && Cell.blank.text == " ")
    }

    @Test func cellsCompareByGlyphStyleAndWidth() {
        let bold = Style(attributes: .bold)
        #expect(Cell(text: "x", style: .plain) == Cell(glyph: Glyph(ascii: 0x78), style: .plain))
        #expect(Cell(text: "x", style: .plain) != Cell(text: "y", style: .plain))
        #expect(Cell(text: "x", style: .plain) != Cell(text: "x", style: bold))
        #expect(Cell(text: "青", style: .plain, width: 2) != Cell(text: "青", style: .plain, width: 1))
        var cell = Cell.blank
        cell.text = "z"
        #expect(cell.glyph == Glyph("z"))
    }
}
