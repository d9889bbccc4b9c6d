import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// A local filter of a long list is found off the UI thread (the local
/// sort's shape): the reducer asks for the rows that meet it
/// (`filterRows`) and keys are answered meanwhile, the old rows shown;
/// the answer (`rowsFiltered`) is put in force as the filter at once
/// would have been — selection on its item, rows let back in the sort's
/// order — when it is the latest request and fits the rows (rows that
/// came meanwhile tested then); otherwise it is dropped or asked for
/// again. (`inlineFilterRows` is lowered so 30 rows count as long.)
@Suite("Local filter off the UI thread")
struct LocalFilterOffThreadTests {
    typealias F = Fixtures

    func row(_ id: Int, city: String? = nil) -> RowModel {
        let city = city ?? (id % 3 == 0 ? "Lisbon" : "Porto")
        return RowModel(id: String(id), title: "Item \(id)",
                        fields: ["title": .text("Item \(id)"), "v": .text(String(100 - id)), "city": .text(city)],
                        fieldOrder: ["title", "v", "city"])
    }

    /// 30 rows: "v" is 100 - id, every third in Lisbon; filtered off the UI thread past 10 rows.
    func list(inline: Int = 10) -> ListState {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        state.inlineFilterRows = inline
        F.send(&state, .appeared, .pageLoaded(requestID: 1, PageLoad(rows: (1...30).map { row($0) }, totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        return state
    }

    let lisbon = RowFilter([FilterCondition(field: "city", title: "City", relation: .equals, value: "Lisbon", kind: .text)])

    func v(_ relation: FilterCondition.Relation, _ value: String) -> FilterCondition {
        FilterCondition(field: "v", title: "V", relation: relation, value: value, kind: .number)
    }

    func ids(_ state: ListState) -> [String] { state.rows.map(\.id) }

    /// What the runner answers to `effect` (as `EffectRunner` works it out);
    /// `rows: false`, the rows found only (the reducer does the rest).
    func answer(_ effect: ListEffect?, rows made: Bool = true) -> ListAction? {
        guard case .filterRows(let id, let filter, let rows, let aside, let sort)? = effect else { return nil }
        let kept = filter.map { aside ? rows.rowsWithAside(matching: $0) : rows.rows(Array(rows.indices), matching: $0) }
        var shown = rows
        shown.showOnly({ _ in kept }, narrowing: !aside, sort: sort)
        return .rowsFiltered(requestID: id, kept: kept ?? [], rows: made ? shown : nil)
    }

    /// Asks for `filter` and gives the list the runner's answer.
    func filtered(_ state: inout ListState, _ filter: RowFilter?) throws {
        let asked = F.send(&state, .filter(filter))
        F.send(&state, try #require(answer(asked.first)))
    }

    @Test func theRowsAreFoundOffTheUIThreadAndKeysAreAnsweredMeanwhile() throws {
        var state = list()
        F.send(&state, .move(.to(14)))
        let before = state
        let effects = F.send(&state, .filter(lisbon))
        #expect(effects == [.filterRows(requestID: 1, lisbon, before.rows, aside: false)])
        var expected = before
        expected.filtering = PendingFilter(id: 1, filter: lisbon, narrowing: false, stamp: before.rows.stamp, count: 30,
                                           aside: 0)
        expected.lastFilterID = 1
        #expect(state == expected)
        #expect(state.wantedFilter == lisbon && state.filter == nil)
        // Keys meanwhile move the selection at once, over the rows shown.
        F.send(&state, .move(.down))
        #expect(state.selectedRow?.id == "16")
        F.send(&state, .move(.up))
        // The answer: the state the filter done at once leaves, on the same item, whether
        // the runner's rows are taken or the rows found put in force here.
        var here = state
        #expect(F.send(&here, try #require(answer(effects.first, rows: false))) == [.fetchPage(requestID: 2, cursor: .page(2))])
        let done = F.send(&state, try #require(answer(effects.first)))
        #expect(state == here)
        var inline = list(inline: 1000)
        let inlineEffects = F.send(&inline, .move(.to(14)), .move(.down), .move(.up), .filter(lisbon))
        inline.inlineFilterRows = 10
        inline.lastFilterID = 1
        #expect(done == inlineEffects)
        #expect(state == inline)
        #expect(ids(state) == (1...10).map { String($0 * 3) } && state.rows.hiddenCount == 20)
        #expect(state.selectedRow?.id == "15" && state.filter == lisbon && state.filtering == nil)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
    }

    @Test func fewRowsAreFilteredAtOnceAndANarrowingFilterTestsOnlyTheRowsShown() throws {
        var state = list(inline: 20)
        try filtered(&state, lisbon)
        #expect(ids(state) == (1...10).map { String($0 * 3) })
        // One more condition: only the 10 rows shown are tested, at once.
        let narrower = RowFilter(lisbon.conditions + [v(.greater, "80")])
        #expect(F.send(&state, .filter(narrower)).allSatisfy { if case .filterRows = $0 { false } else { true } })
        #expect(ids(state) == ["3", "6", "9", "12", "15", "18"] && state.filtering == nil)
        // Another filter: the rows set aside are tested too (30 rows, off the UI thread), numbered after those shown.
        let wider = RowFilter([v(.greater, "90")])
        let effects = F.send(&state, .filter(wider))
        #expect(effects == [.filterRows(requestID: 2, wider, state.rows, aside: true)])
        #expect(state.filtering?.narrowing == false && state.filtering?.aside == 24)
        F.send(&state, try #require(answer(effects.first)))
        #expect(ids(state) == (1...9).map(String.init) && state.rows.hiddenCount == 21)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // A narrowing filter on a long list shown: off the UI thread, only the rows shown asked about.
        state = list()
        let long = RowFilter([v(.greater, "80")])
        try filtered(&state, long)
        let more = RowFilter(long.conditions + lisbon.conditions)
        let narrowing = F.send(&state, .filter(more))
        #expect(narrowing == [.filterRows(requestID: 2, more, state.rows, aside: false)])
        F.send(&state, try #require(answer(narrowing.first)))
        #expect(ids(state) == ["3", "6", "9", "12", "15", "18"])
    }

    @Test func anOvertakenAnswerIsDroppedAndItsScanStopped() throws {
        var state = list()
        let first = F.send(&state, .filter(lisbon))
        let porto = RowFilter([FilterCondition(field: "city", title: "City", relation: .equals, value: "Porto", kind: .text)])
        let second = F.send(&state, .filter(porto))
        #expect(second == [.stopFilter(requestID: 1), .filterRows(requestID: 2, porto, state.rows, aside: false)])
        // The same filter again while it is worked out: nothing new asked.
        #expect(F.send(&state, .filter(porto)) == [])
        let unchanged = state
        #expect(F.send(&state, try #require(answer(first.first))) == [])
        #expect(state == unchanged)
        F.send(&state, try #require(answer(second.last)))
        #expect(state.filter == porto && ids(state) == (1...30).filter { $0 % 3 != 0 }.map(String.init))
    }

    @Test func rowsReplacedBeforeTheAnswerAreAskedAboutAgain() throws {
        var state = list()
        let first = F.send(&state, .filter(lisbon))
        // A refresh brings other rows (the same count): the rows found do not fit them.
        let fresh = (1...30).map { row($0, city: $0 <= 5 ? "Lisbon" : "Porto") }
        F.send(&state, .refresh, .pageLoaded(requestID: 2, PageLoad(rows: fresh, totalPages: 5, fetchedAt: F.fetchedAt)))
        let again = F.send(&state, try #require(answer(first.first)))
        #expect(again == [.filterRows(requestID: 2, lisbon, state.rows, aside: false)])
        #expect(state.filter == nil && state.filtering?.id == 2 && ids(state) == (1...30).map(String.init))
        F.send(&state, try #require(answer(again.first)))
        #expect(state.filter == lisbon && ids(state) == (1...5).map(String.init))
    }

    @Test func rowsThatCameMeanwhileAreTestedWhenTheAnswerComes() throws {
        var state = list()
        let first = F.send(&state, .filter(lisbon))
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: (31...36).map { row($0) }, totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        #expect(state.rows.count == 36 && state.filter == nil)
        F.send(&state, try #require(answer(first.first)))
        #expect(state.filter == lisbon && ids(state) == (1...12).map { String($0 * 3) } && state.rows.hiddenCount == 24)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // So many that testing them would hold the keys (more than the rows tested at once): asked again.
        state = list()
        let asked = F.send(&state, .filter(lisbon))
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: (31...41).map { row($0) }, totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        let again = F.send(&state, try #require(answer(asked.first)))
        #expect(again == [.filterRows(requestID: 2, lisbon, state.rows, aside: false)] && state.filter == nil)
        F.send(&state, try #require(answer(again.first)))
        #expect(ids(state) == (1...13).map { String($0 * 3) })
    }

    @Test func rowsThatCameUnderAnotherFilterAreTestedAndThoseSetAsideCountedAfterThem() throws {
        // A wider filter asked while another is in force: in the answer's numbering the rows
        // added meanwhile come between the rows shown and those set aside.
        var state = list(inline: 20)
        try filtered(&state, RowFilter([v(.greater, "80")]))
        #expect(ids(state) == (1...19).map(String.init))
        let asked = F.send(&state, .filter(lisbon))
        #expect(asked == [.filterRows(requestID: 2, lisbon, state.rows, aside: true)] && state.filtering?.aside == 11)
        // Rows 0 (Lisbon) and -1 (Porto) meet v > 80 (v 100, 101): shown as they come.
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: [row(0), row(-1)], totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        #expect(ids(state).suffix(2) == ["0", "-1"] && state.filter?.conditions.count == 1)
        #expect(F.send(&state, try #require(answer(asked.first))).allSatisfy { if case .filterRows = $0 { false } else { true } })
        #expect(ids(state) == (1...10).map { String($0 * 3) } + ["0"] && state.rows.hiddenCount == 21)
        #expect(state.filter == lisbon && F.positions(state.rows) == F.positions(Array(state.rows)))
        // Rows the filter in force sets aside as they come: the rows set aside changed, asked again.
        state = list(inline: 20)
        try filtered(&state, RowFilter([v(.greater, "80")]))
        let wider = RowFilter([v(.greater, "90")])
        let first = F.send(&state, .filter(wider))
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: (31...33).map { row($0) }, totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        #expect(state.rows.hiddenCount == 14)
        let again = F.send(&state, try #require(answer(first.first)))
        #expect(again == [.filterRows(requestID: 3, wider, state.rows, aside: true)])
        F.send(&state, try #require(answer(again.first)))
        #expect(ids(state) == (1...9).map(String.init) && state.rows.hiddenCount == 24)
    }

    @Test func clearingWhilePendingStopsTheScanAndKeepsTheRows() throws {
        var state = list()
        let first = F.send(&state, .filter(lisbon))
        let before = state
        #expect(F.send(&state, .filter(nil)) == [.stopFilter(requestID: 1)])
        #expect(state.filtering == nil && state.filter == nil && state.rows == before.rows)
        #expect(F.send(&state, try #require(answer(first.first))) == [] && state.filter == nil)
        // With a filter in force, on a long list: every row back is worked out off the UI thread
        // too (no row tested, all put back in order), the pending one stopped.
        try filtered(&state, lisbon)
        let second = F.send(&state, .filter(RowFilter([v(.greater, "90")])))
        #expect(state.filtering?.id == 3)
        let back = F.send(&state, .filter(nil))
        #expect(back == [.stopFilter(requestID: 3), .filterRows(requestID: 4, nil, state.rows, aside: true)])
        #expect(state.filter == lisbon && state.wantedFilter == nil && ids(state).count == 10)
        #expect(F.send(&state, try #require(answer(second.last))) == [] && ids(state).count == 10)
        F.send(&state, try #require(answer(back.last)))
        #expect(ids(state) == (1...30).map(String.init) && state.rows.isInNaturalOrder && state.filter == nil)
        #expect(state.filtering == nil && state.rows.hiddenCount == 0)
        // Rows added meanwhile: every row back here (the same step as at once).
        try filtered(&state, lisbon)
        let again = F.send(&state, .filter(nil))
        // (All in Lisbon: shown as they come, at the end.)
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: (31...33).map { row($0, city: "Lisbon") }, totalPages: 5,
                                                                      fetchedAt: F.fetchedAt)))
        F.send(&state, try #require(answer(again.last)))
        #expect(ids(state) == (1...33).map(String.init) && state.filter == nil && state.rows.isInNaturalOrder)
    }

    @Test func anotherQueryStopsThePendingFilter() {
        var state = list()
        F.send(&state, .filter(lisbon))
        let effects = F.send(&state, .restart)
        #expect(effects.contains(.stopFilter(requestID: 1)) && state.filtering == nil && state.lastFilterID == 1)
        #expect(F.send(&state, .rowsFiltered(requestID: 1, kept: [2, 5])) == [])
    }

    @Test func theAnswerComposesWithTheSortAndKeepsTheSelection() throws {
        var state = list()
        let byV = LocalSort(field: "v", title: "V", kind: .number)
        F.send(&state, .sort(byV))
        #expect(ids(state) == (1...30).reversed().map(String.init))
        F.send(&state, .move(.to(15)))   // item 15
        try filtered(&state, lisbon)
        #expect(ids(state) == (1...10).reversed().map { String($0 * 3) } && state.selectedRow?.id == "15")
        // A wider filter: the rows let back merged into the sort's order, the selection still on 15.
        let wider = RowFilter([v(.greater, "80")])
        let asked = F.send(&state, .filter(wider))
        #expect(asked.first == .filterRows(requestID: 2, wider, state.rows, aside: true, sort: byV))
        // (The rows found put in force here give the same rows.)
        var here = state
        F.send(&here, try #require(answer(asked.first, rows: false)))
        F.send(&state, try #require(answer(asked.first)))
        #expect(ids(state) == (1...19).reversed().map(String.init) && state.selectedRow?.id == "15")
        #expect(state.sort == byV && state.filter == wider && here.rows == state.rows)
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
        // Off: every row back in the sort's order.
        try filtered(&state, nil)
        #expect(ids(state) == (1...30).reversed().map(String.init) && state.selectedRow?.id == "15")
    }

    @Test func theRowsSetAsideAreNumberedAsUnhideAllPutsThemBack() {
        var table = RowTable((1...100).map { row($0) })
        table.hide(keeping: Array(stride(from: 0, to: 100, by: 4)))
        let price = RowFilter([v(.less, "50")])
        var back = table
        back.unhideAll()
        #expect(table.rowsWithAside(matching: price) == back.rows(Array(back.indices), matching: price))
        #expect(table.rowsWithAside(matching: RowFilter()) == Array(0..<100))
        // A stopped scan finds nothing more.
        #expect(table.rowsWithAside(matching: price, stop: { true }).isEmpty)
        // A row set aside taken back for good (it came again): numbered as it is not there.
        table.removeHidden(ids: ["2", "51"])
        #expect(table.hiddenCount == 73)
        back = table
        back.unhideAll()
        #expect(back.count == 98 && !back.map(\.id).contains("2"))
        #expect(table.rowsWithAside(matching: price) == back.rows(Array(back.indices), matching: price))
        #expect(table.rowsWithAside(matching: RowFilter()) == Array(0..<98))
    }
}
