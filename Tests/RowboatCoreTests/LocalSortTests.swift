import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// The local sort: the loaded rows in the order of one field, by its type
/// (numbers as numbers, money as the locale wrote it, dates as moments,
/// text in a collation), ties in the order they had, mixed values in a
/// stated order; the selection stays on its item, the rows stay bytes
/// (only their places move), later rows are merged into the order, and
/// the server's order comes back.
@Suite("Local sort")
struct LocalSortTests {
    typealias F = Fixtures

    func row(_ id: Int, _ value: CellText?) -> RowModel {
        var fields: RowFields = ["title": .text("Item \(id)")]
        if let value { fields["v"] = value }
        return RowModel(id: String(id), title: "Item \(id)", fields: fields, fieldOrder: ["title", "v"])
    }

    func sorted(_ values: [CellText?], _ kind: SortKind, descending: Bool = false,
                collation: TextCollation = .codePoint) -> [String] {
        var table = RowTable(values.enumerated().map { row($0.offset + 1, $0.element) })
        table.reorder(LocalSort(field: "v", title: "V", descending: descending, kind: kind, collation: collation)
            .order(of: table))
        return table.map { $0.fields["v"].map { $0.display(now: 0) } ?? "∅" }
    }

    @Test func numbersCompareAsNumbersThenTextThenEmpty() {
        let values: [CellText?] = [.text("10"), .text("9.5"), .text("n/a"), .text(""), .text("100"), nil, .text("-3"),
                                   .text("1e3"), .text("abc")]
        #expect(sorted(values, .number) == ["-3", "9.5", "10", "100", "1e3", "abc", "n/a", "", "∅"])
        // Descending turns numbers and text around; empty stays last.
        #expect(sorted(values, .number, descending: true) == ["1e3", "100", "10", "9.5", "-3", "n/a", "abc", "", "∅"])
    }

    @Test func moneyAsTheLocaleWroteIt() {
        let values: [CellText?] = [.text("€1,234.50"), .text("€99.00"), .text("-€5.00"), .text("€12,345.00"), .text("€0.99")]
        #expect(sorted(values, .money) == ["-€5.00", "€0.99", "€99.00", "€1,234.50", "€12,345.00"])
        let german: [CellText?] = [.text("1.234,50 €"), .text("99,00 €"), .text("12.345,00 €"), .text("0,99 €")]
        #expect(sorted(german, .money) == ["0,99 €", "99,00 €", "1.234,50 €", "12.345,00 €"])
        func value(_ text: String) -> Double? {
            var text = text
            return text.withUTF8 { SortValue.parse($0, kind: .money) }
        }
        #expect(value("¥1,235") == 1235 && value("CHF 1’234.50") == 1234.5 && value("1 234,50 €") == 1234.5)
        #expect(value("$3") == 3 && value("−7.25 €") == -7.25 && value("free") == nil && value("12 and 34") == nil)
    }

    @Test func datesAsMomentsCalendarDatesAmongThem() {
        let values: [CellText?] = [.relativeDate(1_700_000_000), .text("2020-01-31"), .relativeDate(1_600_000_000),
                                   .text("?"), .text("1999-12-31")]
        var table = RowTable(values.enumerated().map { row($0.offset + 1, $0.element) })
        table.reorder(LocalSort(field: "v", title: "V", kind: .date).order(of: table))
        #expect(table.map(\.id) == ["5", "2", "3", "1", "4"])
        #expect(SortValue.daysFromCivil(1970, 1, 1) == 0 && SortValue.daysFromCivil(2000, 3, 1) == 11_017)
    }

    @Test func booleansFalseFirst() {
        #expect(sorted([.text("true"), .text("false"), .text(""), .text("true")], .bool) == ["false", "true", "true", ""])
    }

    @Test func textInTheCollationGiven() {
        let values: [CellText?] = [.text("banana"), .text("Apple"), .text("cherry"), .text("apple"), .text("Éclair")]
        // Code point order (the C locale): capitals first, É after z.
        #expect(sorted(values, .text) == ["Apple", "apple", "banana", "cherry", "Éclair"])
        // A collation that folds case: ties keep the order they had.
        let folded = TextCollation(name: "test-fold") { utf8, key in
            key.append(contentsOf: String(decoding: utf8, as: UTF8.self).lowercased().utf8)
        }
        #expect(sorted(values, .text, collation: folded) == ["Apple", "apple", "banana", "cherry", "Éclair"])
        #expect(sorted(values.reversed(), .text, collation: folded) == ["apple", "Apple", "banana", "cherry", "Éclair"])
        // Long texts equal in their first eight bytes.
        #expect(sorted([.text("same prefix b"), .text("same prefix a"), .text("same prefix")], .text)
                == ["same prefix", "same prefix a", "same prefix b"])
    }

    @Test func tiesKeepTheirOrderBothWays() {
        let values: [CellText?] = (1...12).map { .text(String($0 % 3)) }
        var table = RowTable(values.enumerated().map { row($0.offset + 1, $0.element) })
        table.reorder(LocalSort(field: "v", title: "V", kind: .number).order(of: table))
        #expect(table.map(\.id) == ["3", "6", "9", "12", "1", "4", "7", "10", "2", "5", "8", "11"])
        table.reorder(LocalSort(field: "v", title: "V", descending: true, kind: .number).order(of: table))
        #expect(table.map(\.id) == ["2", "5", "8", "11", "1", "4", "7", "10", "3", "6", "9", "12"])
    }

    @Test func autoReadsEachValue() {
        #expect(sorted([.text("10"), .text("9"), .text("b"), .text("A"), .text("")], .auto) == ["9", "10", "A", "b", ""])
    }

    // MARK: the list

    /// 30 rows whose "v" counts down, so a sort by it reverses them.
    func list() -> ListState {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        let rows = (1...30).map { row($0, .text(String(100 - $0))) }
        F.send(&state, .appeared, .pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 5, fetchedAt: F.fetchedAt)))
        return state
    }

    let byV = LocalSort(field: "v", title: "V", kind: .number)

    /// A sort shows its first rows (the selection goes to the top: where
    /// the order starts is what a sort is asked for to see); off, the
    /// server's order keeps the selected item.
    @Test func sortingShowsItsFirstRowsAndKeepsTheRowsAsBytes() {
        var state = list()
        F.send(&state, .move(.to(15)))
        #expect(state.selection - state.scrollOffset == 9)
        let pages = state.rows.pages.map(ObjectIdentifier.init)
        let before = state
        #expect(F.send(&state, .sort(byV)) == [])
        var expected = before
        expected.sort = byV
        expected.rows = RowTable((1...30).reversed().map { row($0, .text(String(100 - $0))) })
        expected.selection = 0
        expected.scrollOffset = 0
        #expect(state == expected)
        #expect(state.selectedRow?.id == "30")
        // Only the rows' places moved: the same pages, the id index right.
        #expect(state.rows.pages.map(ObjectIdentifier.init) == pages)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // Off: the server's order again, still on the item selected.
        F.send(&state, .move(.to(14)))
        F.send(&state, .sort(nil))
        #expect(state.rows == before.rows && state.selectedRow?.id == "16" && state.sort == nil)
        #expect(state.rows.isInNaturalOrder)
    }

    /// Under a local sort, G (the end) asks for one page: the new rows
    /// go into the order, the selected last row stays last, and no page
    /// follows by itself until a key asks (it went on to three screens).
    @Test func theEndAsksForOnePageAtATimeUnderALocalSort() {
        var state = list()
        state.viewportItems = 30
        F.send(&state, .sort(byV))
        #expect(F.send(&state, .move(.end)) == [.fetchPage(requestID: 2, cursor: .page(2))])
        let page2 = (31...60).map { row($0, .text(String(100 - $0))) }
        #expect(F.send(&state, .pageLoaded(requestID: 2, PageLoad(rows: page2, totalPages: 5, fetchedAt: F.fetchedAt))) == [])
        #expect(state.rows.count == 60 && state.inFlight == nil && state.selectedRow?.id == "1")
        // Another key, another page.
        #expect(F.send(&state, .move(.end)) == [.fetchPage(requestID: 3, cursor: .page(3))])
    }

    @Test func aLaterPageIsMergedIntoTheOrder() {
        var state = list()
        F.send(&state, .sort(byV), .move(.home))
        #expect(state.selectedRow?.id == "30")
        let more = (31...60).map { row($0, .text(String(100 - $0))) }
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: more, totalPages: 5, fetchedAt: F.fetchedAt)))
        #expect(state.rows.map(\.id) == (1...60).reversed().map(String.init))
        #expect(state.selectedRow?.id == "30")
        // A few rows merged one by one (not sorted again) land where they belong, after equal ones.
        let few = [row(61, .text("75")), row(62, .text("0"))]
        F.send(&state, .loadMore, .pageLoaded(requestID: 3, PageLoad(rows: few, totalPages: 5, fetchedAt: F.fetchedAt)))
        let ids = state.rows.map(\.id)
        #expect(ids.first == "62" && ids.firstIndex(of: "61") == ids.firstIndex(of: "25")! + 1)
        // Sort off: the order they came in.
        F.send(&state, .sort(nil))
        #expect(state.rows.map(\.id) == (1...62).map(String.init))
    }

    @Test func aLiveTicksNewRowsGoWhereTheSortPutsThemAndComeFirstWhenItIsOff() {
        var state = list()
        state.live = LiveRefresh(every: 30)
        F.send(&state, .sort(byV))
        let fresh = [row(101, .text("50")), row(1, .text("-1"))] + (2...28).map { row($0, .text(String(100 - $0))) }
        F.send(&state, .liveTick, .pageLoaded(requestID: 2, PageLoad(rows: fresh, totalPages: 5, fetchedAt: F.fetchedAt)))
        let ids = state.rows.map(\.id)
        // Item 1 changed to -1: first now; 101 (50) next, before item 30 (70).
        #expect(Array(ids.prefix(3)) == ["1", "101", "30"] && state.rows.count == 31)
        #expect(state.live?.newIDs == ["101"])
        F.send(&state, .sort(nil))
        #expect(state.rows.map(\.id) == ["101"] + (1...30).map(String.init))
    }

    @Test func marksOfTheFirstRowsFollowTheirRows() {
        var state = list()
        state.marks.markAll(state.rows)
        state.marks.toggle(0, in: state.rows)
        F.send(&state, .sort(byV))
        #expect(state.marks.count == 29 && !state.marks.contains(29, in: state.rows))
        #expect(state.rows.id(at: 29) == "1")
    }

    @Test func manyRowsAreSortedAndTheIndexFollows() {
        var table = RowTable((0..<100_000).map { row($0, .text(String(($0 * 7_919) % 100_003))) })
        let sort = LocalSort(field: "v", title: "V", kind: .number)
        table.reorder(sort.order(of: table))
        let values = table.map { Int($0.fields["v"]!.display(now: 0))! }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        for id in ["0", "1", "99999", "12345"] { #expect(table.index(ofID: id).map { table.id(at: $0) } == id) }
    }

    /// Many rows of text alike in their first bytes (a column of links,
    /// titles of a few words and a number, the same text again, text that
    /// begins another, long runs of one byte) sort as one comparison of
    /// their bytes does, ties in the rows' order, both ways, and again
    /// once sorted (the rows then in the order sought or its reverse): the
    /// sort deals them by 8 bytes at a time, deeper where they are alike,
    /// and takes a run already in order (or turned around) as it is.
    @Test func textAlikeInItsFirstBytesSortsByTheBytesAfter() {
        var g = PageByPageTests.Seeded(state: 5)
        var values: [String] = (0..<150_000).map { i in
            switch i % 10 {
            case 0..<6: "https://example.com/items/\(g.next() % 40_000)"
            case 6: "Brass Lantern \(g.next() % 100_000)"
            case 7: g.next() % 2 == 0 ? "Brass Lanterns" : "Brass Lantern"
            case 8: "Brass Lantern 1" + String(repeating: "0", count: Int(g.next() % 30))
            default: "Brass Lanté \(g.next() % 1_000)"
            }
        }
        var table = RowTable(values.enumerated().map { row($0.offset, .text($0.element)) })
        for round in 0..<3 {
            for descending in [false, true] {
                let order = LocalSort(field: "v", title: "V", descending: descending, kind: .text).order(of: table)
                let expected = Self.byteOrder(values, descending: descending)
                let first = expected.indices.first { Int(order[$0]) != expected[$0] }
                #expect(order.count == values.count && first == nil,
                        "round \(round), descending \(descending): first at \(first ?? -1)")
            }
            // The rows sorted (one way, then the other): the next round sorts rows already in order.
            let order = LocalSort(field: "v", title: "V", descending: round == 1, kind: .text).order(of: table)
            table.reorder(order)
            values = order.map { values[Int($0)] }
        }
    }

    /// The rows of `values` (row `i` has `values[i]`) in the order of
    /// their bytes, ties in the rows' order.
    static func byteOrder(_ values: [String], descending: Bool) -> [Int] {
        let bytes = values.map { Array($0.utf8) }
        return values.indices.sorted { a, b in
            let (x, y) = (bytes[a], bytes[b])
            if x == y { return a < b }
            return descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
        }
    }
}
