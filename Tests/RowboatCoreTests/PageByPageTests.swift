import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// Passes over many rows read them page by page (`StorageOrder`), not in
/// the order a sort put them in, and give the same answers: a sort's keys
/// made on every core, a filter's tests, the id index made again. Tables
/// here are past the sizes from which the work is split (65,536 rows) and
/// over several pages, their rows shuffled first so that their order is
/// not the pages'.
@Suite("Page by page: passes over a sorted table's rows")
struct PageByPageTests {
    /// SplitMix64: seeded, so a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let count = 70_000

    /// Rows whose `v` is a number, money, text (some past 8 bytes, some
    /// equal), empty or missing, in random order.
    static func shuffledTable() -> RowTable {
        var g = Seeded(state: 48)
        let texts = ["lantern", "Lantern", "ładny", "zebra crossing at dawn", "zebra crossing at dusk", "ä", "0x1F"]
        let rows = (0..<count).map { i -> RowModel in
            var fields: RowFields = ["title": .text("Item \(i)")]
            switch g.next() % 6 {
            case 0: fields["v"] = .text(String(Int(g.next() % 2_000) - 1_000))
            case 1: fields["v"] = .text("€\(g.next() % 5_000),\(g.next() % 10)\(g.next() % 10)")
            case 2: fields["v"] = .text(texts[Int(g.next() % UInt64(texts.count))])
            case 3: fields["v"] = .text("")
            case 4: fields["v"] = .text(String(Double(g.next() % 100_000) / 100))
            default: break
            }
            return RowModel(id: "id-\(i)", title: "Item \(i)", fields: fields, fieldOrder: ["title", "v"])
        }
        var table = RowTable(rows)
        var order = (0..<Int32(count)).map { $0 }
        order.shuffle(using: &g)
        table.reorder(order)
        return table
    }

    /// Every row once, page by page and by offset within a page (rows at
    /// one offset in the order given); alone and split over the
    /// processors (from 65,536 rows), runs in order already left as they
    /// are.
    @Test(arguments: [5_000, 100_000])
    func theRowsAreListedInTheOrderTheyLieEachOnce(count: Int) {
        var g = Seeded(state: 7)
        var places = (0..<count).map { _ in (g.next() % 40) << 32 | (g.next() % 1_000_000) }
        // Page 39's rows in order already; a few rows sharing a place.
        for k in stride(from: 0, to: count, by: 97) { places[k] = 39 << 32 | UInt64(k) }
        for k in stride(from: 5, to: count, by: 1_001) { places[k] = 7 << 32 | 12_345 }
        let order = places.withUnsafeBufferPointer { StorageOrder($0, pageCount: 40) }
        var seen = [Bool](repeating: false, count: places.count)
        var last: (place: UInt64, row: Int)?
        order.forEach { row, page, at in
            #expect(!seen[row])
            seen[row] = true
            let place = UInt64(page) << 32 | UInt64(at)
            #expect(place == places[row])
            if let last { #expect(last.place < place || (last.place == place && last.row < row)) }
            last = (place, row)
        }
        #expect(seen.allSatisfy { $0 })
        #expect(places.withUnsafeBufferPointer { StorageOrder.isInOrder($0) } == false)
        #expect(places.sorted().withUnsafeBufferPointer { StorageOrder.isInOrder($0) })
        for parts in [1, 2, 3, 8] {
            let runs = order.split(parts)
            #expect(runs.count == parts && runs.first?.lowerBound == 0 && runs.last?.upperBound == 40)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        }
    }

    /// A scan of candidates that a sort moved, taken in the order their
    /// rows lie, gives back the candidates it keeps in the candidates'
    /// order: from an array, and from a range of rows (which is never
    /// copied into one).
    @Test func aScanInTheOrderRowsLieGivesBackTheCandidatesInTheirOrder() {
        var g = Seeded(state: 11)
        let places = (0..<100_000).map { _ in (g.next() % 30) << 32 | (g.next() % 1_000_000) }
        let keeps = { (place: UInt64) in place % 3 != 0 }
        let given = GivenPlacesForTests(places: places)
        // The scan keeps the places it is given that `keeps`: positions, ascending.
        func scan(_ order: RowRefs) -> [Int] { order.indices.filter { keeps(order[$0]) } }
        let every = StorageOrder.scan(0..<places.count, pageCount: 30, place: { given.places[$0] }, scan)
        #expect(every == places.indices.filter { keeps(places[$0]) })
        let some = Array(stride(from: places.count - 1, through: 0, by: -3))
        let fromSome = StorageOrder.scan(some, pageCount: 30, place: { given.places[$0] }, scan)
        #expect(fromSome == some.filter { keeps(places[$0]) })
    }

    /// The keys made on every core, page by page, order the rows as keys
    /// made one by one in the rows' order do (ties in the order they had).
    @Test(arguments: [SortKind.auto, .text, .money, .number])
    func aSortOfManyShuffledRowsIsTheOrderOfTheirKeys(kind: SortKind) {
        let table = Self.shuffledTable()
        for descending in [false, true] {
            let sort = LocalSort(field: "v", title: "V", descending: descending, kind: kind)
            var oneByOne = SortKeys(kind: kind, collation: .codePoint, cells: FieldCells(table, field: "v", computed: nil))
            for row in table.indices { oneByOne.add(table, row) }
            let expected = table.indices.sorted { a, b in
                let c = oneByOne.compare(a, b, descending: descending)
                return c != 0 ? c < 0 : a < b
            }
            #expect(sort.order(of: table).map(Int.init) == expected, "\(kind) descending \(descending)")
        }
    }

    /// Sorted runs, however many (a machine with more cores sorts more
    /// parts), are merged into one order; an odd run is carried over.
    @Test func sortedRunsOfAnyNumberAreMergedIntoOne() {
        var g = Seeded(state: 5)
        for runCount in 1...7 {
            let values = (0..<1_000).map { _ in g.next() % 50 }
            var entries = values.enumerated().map { SortKeys.Entry(value: $0.element, row: Int32($0.offset), cls: 0) }
            let bounds = (0...runCount).map { values.count * $0 / runCount }
            let before = { (a: SortKeys.Entry, b: SortKeys.Entry) in a.value != b.value ? a.value < b.value : a.row < b.row }
            for k in 0..<runCount { entries[bounds[k]..<bounds[k + 1]].sort(by: before) }
            var order = [Int32](repeating: -1, count: values.count)
            entries.withUnsafeMutableBufferPointer { entries in
                order.withUnsafeMutableBufferPointer { SortKeys.merge(entries, bounds: bounds, into: $0, by: before) }
            }
            let expected = values.indices.sorted { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
            #expect(order.map(Int.init) == expected, "\(runCount) runs")
        }
        // Numbers keep their order as integers: negative, -0 as 0, infinities.
        let numbers: [Double] = [-.infinity, -1e300, -2.5, -0.0, 0, 1e-300, 3, .infinity]
        let keys = numbers.map(SortKeys.ordered)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(SortKeys.ordered(-0.0) == SortKeys.ordered(0))
    }

    /// A filter's tests, page by page, keep the rows a look at each row in
    /// its order keeps (candidates given in stretches too short to be
    /// taken page by page), in that order; with rows set aside too.
    @Test func aFilterOfManyShuffledRowsKeepsTheRowsThatMeetIt() {
        var table = Self.shuffledTable()
        let filter = RowFilter([FilterCondition(field: "v", title: "V", relation: .greater, value: "100", kind: .number),
                                FilterCondition(field: "title", title: "Title", relation: .contains, value: "1")])
        let expected = stride(from: 0, to: table.count, by: 30_000).flatMap { start in
            table.rows(Array(start..<min(table.count, start + 30_000)), matching: filter)
        }
        #expect(expected.count > 1_000 && expected.count < table.count / 2)
        let found = table.rows(Array(table.indices), matching: filter)
        #expect(found == expected, "\(found.count) rows, \(expected.count) expected")
        // Every row as a range (never copied into an array): the same rows.
        #expect(table.rows(table.indices, matching: filter) == expected)
        // Set aside some (every row whose title ends in 7), then test every row.
        let shown = table.indices.filter { !table[$0].title.hasSuffix("7") }
        table.hide(keeping: shown)
        var everyRow = table
        everyRow.unhideAll()
        let withAside = table.rowsWithAside(matching: filter)
        let everyExpected = stride(from: 0, to: everyRow.count, by: 30_000).flatMap { start in
            everyRow.rows(Array(start..<min(everyRow.count, start + 30_000)), matching: filter)
        }
        #expect(withAside == everyExpected, "\(withAside.count) rows, \(everyExpected.count) expected")
    }

    /// A search of many shuffled rows, page by page, finds the rows a look
    /// at each in its order finds, in that order (all rows, and a list of
    /// some).
    @Test func aSearchOfManyShuffledRowsFindsTheRowsThatHoldTheText() {
        let table = Self.shuffledTable()
        for text in ["lantern", "item 12", "ä"] {
            let needle = SearchNeedle(text)
            let expected = stride(from: 0, to: table.count, by: 30_000).flatMap { start in
                table.rows(start..<min(table.count, start + 30_000), containing: needle)
            }
            #expect(!expected.isEmpty)
            #expect(table.rows(table.indices, containing: needle) == expected, "\(text)")
            let some = Array(stride(from: 0, to: table.count, by: 1)).filter { $0 % 3 != 1 }
            #expect(table.rows(some, containing: needle) == expected.filter { $0 % 3 != 1 }, "\(text)")
        }
    }

    /// The filter put in force on a sorted table (rows put back, the others
    /// set aside, one index made for the rows kept): every row shown is
    /// found by its id, no row set aside is.
    @Test func rowsShownUnderASortAreFoundByTheirIDs() {
        var table = Self.shuffledTable()
        let sort = LocalSort(field: "v", title: "V", kind: .auto)
        table.reorder(sort.order(of: table))
        let lantern = FilterCondition(field: "v", title: "V", relation: .contains, value: "lantern")
        table.showOnly({ $0.rows(Array($0.indices), matching: RowFilter([lantern])) }, narrowing: false, sort: sort)
        let few = table.count
        let above = FilterCondition(field: "v", title: "V", relation: .greater, value: "100", kind: .number)
        table.showOnly({ $0.rows(Array($0.indices), matching: RowFilter([above])) }, narrowing: false, sort: sort)
        #expect(table.count > few)
        for row in table.indices { #expect(table.index(ofID: table.id(at: row)) == row) }
        #expect(table.index(ofID: "id-\(Self.count + 1)") == nil)
        for row in table.hiddenRowsForTests().prefix(500) { #expect(table.index(ofID: row.id) == nil) }
        // And in the sort's order.
        let again = sort.order(of: table)
        #expect(again.enumerated().allSatisfy { $0.offset == Int($0.element) })
    }
}

/// Places read from the processors a `StorageOrder` is made on.
struct GivenPlacesForTests: Sendable {
    let places: [UInt64]
}

extension RowTable {
    /// The rows set aside, in the order `unhideAll` puts them back.
    func hiddenRowsForTests() -> [RowModel] {
        var copy = self
        let back = copy.unhideAll()
        return back.map { copy[$0] }
    }
}

/// Numbers read for a sort or a filter without a String (a sign, digits, a
/// point: one exact division) are the numbers `Double(String)` reads.
@Suite("Sort values: the decimal read without a String")
struct SortValueDecimalTests {
    static func value(_ text: String, _ read: (UnsafeBufferPointer<UInt8>) -> Double?) -> Double? {
        var text = text
        return text.withUTF8 { read($0) }
    }

    @Test func plainDecimalsAreReadAsDoubleReadsThem() {
        var g = PageByPageTests.Seeded(state: 15)
        for _ in 0..<50_000 {
            let digits = Int(g.next() % 20) + 1
            var text = String((0..<digits).map { _ in Character(String(g.next() % 10)) })
            if g.next() % 2 == 0 {
                let point = Int(g.next() % UInt64(digits + 1))
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            switch g.next() % 4 {
            case 0: text = "-" + text
            case 1: text = "+" + text
            default: break
            }
            let expected = Double(text)
            let read = Self.value(text) { SortValue.plain($0) }
            #expect(read == expected && read?.sign == expected?.sign, "\(text): \(String(describing: read))")
        }
        for text in ["-0", "0.0", "-0.000", "1.", ".5", "+.5", ".", "-", "+", "1.2.3", "1e5", "-1E-3", "9007199254740993",
                     "123456789012345.6", "0.1234567890123456789012345"] {
            let expected = Double(text)
            let read = Self.value(text) { SortValue.plain($0) }
            #expect(read == expected && read?.sign == expected?.sign, "\(text)")
        }
    }

    @Test func moneyIsReadAsItsDigitsWouldBe() {
        var g = PageByPageTests.Seeded(state: 16)
        for _ in 0..<20_000 {
            let whole = g.next() % 100_000_000_000, cents = g.next() % 100
            let negative = g.next() % 3 == 0
            var grouped = ""
            for (k, ch) in String(whole).reversed().enumerated() {
                if k > 0, k % 3 == 0 { grouped.insert(",", at: grouped.startIndex) }
                grouped.insert(ch, at: grouped.startIndex)
            }
            let cent = cents < 10 ? "0\(cents)" : "\(cents)"
            let text = (negative ? "-" : "") + "$" + grouped + "." + cent
            let expected = Double((negative ? "-" : "") + "\(whole).\(cent)")
            #expect(Self.value(text) { SortValue.grouped($0) } == expected, "\(text)")
        }
        // Past what one division gives exactly: read as text, as before.
        #expect(Self.value("€1.234.567.890.123.456,78") { SortValue.grouped($0) } == 1_234_567_890_123_456.78)
    }
}
