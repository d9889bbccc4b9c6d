import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// Refresh keeps the selected row beyond its first page (issue #35): the
/// old rows stay after the fresh ones while the refresh loads pages until
/// the selected id is among the fresh rows, bounded.
@Suite("ListReducer: refresh follows the selected row")
struct ListReducerRefreshFollowTests {
    typealias F = Fixtures

    /// Three pages (90 rows), viewport 10, the row at index 70 (id "71") selected.
    func deepSelection() -> ListState {
        var state = F.loaded(pages: 3, viewport: 10)
        F.send(&state, .move(.to(70)))
        #expect(state.selectedRow?.id == "71")
        #expect(state.inFlight == nil)
        return state
    }

    /// Two new rows at the top: every item moves two places down.
    func shifted(_ page: Int) -> [RowModel] {
        let first = (page - 1) * 30 - 1
        return (first...first + 29).map { $0 < 1 ? RowModel(id: "new\($0 + 2)", title: "New \($0 + 2)")
                                                  : RowModel(id: String($0), title: "Item \($0)") }
    }

    @Test func refreshLoadsPagesUntilTheSelectedRowAndKeepsItSelected() {
        var state = deepSelection()
        let screenRow = state.selection - state.scrollOffset
        #expect(F.send(&state, .refresh) == [.fetchPage(requestID: 4, cursor: .page(1))])

        // Page 1 lacks "71": the old rows stay after the fresh ones, page 2 is asked for.
        let page1 = shifted(1)
        #expect(F.send(&state, .pageLoaded(requestID: 4, PageLoad(rows: page1, totalPages: 5, fetchedAt: 2_000)))
            == [.fetchPage(requestID: 5, cursor: .page(2))])
        #expect(Array(state.rows.prefix(30)) == page1)
        #expect(Array(state.rows.dropFirst(30)) == F.rows(29...90))
        #expect(state.selectedRow?.id == "71")
        #expect(state.selection - state.scrollOffset == screenRow)
        #expect(state.refreshFollow == RefreshFollow(selectedID: "71", freshCount: 30, pagesLeft: 3, place: 70))
        #expect(state.phase == .refreshing)
        #expect(state.inFlight?.kind == .more)

        // Page 2: still not there; the old rows it brought back are now fresh.
        #expect(F.send(&state, .pageLoaded(requestID: 5, PageLoad(rows: shifted(2), totalPages: 5, fetchedAt: 2_001)))
            == [.fetchPage(requestID: 6, cursor: .page(3))])
        #expect(Array(state.rows.prefix(60)) == page1 + shifted(2))
        #expect(Array(state.rows.dropFirst(60)) == F.rows(59...90))
        #expect(state.selectedRow?.id == "71")
        #expect(state.refreshFollow == RefreshFollow(selectedID: "71", freshCount: 60, pagesLeft: 2, place: 70))

        // Page 3 holds it: the old rows go, the selection stays on its item and screen row.
        #expect(F.send(&state, .pageLoaded(requestID: 6, PageLoad(rows: shifted(3), totalPages: 5, fetchedAt: 2_002)))
            == [])
        var expected = ListState(paging: F.paging)
        expected.viewportItems = 10
        expected.phase = .idle
        expected.rows = RowTable(page1 + shifted(2) + shifted(3))
        expected.selection = 72
        expected.scrollOffset = 72 - screenRow
        expected.nextCursor = .page(4)
        expected.pagesLoaded = 3
        expected.totalPages = 5
        expected.lastRequestID = 6
        expected.lastUpdated = 2_002
        expected.trail = state.trail
        #expect(state == expected)
        #expect(state.selectedRow?.id == "71")
    }

    @Test func theSearchIsBoundedAndAGoneRowLeavesTheSelectionInPlace() {
        var state = deepSelection()
        F.send(&state, .refresh)
        // "71" is gone: the refresh loads one page more than the list had, then stops.
        var effects = F.send(&state, .pageLoaded(requestID: 4, F.page(101...130, totalPages: 9)))
        var id = 4
        while effects == [.fetchPage(requestID: id + 1, cursor: .page(id - 2))] {
            id += 1
            let first = 101 + (id - 4) * 30
            effects = F.send(&state, .pageLoaded(requestID: id, F.page(first...first + 29, totalPages: 9)))
        }
        #expect(effects == [])
        #expect(id == 7)   // pages 2, 3 and 4 after the first
        #expect(state.refreshFollow == nil)
        #expect(state.rows == F.rows(101...220))
        #expect(state.selection == 70)
        #expect(state.phase == .idle)
    }

    @Test func aFailedPageEndsTheSearchAndDropsTheOldRows() {
        var state = deepSelection()
        F.send(&state, .refresh, .pageLoaded(requestID: 4, PageLoad(rows: shifted(1), totalPages: 5, fetchedAt: 2_000)))
        #expect(F.send(&state, .pageFailed(requestID: 5, message: "HTTP 500")) == [])
        #expect(state.refreshFollow == nil)
        #expect(state.rows == shifted(1))
        #expect(state.selection == 29)
        #expect(state.phase == .failed("HTTP 500"))
        #expect(state.failedLoad == .init(kind: .more, cursor: .page(2)))
    }

    @Test func movingOntoAFreshRowEndsTheSearchAtTheNextPage() {
        var state = deepSelection()
        F.send(&state, .refresh, .pageLoaded(requestID: 4, PageLoad(rows: shifted(1), totalPages: 5, fetchedAt: 2_000)))
        F.send(&state, .move(.to(3)))
        #expect(state.selectedRow?.id == "2")
        #expect(F.send(&state, .pageLoaded(requestID: 5, PageLoad(rows: shifted(2), totalPages: 5, fetchedAt: 2_001)))
            == [])
        #expect(state.refreshFollow == nil)
        #expect(state.rows == shifted(1) + shifted(2))
        #expect(state.selectedRow?.id == "2")
    }

    @Test func marksOfTheKeptRowsSurviveTheSearch() {
        var state = deepSelection()
        F.send(&state, .move(.to(40)))
        state.marks.toggle(40, in: state.rows)   // "41"
        F.send(&state, .move(.to(70)))
        F.send(&state, .refresh, .pageLoaded(requestID: 4, PageLoad(rows: shifted(1), totalPages: 5, fetchedAt: 2_000)))
        #expect(state.marks.indices(in: state.rows).map { state.rows.id(at: $0) } == ["41"])
        F.send(&state, .pageLoaded(requestID: 5, PageLoad(rows: shifted(2), totalPages: 5, fetchedAt: 2_001)),
               .pageLoaded(requestID: 6, PageLoad(rows: shifted(3), totalPages: 5, fetchedAt: 2_002)))
        #expect(state.marks.indices(in: state.rows).map { state.rows.id(at: $0) } == ["41"])
    }

    @Test func aRefreshWhoseFirstPageHoldsTheRowLoadsNothingMore() {
        var state = F.loaded(pages: 3, viewport: 10)
        F.send(&state, .move(.to(10)))
        F.send(&state, .refresh)
        #expect(F.send(&state, .pageLoaded(requestID: 4, PageLoad(rows: shifted(1), totalPages: 5, fetchedAt: 2_000)))
            == [])
        #expect(state.refreshFollow == nil)
        #expect(state.selectedRow?.id == "11")
        #expect(state.rows.count == 30)
    }
}

/// Selecting a row by id (a program's own code: `ListRemote.select(id:)`).
@Suite("ListReducer: select by id")
struct ListReducerSelectTests {
    typealias F = Fixtures

    @Test func selectsALoadedRowAndIgnoresOthers() {
        var state = F.loaded(pages: 2, viewport: 10)
        #expect(F.send(&state, .select(id: "25")) == [])
        #expect(state.selection == 24)
        #expect(state.scrollOffset == 15)
        let before = state
        #expect(F.send(&state, .select(id: "nope")) == [])
        #expect(state == before)
        // Near the end: the next page, as a move there would.
        #expect(F.send(&state, .select(id: "58")) == [.fetchPage(requestID: 3, cursor: .page(3))])
        #expect(state.selectedRow?.id == "58")
    }
}
