import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("Search: case-insensitive matching, ASCII by bytes and the rest as lowercased() does")
struct SearchNeedleTests {
    @Test func asciiIgnoresCaseAnywhereInTheText() {
        let needle = SearchNeedle("LanTern 9")
        #expect(needle.found(in: "Copper lantern 9"))
        #expect(needle.found(in: "COPPER LANTERN 90"))
        #expect(!needle.found(in: "Copper lantern  9"))
        #expect(!needle.found(in: "lantern"))
        #expect(SearchNeedle("a").found(in: "A"))
        #expect(!SearchNeedle("[").found(in: "{"), "only A–Z are folded")
    }

    @Test func otherTextIsLoweredAsLowercasedLowersIt() {
        #expect(SearchNeedle("été").found(in: "Un ÉTÉ chaud"))
        #expect(SearchNeedle("straße").found(in: "STRASSE") == "STRASSE".lowercased().contains("straße"))
        // The Kelvin sign lowers to an ASCII "k": an ASCII needle finds it.
        #expect(SearchNeedle("k").found(in: "\u{212A}elvin"))
        #expect(SearchNeedle("青").found(in: "青花瓷"))
    }

    @Test func bytesFindWhatLoweredTextFinds() {
        // Searched in the bytes, lowered only when they cannot tell: the
        // answer must be lowercased().contains's on every one of these.
        let texts = ["café", "cafe\u{301}", "e\u{301}", "\u{212A}elvin", "İstanbul", "a\u{37E}b", "x\u{1FEF}y",
                     "€12.50", "Straße", "ÅNGSTRÖM", "naïve", "日本語 abc", "abc日本", "🇫🇷 flag", "ǅemal", "ﬁne",
                     "Ｆｕｌｌ", "K", "Copper LANTERN 9", "", "a",
                     "0123456789abcdeLANTERN 9xyz", "A long title with Straße and café at the end",
                     "Kelvin \u{212A} sign in a longer text here", "padding padding padding abc",
                     "padding padding padding e\u{301}", "x" + String(repeating: "y", count: 40) + "Lantern 9"]
        let needles = ["e", "caf", "cafe", "café", "k", "kelvin", "i", "istanbul", "stanbul", ";", "`", "12", "€",
                       "ss", "strasse", "abc", "a", "b", "flag", "fi", "fine", "full", "é", " ", "lantern 9",
                       "dž", "日本"]
        for text in texts {
            for needle in needles {
                #expect(SearchNeedle(needle).found(in: text) == text.lowercased().contains(needle.lowercased()),
                        "\(needle) in \(text)")
            }
        }
    }

    /// Texts of every length around the sixteen bytes looked at together,
    /// matches at every place (across a block's edge, next to other
    /// characters): the answer is `lowercased().contains`'s.
    @Test func randomTextsOfEveryLengthFindWhatLoweredTextFinds() {
        var g = PageByPageTests.Seeded(state: 16)
        let pieces = ["a", "A", "l", "L", "la", "LA", " ", "9", "é", "e\u{301}", "\u{212A}", "x", "ß", "日"]
        let needles = ["a", "l", "la", "al", "lal", "9", " l", "k", "e", "ss", "xa"]
        for _ in 0..<20_000 {
            let text = (0..<Int(g.next() % 40)).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined()
            let needle = needles[Int(g.next() % UInt64(needles.count))]
            #expect(SearchNeedle(needle).found(in: text) == text.lowercased().contains(needle), "\(needle) in \(text)")
        }
    }

    /// A text inside a page is read sixteen bytes at a time up to its last byte,
    /// with the page's bytes after it loaded too: what follows the text
    /// (the needle's own bytes, other characters) never changes the answer.
    @Test func theBytesAfterATextInItsPageAreNeverPartOfIt() {
        var g = PageByPageTests.Seeded(state: 17)
        let pieces = ["a", "L", "la", " ", "9", "é", "\u{212A}", "x", "日"]
        let after = ["", "a", "la", "lal", "\u{212A}", "é", "xxxxxxxxxxxxxxxx", "l", "99999999"]
        let needles = ["a", "l", "la", "al", "lal", "9", "k", "xa", "ll"]
        for _ in 0..<20_000 {
            let text = (0..<Int(g.next() % 24)).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined()
            let needle = needles[Int(g.next() % UInt64(needles.count))]
            let page = Array(text.utf8) + Array(after[Int(g.next() % UInt64(after.count))].utf8)
            let count = text.utf8.count
            let found = page.withUnsafeBufferPointer { page in
                SearchNeedle(needle).found(utf8: UnsafeBufferPointer(rebasing: page[0..<count]), readable: page.count)
            }
            #expect(found == text.lowercased().contains(needle), "\(needle) in \(text)")
        }
    }

    @Test func aFieldEqualToTheTitleIsOneLookAndOtherFieldsCount() {
        let row = RowModel(id: "1", title: "Brass", subtitle: "Maker 7",
                           fields: ["title": .text("Brass"), "price": .text("12.50"), "seen": .relativeDate(0)],
                           fieldOrder: ["title", "price", "seen"])
        func finds(_ row: RowModel, _ text: String) -> Bool { SearchState.matches(text, in: [row]) == [0] }
        #expect(finds(row, "12.5"))
        #expect(finds(row, "maker"))
        #expect(!finds(row, "1970"), "relative dates are not searched")
        var unordered = row
        unordered.fieldOrder = ["title"]
        #expect(!finds(unordered, "12.5"), "only fields in fieldOrder are searched")
    }

    @Test func narrowingLooksOnlyAtThePreviousMatches() {
        let rows = RowTable((1...30).map { RowModel(id: String($0), title: "Item \($0)") })
        let all = SearchState.matches("1", in: rows)
        #expect(SearchState.matches("12", in: rows, among: all) == SearchState.matches("12", in: rows))
        #expect(SearchState.matches("2", in: rows, among: [0, 1]) == [1], "only the rows it was given")
    }
}

extension SearchNeedle {
    /// The needle in `text`, as a row's text is searched.
    func found(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { found(utf8: $0) }
    }
}
