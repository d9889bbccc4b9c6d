import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("RowTable: rows kept as bytes read back whole, unique by id, searched in place")
struct RowTableTests {
    /// The reader's own copies of the format's tags and flags are the format's.
    @Test func theReadersTagsAreTheFormatsTags() {
        #expect([RowBytes.ReadTag.text, RowBytes.ReadTag.title, RowBytes.ReadTag.subtitle, RowBytes.ReadTag.id,
                  RowBytes.ReadTag.date, RowBytes.ReadTag.dateWithin]
                == [RowBytes.Tag.text, RowBytes.Tag.title, RowBytes.Tag.subtitle, RowBytes.Tag.id,
                    RowBytes.Tag.date, RowBytes.Tag.dateWithin])
        #expect([RowBytes.ReadFlag.image, RowBytes.ReadFlag.link] == [RowBytes.Flag.image, RowBytes.Flag.link])
    }

    /// Rows of every kind a list holds.
    static let variety: [RowModel] = [
        RowModel(id: "1", title: "Brass Lantern", subtitle: "Maker 7", imageURL: "http://127.0.0.1/1.png",
                 linkURL: "http://127.0.0.1/1", fields: ["id": .text("1"), "title": .text("Brass Lantern"),
                                                         "subtitle": .text("Maker 7"), "price": .text("€12.50"),
                                                         "created": .relativeDate(1_700_000_000)],
                 fieldOrder: ["created", "id", "price", "subtitle", "title"]),
        RowModel(id: "2", title: "Été chaud", subtitle: "", fields: ["when": .relativeDate(-5.25, withinDays: 7),
                                                                     "note": .text("青花瓷")],
                 fieldOrder: ["note"]),
        RowModel(id: "", title: ""),
        RowModel(id: "4", title: "Only a link", linkURL: "http://127.0.0.1/4",
                 fields: ["later": .relativeDate(0, withinDays: -3), "x": .text("4")], fieldOrder: ["x"]),
        RowModel(id: "5", title: String(repeating: "long title ", count: 20_000)),
    ]

    @Test func rowsReadBackAsTheyWereWritten() {
        let table = RowTable(Self.variety)
        #expect(table.count == Self.variety.count)
        #expect(Array(table) == Self.variety)
        for (at, row) in Self.variety.enumerated() {
            #expect(table[at] == row)
            #expect(table[at].fields.names == row.fields.names)
            #expect(table.index(ofID: row.id) == at)
            #expect(table.imageURL(at: at) == row.imageURL)
        }
        #expect(table.index(ofID: "missing") == nil)
        #expect(RowTable().index(ofID: "1") == nil)
    }

    @Test func aRowLargerThanAPageGetsAPageOfItsOwn() {
        let big = RowModel(id: "big", title: String(repeating: "x", count: RowTable.pageSize + 10))
        var table = RowTable([RowModel(id: "a", title: "A"), big, RowModel(id: "b", title: "B")])
        #expect(table.pages.count == 3)
        #expect(Array(table) == [RowModel(id: "a", title: "A"), big, RowModel(id: "b", title: "B")])
        table.upsert(RowModel(id: "c", title: "C"))
        #expect(table[3].title == "C")
    }

    @Test func theSameIDAgainReplacesItsRowInPlace() {
        var table = RowTable((1...100).map { RowModel(id: String($0), title: "Item \($0)") })
        #expect(table.upsert(RowModel(id: "42", title: "Answer")) == 41)
        #expect(table.count == 100)
        #expect(table[41].title == "Answer")
        #expect(table[40].title == "Item 41")
        #expect(table.upsert(RowModel(id: "101", title: "New")) == 100)
        #expect(RowTable([RowModel(id: "a", title: "1"), RowModel(id: "a", title: "2")])
                == [RowModel(id: "a", title: "2")])
    }

    @Test func everyIDIsFoundAfterTheIndexGrew() {
        let rows = (0..<5_000).map { RowModel(id: "id-\($0)", title: "Row \($0)") }
        let table = RowTable(rows)
        #expect(table.indices.allSatisfy { table.index(ofID: "id-\($0)") == $0 })
        #expect(table.slots.count * 3 >= 4 * table.count, "at most three quarters full")
    }

    /// Rows put at the top (a live tick's new rows) leave the others'
    /// slots alone: every id is still found at its new place, through
    /// many ticks, later appends, removals, a sort and back.
    @Test func rowsPutAtTheTopKeepEveryIDFound() {
        func row(_ n: Int) -> RowModel { RowModel(id: String(n), title: "Row \(n)") }
        var table = RowTable((1...1_000).map { row($0) })
        var expected = (1...1_000).map(String.init)
        // Enough ticks that the room at the front is made several times.
        for tick in 0..<400 {
            let before = table.count
            let fresh = (0..<(tick % 3 + 1)).map { 10_000 + tick * 10 + $0 }
            for id in fresh { table.upsert(row(id)) }
            table.moveToTop(from: before)
            expected = fresh.map(String.init) + expected
        }
        table.upsert(row(99_999))
        expected.append("99999")
        #expect(table.count == expected.count)
        #expect(table.indices.allSatisfy { table.id(at: $0) == expected[$0] })
        #expect(expected.indices.allSatisfy { table.index(ofID: expected[$0]) == $0 })
        #expect(table.remove(ids: ["10000", "500"]) == 2)
        expected.removeAll { $0 == "10000" || $0 == "500" }
        #expect(expected.indices.allSatisfy { table.index(ofID: expected[$0]) == $0 })
        table.reorder((0..<Int32(table.count)).reversed())
        #expect(expected.indices.allSatisfy { table.index(ofID: expected[$0]) == table.count - 1 - $0 })
        table.restoreNaturalOrder()
        #expect(expected.indices.allSatisfy { table.index(ofID: expected[$0]) == $0 && table.id(at: $0) == expected[$0] })
        #expect(table.index(ofID: "nope") == nil)
    }

    @Test func truncateDropsTheLastRowsAndTheirIDs() {
        var table = RowTable((1...50).map { RowModel(id: String($0), title: "Item \($0)") })
        table.truncate(to: 30)
        #expect(Array(table) == (1...30).map { RowModel(id: String($0), title: "Item \($0)") })
        #expect(table.index(ofID: "31") == nil)
        #expect(table.index(ofID: "30") == 29)
        table.upsert(RowModel(id: "31", title: "Back"))
        #expect(table.index(ofID: "31") == 30)
    }

    /// A stream's ring: events on top, the oldest off the end a few at a
    /// time (each leaving the id index on its own), ids coming back —
    /// every id still finds its row, and a gone one finds none.
    @Test func aRingDroppingItsOldestKeepsEveryIDFound() {
        var table = RowTable()
        var model: [String] = []   // ids, top first
        var next = 0
        for batch in 0..<400 {
            let before = table.count
            var fresh: [String] = []
            for k in 0..<(1 + batch % 7) {
                // Some ids come again (an upsert moves them up with the rest).
                let id = (batch + k) % 5 == 0 && !model.isEmpty ? model[model.count / 2] : "e\(next)"
                next += 1
                if let at = table.index(ofID: id) {
                    table.remove(ids: [id])
                    model.remove(at: at)
                } else if fresh.contains(id) { continue }
                fresh.append(id)
                table.upsert(RowModel(id: id, title: "Event \(id)"))
            }
            table.moveToTop(from: table.count - fresh.count)
            model = fresh + model
            _ = before
            if table.count > 120 {
                table.truncate(to: 120)
                model.removeLast(model.count - 120)
            }
            #expect(table.map(\.id) == model)
        }
        #expect(model.indices.allSatisfy { table.index(ofID: model[$0]) == $0 })
        #expect((0..<next).filter { !model.contains("e\($0)") }.allSatisfy { table.index(ofID: "e\($0)") == nil })
    }

    /// A ring turning over many times its size holds about its rows' bytes:
    /// the pages its oldest rows filled go as the last of them leaves, with
    /// no rewrite of the table (compaction) needed.
    @Test func aRingLetsItsOldestPagesGo() {
        var table = RowTable()
        let text = String(repeating: "x", count: 900)
        var next = 0
        var most = 0
        for _ in 0..<600 {
            let fresh = (0..<50).map { _ in next += 1; return RowModel(id: "e\(next)", title: "\(next) \(text)") }
            table.append(contentsOf: fresh.reversed())   // newest first, as a stream's part
            table.moveToTop(from: table.count - fresh.count)
            table.truncate(to: 10_000)
            most = max(most, table.pages.reduce(0) { $0 + $1.count })
        }
        let live = table.pageLive.reduce(0, +)
        #expect(table.count == 10_000 && table[0].title.hasPrefix("30000 ") && table[9_999].title.hasPrefix("20001 "))
        #expect(most < live + 3 * RowTable.pageSize, "held \(most) bytes for \(live) in use")
        #expect(table.pages.filter { $0.count == 0 }.count > 8, "pages let go")
        #expect(table.garbage == table.pages.reduce(0) { $0 + $1.count } - live)
    }

    @Test func settingARowKeepsTheIndexTrue() {
        var table = RowTable(Self.variety)
        table[0].title = "Copper Lantern"
        #expect(table[0].title == "Copper Lantern")
        #expect(table.index(ofID: "1") == 0)
        table[1] = RowModel(id: "two", title: "Renamed")
        #expect(table.index(ofID: "2") == nil)
        #expect(table.index(ofID: "two") == 1)
        #expect(table.count == Self.variety.count)
    }

    @Test func replacedRowsDoNotPileUpInThePages() {
        var table = RowTable((1...1_000).map { RowModel(id: String($0), title: "Item \($0)") })
        let before = table.storageBytes
        for round in 0..<200 {
            for id in 1...1_000 { table.upsert(RowModel(id: String(id), title: "Item \(id) round \(round)")) }
        }
        #expect(table.count == 1_000)
        #expect(table[999].title == "Item 1000 round 199")
        #expect(table.index(ofID: "500") == 499)
        #expect(table.storageBytes < before + 4 * RowTable.pageSize, "compacted: \(table.storageBytes) bytes")
    }

    /// Rows set aside by a filter are moved too when the pages are made
    /// again, and come back as they were; rows of two shapes keep theirs.
    @Test func compactingMovesRowsSetAsideAndKeepsShapes() {
        func row(_ n: Int, round: Int) -> RowModel {
            n % 2 == 0 ? RowModel(id: String(n), title: "Even \(n) round \(round)", fields: ["n": .text(String(n))], fieldOrder: ["n"])
                : RowModel(id: String(n), title: "Odd \(n) round \(round)")
        }
        var table = RowTable((1...1_000).map { row($0, round: 0) })
        table.hide(keeping: Array(0..<500))
        let before = table.storageBytes
        // Each round leaves one more row alone for good: every round's page keeps a row, garbage piles up.
        for round in 1...400 {
            for n in 1...500 where n > round { table.upsert(row(n, round: round)) }
        }
        #expect(table.storageBytes < before + 2 * RowTable.pageSize, "compacted under a filter: \(table.storageBytes) bytes")
        #expect(table.count == 500 && table[499] == row(500, round: 400) && table[249] == row(250, round: 249))
        _ = table.unhideAll()
        #expect(table.count == 1_000)
        #expect(Set(table.map(\.id)) == Set((1...1_000).map(String.init)))
        #expect(table[table.index(ofID: "1000")!] == row(1_000, round: 0) && table[table.index(ofID: "999")!] == row(999, round: 0))
    }

    /// Rows written away from the list over many pages: the table adopts
    /// those pages (no byte copied) and holds what it would hold had the
    /// rows been upserted one by one, a repeated id on a later page
    /// replacing its row; rows upserted after it go to pages of its own.
    @Test func aTableAdoptsWrittenPagesAsUpsertsWouldLeaveIt() {
        let shape = RowShape(names: ["n"], fieldOrder: ["n"])
        let models = (0..<30_000).map { i in
            RowModel(id: String(i % 25_000), title: "row \(i)", fields: ["n": .text("\(i * 7)")], fieldOrder: ["n"])
        }
        var written = WrittenRows(shape: shape)
        for row in models { written.append(row) }
        written.seal()
        #expect(written.pages.count > 3)
        var table = RowTable(written)
        // Pages whose every row was replaced are let go; the others are the written ones.
        #expect(zip(table.pages, written.pages).allSatisfy { $0 === $1 || $0 === RowPage.none })
        #expect(table.pages.count == written.pages.count && table.pages.last === written.pages.last)
        #expect(Array(table) == Array(RowTable(models)))
        #expect(table.count == 25_000 && table[table.index(ofID: "7")!].title == "row 25007")
        table.upsert(RowModel(id: "new", title: "New"))
        table.upsert(RowModel(id: "8", title: "Eight"))
        #expect(table[table.index(ofID: "new")!].title == "New" && table[table.index(ofID: "8")!].title == "Eight")
    }

    @Test func copiesAreIndependent() {
        let table = RowTable(Self.variety)
        var copy = table
        copy.upsert(RowModel(id: "new", title: "New"))
        copy[0].title = "Changed"
        #expect(Array(table) == Self.variety)
        #expect(copy.count == table.count + 1)
        #expect(copy != table)
    }

    @Test func searchingInPlaceFindsWhatTheRowWouldFind() {
        let table = RowTable(Self.variety + [
            RowModel(id: "6", title: "Cup", subtitle: "made of BRASS"),
            RowModel(id: "7", title: "Bowl", fields: ["maker": .text("Brassworks"), "hidden": .text("brass")],
                     fieldOrder: ["maker"]),
            RowModel(id: "8", title: "Mug", fields: ["id": .text("8"), "when": .relativeDate(0)],
                     fieldOrder: ["id", "when"]),
            RowModel(id: "9", title: "Kettle", imageURL: "http://127.0.0.1/brass.png"),
        ])
        for text in ["brass", "BRASS", "€12", "8", "1", "maker 7", "青", "été", "k", "1970", "http", "",
                     "long title long", "a", "zzz", "only a LINK"] {
            let needle = SearchNeedle(text)
            let expected = table.indices.filter { text.isEmpty || table[$0].contains(needle) }
            #expect(SearchState.matches(text, in: table) == expected, "\(text)")
        }
        #expect(SearchState.matches("brass", in: table) == [0, 5, 6])
        #expect(SearchState.matches("8", in: table) == [7], "an id field in fieldOrder is searched")
    }

    @Test func aLargeSearchSplitOverProcessorsKeepsTheOrder() {
        let count = RowTable.parallelSearchFrom + 4_321
        let table = RowTable((0..<count).map { RowModel(id: String($0), title: $0 % 7 == 0 ? "Lantern \($0)" : "Cup \($0)") })
        let expected = (0..<count).filter { $0 % 7 == 0 && String($0).contains("9") }
        #expect(SearchState.matches("lantern", in: table) == (0..<count).filter { $0 % 7 == 0 })
        #expect(SearchState.matches("lantern", in: table, among: Array(0..<count) + [count, count + 5]).count
                == (0..<count).filter { $0 % 7 == 0 }.count, "indices past the end are skipped")
        let narrowed = SearchState.matches("9", in: table, among: SearchState.matches("lantern", in: table))
        #expect(narrowed == expected)
    }
}

extension RowModel {
    /// What `/` should find, read from the row itself: the needle in the
    /// title, subtitle or a text field named in `fieldOrder` (relative
    /// dates are not searched: their text changes).
    func contains(_ needle: SearchNeedle) -> Bool {
        if needle.found(in: title) || needle.found(in: subtitle) { return true }
        return fieldOrder.contains { name in
            if case .text(let s)? = fields[name] { needle.found(in: s) } else { false }
        }
    }
}
