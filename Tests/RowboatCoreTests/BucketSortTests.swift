import Testing
@testable import RowboatCore

/// The sort of many keys deals them into buckets by their values' bits
/// and sorts each bucket apart (dealing a large one again by the bits
/// below): whatever the values' shape, the order is the order of one
/// comparison sort by the same rule.
@Suite("A sort's keys dealt into buckets by their bits")
struct BucketSortTests {
    typealias Entry = SortKeys.Entry

    /// `entries` sorted by `bucketSort`, as rows: given in another order
    /// than the rows' (as `fill` makes them: page by page).
    static func bucketOrder(_ entries: [Entry], descending: Bool) -> [Int32] {
        var spans = SortKeys.KeySpans()
        for e in entries { spans.add(e.cls, e.value) }
        if descending { spans = spans.reversed }
        var g = PageByPageTests.Seeded(state: 3)
        var entries = entries
        entries.shuffle(using: &g)
        var order = [Int32](repeating: -1, count: entries.count)
        let before = rule(descending)
        entries.withUnsafeMutableBufferPointer { entries in
            order.withUnsafeMutableBufferPointer { order in
                SortKeys.bucketSort(entries, spans: spans, descending: descending, into: order, by: before)
            }
        }
        return order
    }

    /// The rule `SortKeys.order` sorts by, without text after 8 bytes.
    static func rule(_ descending: Bool) -> (Entry, Entry) -> Bool {
        { a, b in
            if a.cls != b.cls { return a.cls < b.cls }
            if a.value != b.value { return descending ? a.value > b.value : a.value < b.value }
            return a.row < b.row
        }
    }

    static func entries(_ count: Int, _ make: (inout PageByPageTests.Seeded, Int) -> (UInt64, UInt8)) -> [Entry] {
        var g = PageByPageTests.Seeded(state: UInt64(count))
        return (0..<count).map { row in
            let (value, cls) = make(&g, row)
            return Entry(value: value, row: Int32(row), cls: cls)
        }
    }

    @Test func everyShapeOfValuesSortsAsOneComparisonSortDoes() {
        let count = 150_000
        let shapes: [(String, (inout PageByPageTests.Seeded, Int) -> (UInt64, UInt8))] = [
            ("all alike", { _, _ in (42, 0) }),
            ("two values", { g, _ in (g.next() % 2, 0) }),
            ("nine in ten alike", { g, _ in (g.next() % 10 == 0 ? g.next() : 7, 0) }),
            ("money over many powers of two", { g, _ in (SortKeys.ordered(Double(g.next() % 100_000) / 100), 0) }),
            ("any 64 bits", { g, _ in (g.next(), 0) }),
            ("text sharing its first bytes", { g, _ in (0x4C61_6E74_0000_0000 | g.next() % 40, 1) }),
            ("text in few values", { g, _ in (g.next() % 3_000, 1) }),
            ("text mostly of one beginning", { g, _ in (g.next() % 10 == 0 ? g.next() : 0x6874_7470_733A_2F2F, 1) }),
            ("every class mixed", { g, _ in
                let cls = UInt8(g.next() % 3)
                let number = SortKeys.ordered(Double(g.next() % 5_000) - 2_500)
                return (cls == 2 ? 0 : cls == 1 ? g.next() % 1_000 : number, cls)
            }),
            ("a few rows after many alike", { _, row in (row < 140_000 ? 1 : UInt64(150_000 - row), 0) }),
        ]
        for (name, make) in shapes {
            let entries = Self.entries(count, make)
            for descending in [false, true] {
                let expected = entries.sorted(by: Self.rule(descending)).map(\.row)
                // Compared apart: a failure names the first place that differs, not 150,000 rows.
                let order = Self.bucketOrder(entries, descending: descending)
                let first = expected.indices.first { $0 >= order.count || order[$0] != expected[$0] }
                #expect(order.count == expected.count && first == nil,
                        "\(name), descending \(descending): first at \(first ?? -1)")
            }
        }
    }

    /// A range of entries alike in their top bits is dealt by the bits
    /// below, again and again, then by their rows, down to runs sorted one
    /// by one.
    @Test func aLargeRangeIsDealtByItsLowerBitsInTurn() {
        var g = PageByPageTests.Seeded(state: 9)
        var entries = Self.entries(20_000) { g, _ in (g.next() % 50, 0) }
        entries.shuffle(using: &g)
        var from = entries, to = entries
        var order = [Int32](repeating: -1, count: entries.count)
        let before = Self.rule(false)
        from.withUnsafeMutableBufferPointer { from in
            to.withUnsafeMutableBufferPointer { to in
                order.withUnsafeMutableBufferPointer { order in
                    SortKeys.radixSort(from, to, 0..<from.count, bits: 64 + SortKeys.rowBits, descending: false,
                                       into: order, by: before)
                }
            }
        }
        let expected = entries.sorted(by: before).map(\.row)
        #expect(expected.indices.first { order[$0] != expected[$0] } == nil)
    }
}
