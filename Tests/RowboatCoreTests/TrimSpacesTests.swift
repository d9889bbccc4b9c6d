import Foundation
import Testing
import RowboatCore

@Suite("Trimming spaces")
struct TrimSpacesTests {
    @Test(arguments: ["", " ", "\t", "null", "  null\t", "\u{00A0}NULL\u{3000}", "a b", " \n x \n ", "\u{2003}é\u{2003}"])
    func sameAsFoundationsWhitespaceSet(text: String) {
        #expect(String(text.trimmingSpaces()) == text.trimmingCharacters(in: .whitespaces))
    }
}
