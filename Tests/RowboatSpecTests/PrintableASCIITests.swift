import Testing
import RowboatSpec

@Suite("Printable ASCII fast paths")
struct PrintableASCIITests {
    @Test func onlyBytesFromSpaceToTildeCount() {
        #expect("Brass Lantern 84.48 ~!".isPrintableASCII)
        #expect("".isPrintableASCII)
        #expect(!"tab\there".isPrintableASCII)
        #expect(!"del\u{7F}".isPrintableASCII)
        #expect(!"esc\u{1B}[31m".isPrintableASCII)
        #expect(!"café".isPrintableASCII)
        #expect(!"\r\n".isPrintableASCII)
    }

    /// The fast paths give what the character-by-character paths give.
    @Test(arguments: ["", "a", "Brass Lantern", "exactly ten", String(repeating: "x", count: 5000)])
    func sameAnswersAsTheGeneralPath(text: String) {
        let slowWidth = text.reduce(0) { $0 + DisplayWidth.of($1) }
        #expect(DisplayWidth.of(text) == slowWidth)
        for width in [1, 2, 5, 10, 11, 40] {
            let fitted = TextFit.truncate(text, to: width)
            #expect(DisplayWidth.of(fitted) <= width)
            if slowWidth <= width {
                #expect(fitted == text)
            } else {
                #expect(fitted == String(text.prefix(width - 1)) + "…")
            }
        }
        #expect(Sanitizer.clean(text) == (text.count > Sanitizer.defaultLimit ? String(text.prefix(Sanitizer.defaultLimit)) : text))
    }
}
