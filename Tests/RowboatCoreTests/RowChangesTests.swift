import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// What changed (issue #46): the fields of a row that changed, held one
/// tick period; rows gone from the first page (not merely pushed down by
/// new rows), dimmed until the next tick, then kept — or dropped.
@Suite("What changed")
struct RowChangesTests {
    typealias F = Fixtures

    @Test func theFieldsWhoseTextDiffers() {
        let old = RowModel(id: "1", title: "Lamp", fields: ["title": .text("Lamp"), "price": .text("12"), "stock": .text("3")])
        let new = RowModel(id: "1", title: "Lamp", fields: ["title": .text("Lamp"), "price": .text("14"), "colour": .text("red")])
        #expect(RowChanges.fields(from: old, to: new) == ["price", "stock", "colour"])
        #expect(RowChanges.fields(from: old, to: old) == [])
    }

    @Test func goneIsWhatLeftThePageNotWhatNewRowsPushedDown() {
        let page = ["1", "2", "3", "4"]
        #expect(GoneRows.ids(from: page, to: ["1", "2", "4"]) == ["3"], "a shorter page: 3 is gone")
        #expect(GoneRows.ids(from: page, to: ["9", "1", "2", "3"]) == [], "one new row pushed 4 down")
        #expect(GoneRows.ids(from: page, to: ["9", "1", "3", "4"]) == ["2"], "one new row, but 2 left from the middle: 4 and 3 stayed")
        #expect(GoneRows.ids(from: page, to: ["9", "8", "1", "4"]) == ["2", "3"], "4 stayed, so nothing before it was pushed past it")
        #expect(GoneRows.ids(from: page, to: ["9", "8", "1", "2"]) == [], "two new rows pushed 3 and 4 down")
        #expect(GoneRows.ids(from: page, to: ["9", "1"]) == ["2", "3"], "one new row pushes at most one (4) down")
        #expect(GoneRows.ids(from: [], to: page) == [])
    }

    @Test func aChangeIsHeldItsPeriodAndFloodsStayBounded() {
        var changes = RowChanges()
        changes.note("a", fields: ["price"], at: 10, hold: 2)
        changes.note("a", fields: ["stock"], at: 11, hold: 2)
        #expect(changes.fields(of: "a", now: 12, hold: 2) == ["price", "stock"], "a change still held gathers the next")
        #expect(changes.fields(of: "a", now: 13, hold: 2) == nil)
        changes.note("b", fields: [], at: 11, hold: 2)
        #expect(changes.changed["b"] == nil, "nothing changed: nothing noted")
        for n in 0..<(RowChanges.mostRows + 5) { changes.note("r\(n)", fields: ["x"], at: 20 + Double(n) / 1e6, hold: 2) }
        changes.prune(now: 21, hold: 2)
        #expect(changes.changed.count == RowChanges.mostRows && changes.changed["r0"] == nil)
    }

    /// A live list whose first page is ids 1...5 (no paging).
    func live(drops: Bool) -> ListState {
        var state = ListState()
        state.viewportItems = 10
        state.live = LiveRefresh(every: 30)
        state.live?.dropsGone = drops
        F.send(&state, paging: Paging(), .appeared, .pageLoaded(requestID: 1, PageLoad(rows: F.rows(1...5), fetchedAt: F.fetchedAt)))
        return state
    }

    func tick(_ state: inout ListState, _ ids: [String], at time: Double) {
        F.send(&state, paging: Paging(), .liveTick)
        F.send(&state, paging: Paging(), .pageLoaded(requestID: state.inFlight!.id, PageLoad(rows: F.rows(ids: ids), fetchedAt: time)))
    }

    @Test func aRowGoneFromTheFirstPageIsDimmedForATickThenKept() {
        var state = live(drops: false)
        tick(&state, ["1", "2", "3", "4", "5"], at: F.fetchedAt + 30)
        #expect(state.changes.gone == [])
        tick(&state, ["1", "2", "4", "5"], at: F.fetchedAt + 60)
        #expect(state.changes.gone == ["3"] && state.rows.index(ofID: "3") == 2)
        #expect(state.changesText(now: F.fetchedAt + 61) == "1 gone")
        tick(&state, ["1", "2", "4", "5"], at: F.fetchedAt + 90)
        #expect(state.changes.gone == [] && state.rows.count == 5, "a tick later: an ordinary row again")
    }

    @Test func withDropsGoneTheRowGoesAtTheNextTick() {
        var state = live(drops: true)
        tick(&state, ["1", "2", "3", "4", "5"], at: F.fetchedAt + 30)
        tick(&state, ["1", "2", "4", "5"], at: F.fetchedAt + 60)
        #expect(state.changes.gone == ["3"] && state.rows.count == 5, "shown dimmed for a tick first")
        tick(&state, ["1", "2", "4", "5"], at: F.fetchedAt + 90)
        #expect(state.rows.map(\.id) == ["1", "2", "4", "5"] && state.changes.gone == [])
    }

    @Test func aRowThatComesBackIsNotGone() {
        var state = live(drops: true)
        tick(&state, ["1", "2", "3", "4", "5"], at: F.fetchedAt + 30)
        tick(&state, ["1", "2", "4", "5"], at: F.fetchedAt + 60)
        tick(&state, ["1", "2", "3", "4", "5"], at: F.fetchedAt + 90)
        #expect(state.rows.count == 5 && state.changes.gone == [])
    }
}

/// A refresh (`r`) marks what it changed too, on any list; a first page of
/// another query starts with nothing marked.
@Suite("What a refresh changed")
struct RefreshChangesTests {
    typealias F = Fixtures

    @Test func aRefreshMarksTheFieldsItChanged() {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        F.send(&state, .appeared, .pageLoaded(requestID: 1, F.page(1...5)))
        F.send(&state, .refresh)
        let renamed = RowModel(id: "2", title: "Item 2 renamed")
        F.send(&state, .pageLoaded(requestID: state.inFlight!.id,
                                   PageLoad(rows: F.rows(ids: ["1"]) + [renamed] + F.rows(3...5), fetchedAt: F.fetchedAt + 9)))
        #expect(state.changedFields(of: "2", now: F.fetchedAt + 10) == ["title"])
        #expect(state.changedFields(of: "1", now: F.fetchedAt + 10) == [])
        #expect(state.changesText(now: F.fetchedAt + 10) == "1 changed")
        #expect(state.changesText(now: F.fetchedAt + 9 + RowChanges.refreshHold) == nil, "held a few seconds")
        #expect(state.changesExpiry(now: F.fetchedAt + 10) == F.fetchedAt + 9 + RowChanges.refreshHold)
    }
}
