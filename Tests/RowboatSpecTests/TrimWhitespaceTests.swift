import Foundation
import Testing
import RowboatSpec

@Suite("Trimming spaces")
struct TrimWhitespaceTests {
    @Test(arguments: ["", " ", "\t", "null", "  null\t", "\u{00A0}NULL\u{3000}", "a b", " \n x \n ", "\u{2003}é\u{2003}"])
    func sameAsFoundationsWhitespaceSet(text: String) {
        #expect(String(text.trimmingWhitespace()) == text.trimmingCharacters(in: .whitespaces))
    }
}
