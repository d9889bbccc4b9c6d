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

    /// The rows of `candidates` one of whose searched texts (title,
    /// subtitle, the text fields in the order shown) holds `needle` as
    /// lowering it finds it: worked out from the rows themselves, not
    /// their bytes.
    static func lowered(_ needle: String, in rows: [RowModel], among candidates: [Int]) -> [Int] {
        let needle = needle.lowercased()
        return candidates.filter { i in
            let row = rows[i]
            let shown = row.fields.names.filter { row.fields.names == row.fieldOrder || row.fieldOrder.contains($0) }
            let texts = [row.title, row.subtitle] + shown.compactMap { name -> String? in
                if case .text(let text)? = row.fields[name] { return text }
                return nil
            }
            return texts.contains { $0.lowercased().contains(needle) }
        }
    }

    /// The scan reads sixteen bytes at once where it may, a word near a
    /// page's end: long texts put needles across every place of both,
    /// and the answer is what lowering each row's texts finds.
    @Test func everyCandidateSetFindsWhatTheRowsTextsHold() {
        var g = Seeded(state: 31_337)
        for round in 0..<12 {
            let rows = Self.rows(240, &g).map { row in
                var row = row
                // Longer texts on some rows: a match anywhere in several sixteen-byte steps.
                if g.next() % 2 == 0 { row.title += Self.text(&g, most: 40) }
                if g.next() % 3 == 0 { row.subtitle = Self.text(&g, most: 30) + row.subtitle }
                return row
            }
            let table = RowTable(rows)
            let all = Array(table.indices)
            let dense = all.filter { _ in g.next() % 4 != 0 }
            let sparse = all.filter { _ in g.next() % 7 == 0 }
            for needle in Self.needles {
                for candidates in [all, dense, sparse] {
                    #expect(SearchState.matches(needle, in: table, among: candidates)
                        == Self.lowered(needle, in: rows, among: candidates), "round \(round): \(needle)")
                }
            }
        }
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
