import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// A search reads a row and the bytes up to the next candidate as one
/// stretch, and places each likely match in the row's parts: it finds
/// what looking at the row alone, part by part, finds, whatever the rows
/// around it hold and whichever rows are candidates.
@Suite("Search: a row's bytes read as one stretch")
struct SearchSpanTests {
    typealias Seeded = PageByPageTests.Seeded

    static let pieces = ["l", "L", "la", "al", " ", "9", "é", "\u{212A}", "\u{0130}", "x", "日", "lantern", "ll", "a"]
    static let needles = ["l", "la", "lal", "al", "9", "k", "i", "é", "x l", "ll", "an", "lantern 9", "l a"]

    static func text(_ g: inout Seeded, most: Int = 12) -> String {
        (0..<Int(g.next() % UInt64(most))).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined()
    }

    /// Rows whose every part (searched or not: ids, links, dates' bytes,
    /// fields left out of the order) may hold a needle's bytes.
    static func rows(_ count: Int, _ g: inout Seeded) -> [RowModel] {
        (0..<count).map { i in
            var fields: RowFields = ["a": .text(text(&g)), "b": .text(text(&g)),
                                     "d": .relativeDate(Double(bitPattern: g.next())), "z": .text(text(&g))]
            if g.next() % 3 == 0 { fields["w"] = .relativeDate(Double(bitPattern: g.next()), withinDays: 7) }
            let order = ["a", "b", "d", "w", "title", "z"].filter { _ in g.next() % 3 != 0 }
            // A title ending in "l" before a subtitle of 32 bytes (its length a space) starting "a": "l a"
            // is in the bytes, across the two.
            let across = g.next() % 5 == 0
            return RowModel(id: "\(i)" + text(&g, most: 4), title: text(&g) + (across ? "l" : ""),
                            subtitle: across ? "a" + String(repeating: "x", count: 31) : text(&g, most: 6),
                            imageURL: g.next() % 2 == 0 ? text(&g) : nil, linkURL: g.next() % 2 == 0 ? text(&g) : nil,
                            fields: fields, fieldOrder: order)
        }
    }

    /// What the search finds looking at each candidate alone.
    static func alone(_ needle: String, in table: RowTable, among candidates: [Int]) -> [Int] {
        candidates.filter { SearchState.matches(needle, in: table, among: [$0]) == [$0] }
    }

    @Test func everyCandidateSetFindsWhatEachRowAloneFinds() {
        var g = Seeded(state: 4_812)
        for _ in 0..<15 {
            let table = RowTable(Self.rows(300, &g))
            let all = Array(table.indices)
            let dense = all.filter { _ in g.next() % 4 != 0 }
            let sparse = all.filter { _ in g.next() % 9 == 0 }
            for needle in Self.needles {
                for candidates in [all, dense, sparse, Array(dense.reversed())] {
                    #expect(SearchState.matches(needle, in: table, among: candidates)
                        == Self.alone(needle, in: table, among: candidates), "\(needle)")
                }
                #expect(SearchState.matches(needle, in: table) == Self.alone(needle, in: table, among: all))
            }
        }
    }

    /// Past 65,536 candidates a sorted table's rows are searched in the
    /// order they lie in the pages, split over the processors.
    @Test func aSortedTableOfManyRowsFindsWhatEachRowAloneFinds() {
        var g = Seeded(state: 99)
        var table = RowTable(Self.rows(70_000, &g))
        var order = (0..<Int32(table.count)).map { $0 }
        order.shuffle(using: &g)
        table.reorder(order)
        let all = Array(table.indices)
        for needle in ["l", "é"] {
            let found = SearchState.matches(needle, in: table)
            let expected = Self.alone(needle, in: table, among: all)
            #expect(found.count == expected.count, "\(needle)")
            #expect(found.indices.first { found[$0] != expected[$0] } == nil, "\(needle): the first row that differs")
        }
    }
}
