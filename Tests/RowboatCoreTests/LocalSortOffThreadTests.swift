import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// A local sort of a long list is worked out off the UI thread: the
/// reducer asks for it (`sortRows`) and keys are answered meanwhile; the
/// order comes back (`rowsSorted`) and is put in force on the same item,
/// rows that came meanwhile merged into it; an order worked out for rows
/// since replaced or moved is worked out again; an answer overtaken by
/// another sort is dropped. (`inlineSortRows` is lowered so 30 rows count
/// as long.)
@Suite("Local sort off the UI thread")
struct LocalSortOffThreadTests {
    typealias F = Fixtures

    func row(_ id: Int, _ value: Int) -> RowModel {
        RowModel(id: String(id), title: "Item \(id)", fields: ["title": .text("Item \(id)"), "v": .text(String(value))],
                 fieldOrder: ["title", "v"])
    }

    /// 30 rows whose "v" counts down, so a sort by it reverses them.
    func list() -> ListState {
        var state = ListState(paging: F.paging)
        state.viewportItems = 10
        state.inlineSortRows = 10
        let rows = (1...30).map { row($0, 100 - $0) }
        F.send(&state, .appeared, .pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 5, fetchedAt: F.fetchedAt)))
        return state
    }

    let byV = LocalSort(field: "v", title: "V", kind: .number)

    @Test func theOrderIsWorkedOutOffTheUIThreadAndKeysAreAnsweredMeanwhile() {
        var state = list()
        F.send(&state, .move(.to(15)))
        let before = state
        let effects = F.send(&state, .sort(byV))
        #expect(effects == [.sortRows(requestID: 1, byV, before.rows)])
        var expected = before
        expected.sorting = PendingSort(id: 1, sort: byV, stamp: before.rows.stamp, count: 30)
        expected.lastSortID = 1
        #expect(state == expected)
        // A key meanwhile moves the selection at once, over the rows as they were.
        F.send(&state, .move(.down))
        #expect(state.selectedRow?.id == "17")
        // The answer: in force, its first rows shown.
        #expect(F.send(&state, .rowsSorted(requestID: 1, order: byV.order(of: before.rows))) == [])
        #expect(state.sort == byV && state.sorting == nil)
        #expect(state.rows.map(\.id) == (1...30).reversed().map(String.init))
        #expect(state.selection == 0 && state.scrollOffset == 0 && state.selectedRow?.id == "30")
        #expect(F.positions(state.rows) == F.positions(Array(state.rows)))
    }

    /// The rows put in the order off the UI thread are taken as they are:
    /// the state is what the order put in force there would have made.
    @Test func theRowsPutInOrderOffTheUIThreadAreTakenAsTheyAre() {
        var state = list()
        F.send(&state, .move(.to(15)))
        guard case .sortRows(let id, let sort?, let rows)? = F.send(&state, .sort(byV)).first else {
            Issue.record("no sortRows effect")
            return
        }
        let order = sort.order(of: rows)
        var byOrder = state
        F.send(&byOrder, .rowsSorted(requestID: id, order: order))
        var sorted = rows
        sorted.reorder(order)
        #expect(F.send(&state, .rowsSorted(requestID: id, order: order, rows: sorted)) == [])
        #expect(state == byOrder)
        #expect(state.rows.map(\.id) == (1...30).reversed().map(String.init) && state.selection == 0)
        // With rows come meanwhile, the rows given are not the list's: the order is merged instead.
        var later = list()
        guard case .sortRows(let again, _, let before)? = F.send(&later, .sort(byV)).first else { return }
        let more = (31...36).map { row($0, 100 - $0) }
        F.send(&later, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: more, totalPages: 5, fetchedAt: F.fetchedAt)))
        var stale = before
        stale.reorder(sort.order(of: before))
        F.send(&later, .rowsSorted(requestID: again, order: sort.order(of: before), rows: stale))
        #expect(later.rows.map(\.id) == (1...36).reversed().map(String.init) && later.sort == byV)
    }

    /// The way back to the server's order of a long sorted list is worked
    /// out off the UI thread too: the rows stay sorted, and `sort` stays,
    /// until the rows in the natural order come; the selection stays on
    /// its item. From the server's order, there is nothing to ask.
    @Test func theServersOrderAgainIsWorkedOutOffTheUIThreadToo() {
        var state = list()
        guard case .sortRows(let id, let sort?, let rows)? = F.send(&state, .sort(byV)).first else {
            Issue.record("no sortRows effect")
            return
        }
        F.send(&state, .rowsSorted(requestID: id, order: sort.order(of: rows)))
        F.send(&state, .move(.to(4)))
        #expect(state.selectedRow?.id == "26")
        let before = state
        let effects = F.send(&state, .sort(nil))
        #expect(effects == [.sortRows(requestID: 2, nil, before.rows)])
        var expected = before
        expected.sorting = PendingSort(id: 2, sort: nil, stamp: before.rows.stamp, count: 30)
        expected.lastSortID = 2
        #expect(state == expected)
        #expect(state.wantedSort == nil && state.sort == byV)
        var natural = before.rows
        natural.restoreNaturalOrder()
        #expect(F.send(&state, .rowsSorted(requestID: 2, order: [], rows: natural)) == [])
        #expect(state.sort == nil && state.sorting == nil && state.rows.isInNaturalOrder)
        #expect(state.rows.map(\.id) == (1...30).map(String.init) && state.selectedRow?.id == "26")
        // Without the rows (or with rows come meanwhile), they are put back here.
        var again = before
        F.send(&again, .sort(nil))
        F.send(&again, .rowsSorted(requestID: 2, order: []))
        #expect(again.rows.map(\.id) == (1...30).map(String.init) && again.sort == nil && again.selectedRow?.id == "26")
        // Already in the server's order: nothing asked.
        #expect(F.send(&state, .sort(nil)) == [] && state.sorting == nil)
    }

    @Test func rowsThatCameMeanwhileAreMergedIntoTheOrder() {
        var state = list()
        guard case .sortRows(let id, let sort?, let rows)? = F.send(&state, .sort(byV)).first else {
            Issue.record("no sortRows effect")
            return
        }
        let more = (31...36).map { row($0, 100 - $0) }
        F.send(&state, .loadMore, .pageLoaded(requestID: 2, PageLoad(rows: more, totalPages: 5, fetchedAt: F.fetchedAt)))
        #expect(state.rows.count == 36 && state.sort == nil)
        F.send(&state, .rowsSorted(requestID: id, order: sort.order(of: rows)))
        #expect(state.rows.map(\.id) == (1...36).reversed().map(String.init) && state.sort == byV)
    }

    @Test func anOrderForRowsSinceReplacedIsWorkedOutAgain() {
        var state = list()
        guard case .sortRows(let id, let sort?, let rows)? = F.send(&state, .sort(byV)).first else {
            Issue.record("no sortRows effect")
            return
        }
        // A refresh brings other rows (the same count): the old order does not fit them.
        let fresh = (1...30).map { row($0, $0) }
        F.send(&state, .refresh, .pageLoaded(requestID: 2, PageLoad(rows: fresh, totalPages: 5, fetchedAt: F.fetchedAt)))
        let again = F.send(&state, .rowsSorted(requestID: id, order: sort.order(of: rows)))
        #expect(again == [.sortRows(requestID: 2, byV, state.rows)])
        #expect(state.sort == nil && state.sorting?.id == 2)
        #expect(state.rows.map(\.id) == (1...30).map(String.init))
        F.send(&state, .rowsSorted(requestID: 2, order: byV.order(of: state.rows)))
        #expect(state.rows.map(\.id) == (1...30).map(String.init) && state.sort == byV)
    }

    @Test func anOvertakenSortsAnswerIsDroppedAndOffComesAtOnce() {
        var state = list()
        let first = F.send(&state, .sort(byV))
        let descending = LocalSort(field: "v", title: "V", descending: true, kind: .number)
        F.send(&state, .sort(descending))
        #expect(state.sorting?.id == 2)
        guard case .sortRows(_, _, let rows)? = first.first else {
            Issue.record("no sortRows effect")
            return
        }
        let unchanged = state
        #expect(F.send(&state, .rowsSorted(requestID: 1, order: byV.order(of: rows))) == [])
        #expect(state == unchanged)
        // Off while one is pending: the server's order, nothing pending.
        #expect(F.send(&state, .sort(nil)) == [])
        #expect(state.sorting == nil && state.sort == nil && state.rows.isInNaturalOrder)
        #expect(F.send(&state, .rowsSorted(requestID: 2, order: descending.order(of: rows))) == [])
        #expect(state.sort == nil && state.rows.map(\.id) == (1...30).map(String.init))
    }

    @Test func theNaturalOrderComesBackInOnePass() {
        #expect(RowTable.naturalOrder([5, 3, 4, -1, 0]) == [3, 4, 1, 2, 0])
        #expect(RowTable.naturalOrder([]) == [])
        // Spread far wider than the rows: sorted instead, the same answer.
        #expect(RowTable.naturalOrder([1_000_000, -1_000_000, 7]) == [1, 2, 0])
    }
}
