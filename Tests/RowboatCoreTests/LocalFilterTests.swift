import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// The local filter: only the loaded rows that meet every condition are
/// shown (=, contains, < and > by the column's type), the others set
/// aside as places (never copied) and let back when a condition goes; the
/// selection stays on its item, later rows are filtered as they come, and
/// the filter composes with the local sort.
@Suite("Local filter")
struct LocalFilterTests {
    typealias F = Fixtures

    func row(_ id: Int, _ value: CellText?, city: String = "Porto") -> RowModel {
        var fields: RowFields = ["title": .text("Item \(id)"), "city": .text(city)]
        if let value { fields["v"] = value }
        return RowModel(id: String(id), title: "Item \(id)", fields: fields, fieldOrder: ["title", "v", "city"])
    }

    /// 30 rows: "v" is 100 - id, every third in Lisbon.
    func rows(_ range: ClosedRange<Int>) -> [RowModel] {
        range.map { row($0, .text(String(100 - $0)), city: $0 % 3 == 0 ? "Lisbon" : "Porto") }
    }

    func list() -> ListState {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        F.send(&state, .appeared, .pageLoaded(requestID: 1, PageLoad(rows: rows(1...30), totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        return state
    }

    func v(_ relation: FilterCondition.Relation, _ value: String) -> FilterCondition {
        FilterCondition(field: "v", title: "V", relation: relation, value: value, kind: .number)
    }

    let lisbon = FilterCondition(field: "city", title: "City", relation: .equals, value: "Lisbon", kind: .text)

    func ids(_ state: ListState) -> [String] { state.rows.map(\.id) }

    @Test func aFilterKeepsTheRowsThatMeetItAndTheSelectionOnItsItem() {
        var state = list()
        F.send(&state, .move(.to(14)))
        #expect(state.selectedRow?.id == "15")
        let pages = state.rows.pages.map(ObjectIdentifier.init)
        let before = state
        let filter = RowFilter([lisbon])
        // (The rows shown are near their end: the next page is asked for.)
        #expect(F.send(&state, .filter(filter)) == [.fetchPage(requestID: 2, cursor: .page(2))])
        var expected = before
        expected.selection = 4
        expected.scrollOffset = 0
        #expect(state.rows.map(\.id) == (1...10).map { String($0 * 3) })
        #expect(state.rows.hiddenCount == 20)
        #expect(state.selection == expected.selection && state.scrollOffset == expected.scrollOffset)
        #expect(state.selectedRow?.id == "15" && state.filter == filter)
        var rest = state
        rest.rows = before.rows
        rest.selection = before.selection
        rest.scrollOffset = before.scrollOffset
        rest.filter = nil
        rest.phase = .idle
        rest.inFlight = nil
        rest.lastRequestID = 1
        #expect(rest == before)
        // The rows stay where they were written: the same pages, the id index right.
        #expect(state.rows.pages.map(ObjectIdentifier.init) == pages)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // Off: every row back in the order it came in, still on item 15.
        F.send(&state, .filter(nil))
        #expect(state.rows == before.rows && state.selectedRow?.id == "15" && state.filter == nil)
        #expect(state.rows.isInNaturalOrder && state.rows.hiddenCount == 0)
    }

    @Test func aSelectionWhoseRowIsLeftOutStaysWithinTheRows() {
        var state = list()
        F.send(&state, .move(.to(16)), .filter(RowFilter([lisbon])))
        #expect(state.rows.count == 10 && state.selection == 9 && state.selectedRow?.id == "30")
    }

    @Test func conditionsStackAndTheLastOneGoes() {
        var state = list()
        F.send(&state, .filter(RowFilter([lisbon])))
        F.send(&state, .filter(RowFilter([lisbon, v(.greater, "80")])))
        // Lisbon and v > 80: ids 3, 6, ..., 18 (v 97 ... 82).
        #expect(ids(state) == ["3", "6", "9", "12", "15", "18"])
        #expect(RowFilter([lisbon, v(.greater, "80")]).summary == "where City = Lisbon · V > 80")
        F.send(&state, .filter(RowFilter([lisbon, v(.greater, "80"), v(.less, "90")])))
        #expect(ids(state) == ["12", "15", "18"])
        // The last condition goes: the rows it left out come back in their places.
        F.send(&state, .filter(RowFilter([lisbon, v(.greater, "80")])))
        #expect(ids(state) == ["3", "6", "9", "12", "15", "18"])
        F.send(&state, .filter(RowFilter([])))
        #expect(ids(state) == (1...30).map(String.init) && state.filter == nil)
    }

    @Test func valuesCompareByTheColumnsType() {
        var table = RowTable([row(1, .text("9")), row(2, .text("10")), row(3, .text("n/a")), row(4, nil),
                              row(5, .text("")), row(6, .text("1e2"))])
        func kept(_ c: FilterCondition) -> [String] {
            table.rows(Array(table.indices), matching: RowFilter([c])).map { table.id(at: $0) }
        }
        // As numbers: 10 > 9; text, empty and missing values meet no comparison.
        #expect(kept(v(.greater, "9")) == ["2", "6"])
        #expect(kept(v(.less, "10")) == ["1"])
        #expect(kept(v(.equals, "100")) == ["6"])
        // As text: in the collation, "10" and "1e2" < "9".
        let text = FilterCondition(field: "v", title: "V", relation: .less, value: "9", kind: .text)
        #expect(kept(text) == ["2", "6"])
        // Contains ignores case, as `/` does; equals is the same text.
        #expect(kept(FilterCondition(field: "v", title: "V", relation: .contains, value: "N/A")) == ["3"])
        #expect(kept(FilterCondition(field: "v", title: "V", relation: .equals, value: "", kind: .text)) == ["5"])
        table.hide(keeping: [0])
        #expect(table.count == 1 && table.hiddenCount == 5)
    }

    @Test func aHugeNeedleOrControlCharactersAnswerAndMatchNothing() {
        let state = list()
        let huge = String(repeating: "x", count: 1 << 20)
        let c = FilterCondition(field: "city", title: "City", relation: .contains, value: huge)
        #expect(c.value.utf8.count == FilterCondition.maxValueBytes)
        #expect(state.rows.rows(Array(state.rows.indices), matching: RowFilter([c])).isEmpty)
        let control = FilterCondition(field: "city", title: "City", relation: .equals, value: "Lis\u{1B}[2Jbon\n")
        #expect(state.rows.rows(Array(state.rows.indices), matching: RowFilter([control])).isEmpty)
    }

    @Test func laterPagesAreFilteredAsTheyCome() {
        var state = list()
        F.send(&state, .filter(RowFilter([lisbon])))
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: rows(31...60), totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        #expect(ids(state) == (1...20).map { String($0 * 3) })
        #expect(state.rows.hiddenCount == 40)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // A row set aside that comes again changed (now in Lisbon) is shown, once.
        F.send(&state, .replaceRows([row(31, .text("1"), city: "Lisbon")]))
        F.send(&state, .loadMore, .pageLoaded(requestID: 3, PageLoad(rows: [row(1, .text("99"), city: "Lisbon")],
                                                                      totalPages: 5, fetchedAt: F.fetchedAt)))
        // (It takes its place as it came first: the first row.)
        #expect(ids(state).first == "1" && ids(state).filter { $0 == "1" }.count == 1)
        F.send(&state, .filter(nil))
        #expect(ids(state) == (1...60).map(String.init))
    }

    @Test func theFilterComposesWithTheSort() {
        var state = list()
        let byV = LocalSort(field: "v", title: "V", kind: .number)
        F.send(&state, .sort(byV), .filter(RowFilter([lisbon])))
        #expect(ids(state) == (1...10).reversed().map { String($0 * 3) })
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: rows(31...36), totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        #expect(ids(state) == ["36", "33"] + (1...10).reversed().map { String($0 * 3) })
        // The filter goes: every row back, in the sort's order.
        F.send(&state, .filter(nil))
        #expect(ids(state) == (1...36).reversed().map(String.init))
        // The sort goes under a filter: the filtered rows in the order they came in.
        F.send(&state, .filter(RowFilter([lisbon])), .sort(nil))
        #expect(ids(state) == (1...12).map { String($0 * 3) })
        F.send(&state, .filter(nil))
        #expect(ids(state) == (1...36).map(String.init) && state.rows.isInNaturalOrder)
    }

    @Test func aLiveTicksNewRowsAreFilteredAndComeFirst() {
        var state = list()
        state.live = LiveRefresh(every: 30)
        state.nextCursor = nil
        state.phase = .exhausted
        F.send(&state, .filter(RowFilter([lisbon])))
        let fresh = [row(101, .text("50"), city: "Lisbon"), row(102, .text("50"))] + rows(1...28)
        F.send(&state, .liveTick, .pageLoaded(requestID: 2, PageLoad(rows: fresh, totalPages: 5, fetchedAt: F.fetchedAt)))
        #expect(ids(state) == ["101"] + (1...10).map { String($0 * 3) })
        F.send(&state, .filter(nil))
        #expect(ids(state) == ["101", "102"] + (1...30).map(String.init))
    }

    @Test func aMillionRowsAreFilteredAndTheIndexFollows() {
        var table = RowTable((0..<200_000).map { row($0, .text(String($0 % 1000))) })
        let kept = table.rows(Array(table.indices), matching: RowFilter([v(.less, "10")]))
        #expect(kept.count == 2_000)
        table.hide(keeping: kept)
        #expect(table.count == 2_000 && table.index(ofID: "1001") == 11 && table.index(ofID: "500") == nil)
        table.unhideAll()
        table.restoreNaturalOrder()
        #expect(table.count == 200_000 && table.index(ofID: "500") == 500 && table.id(at: 199_999) == "199999")
    }

    /// Candidates as a range, an array or another collection of rows (the
    /// scan runs over the first two as they are, others copied once): the
    /// same rows kept.
    @Test func anyCollectionOfCandidatesKeepsTheSameRows() {
        let table = RowTable((0..<100_000).map { row($0, .text(String($0 % 1000))) })
        let filter = RowFilter([v(.less, "10")])
        let kept = table.rows(table.indices, matching: filter)
        #expect(kept.count == 1_000 && kept.prefix(3) == [0, 1, 2])
        #expect(table.rows(Array(table.indices), matching: filter) == kept)
        let odd = Array(table.indices)[50_000...]
        #expect(table.rows(odd, matching: filter) == kept.filter { $0 >= 50_000 })
    }

    @Test func aPageWhoseRowsAreAllLeftOutIsStillNew() {
        var state = list()
        F.send(&state, .filter(RowFilter([v(.less, "0")])))
        #expect(state.rows.isEmpty && state.rows.hiddenCount == 30)
        // The automatic load (the list is empty) brings 30 rows, all left out: not "no new items".
        let effects = F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: rows(31...60), totalPages: 5,
                                                                                  fetchedAt: F.fetchedAt)))
        #expect(state.halt != .noNewItems && state.rows.hiddenCount == 60 && state.pagesLoaded == 2)
        #expect(effects == [] || state.autoLoadedRows > 0)
    }
}
