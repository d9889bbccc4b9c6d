import Testing
@testable import RowboatSpec

/// Text measured and fitted by display width: truncation, clusters,
/// wrapping, and a table's columns sharing the width.
@Suite struct TextFitTests {
    static let columns: [ColumnSpec] = [
        ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 12)),
        ColumnSpec(field: "subtitle", title: "Subtitle", width: .weight(2, min: 10)),
        ColumnSpec(field: "price", title: "Price", width: .fixed(9), alignment: .right),
        ColumnSpec(field: "created", title: "Date", width: .fixed(10)),
    ]

    @Test func truncationUsesEllipsisByDisplayWidth() {
        #expect(TextFit.truncate("Hello world", to: 8) == "Hello w…")
        #expect(TextFit.truncate("青花瓷茶杯", to: 6) == "青花…")
        #expect(TextFit.truncate("short", to: 8) == "short")
    }

    @Test func displayWidthsOfClusters() {
        #expect(DisplayWidth.of("a") == 1)
        #expect(DisplayWidth.of("青") == 2)
        #expect(DisplayWidth.of("🚀") == 2)
        #expect(DisplayWidth.of("❤️") == 2)           // VS16
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)          // ZWJ sequence
        #expect(DisplayWidth.of("🇯🇵") == 2)          // flag
        #expect(DisplayWidth.of("é") == 1)            // e + combining acute
        #expect(DisplayWidth.of("ｱ") == 1)            // halfwidth katakana
        #expect(DisplayWidth.of("Ａ") == 2)           // fullwidth A
    }

    @Test func wrapBreaksAtSpaces() {
        #expect(TextFit.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextFit.wrap("青花瓷茶杯", width: 4) == ["青花", "瓷茶", "杯"])
    }

    @Test func tableLayoutSharesSpaceAndDropsColumnsThatDoNotFit() {
        let layout = TableLayout(specs: Self.columns, width: 80)
        #expect(layout.columns.map(\.width) == [34, 24, 9, 10])
        #expect(layout.columns.map(\.x) == [0, 35, 60, 70])
        let narrow = TableLayout(specs: Self.columns, width: 30)
        #expect(narrow.columns.count == 2)
        #expect(narrow.columns.last!.x + narrow.columns.last!.width <= 30)
    }
}
