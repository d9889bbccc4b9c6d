import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews

/// Golden frames of which sort is in force, as the status bar says it: a
/// local sort of the loaded rows ("sorted by Price ↑ (loaded)", the arrow
/// in the header), one still being worked out off the UI thread on a long
/// list ("sorting by Price ↑…", the rows as they were), and the server's
/// order (nothing said).
@Suite struct SortStatusFrameTests {
    let renderer = AppRenderer(theme: .default)

    func state() -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 100, rows: 12))
        state.endpoints["items"] = EndpointInfo(title: "Items", fields: ColumnsPanelFrameTests.fields)
        return state
    }

    /// Opens the columns panel on Price and presses `s`, then closes it.
    func sortByPrice(_ state: inout AppState) -> [AppEffect] {
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(2)))
        let effects = AppReducer.reduce(&state, .columns(.sort))
        _ = AppReducer.reduce(&state, .columns(.close))
        return effects
    }

    @Test func aLocalSortIsNamedInTheStatusBar() throws {
        var state = state()
        #expect(sortByPrice(&state).allSatisfy { if case .saveColumns = $0 { true } else { false } })
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "sort-local-100x12")
        let lines = grid.lines()
        #expect(lines.last?.contains("sorted by Price ↑ (loaded)") == true)
        #expect(lines[0].contains("Price ↑"))
    }

    @Test func aSortBeingWorkedOutIsNamedAndTheRowsStayAsTheyWere() throws {
        var state = state()
        state.list.inlineSortRows = 10
        let effects = sortByPrice(&state)
        guard case .sortRows? = effects.first else {
            Issue.record("a long list's sort is worked out off the UI thread: \(effects)")
            return
        }
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "sort-pending-100x12")
        let lines = grid.lines()
        #expect(lines.last?.contains("sorting by Price ↑…") == true)
        #expect(!lines.contains { $0.contains("sorted by") })
        #expect(state.list.rows.id(at: 0) == "1")
    }

    /// The way back to the server's order of a long list, worked out off
    /// the UI thread: said so while the rows stay in the sort's order.
    @Test func theWayBackToTheServersOrderIsNamedWhileItIsWorkedOut() throws {
        var state = state()
        state.list.inlineSortRows = 10
        /// The columns panel's `s` on Price, its order worked out as the runner does.
        func press(_ state: inout AppState) -> [AppEffect] {
            let effects = sortByPrice(&state)
            if case .sortRows(let list, let id, let sort?, let rows)? = effects.first {
                var sorted = rows
                let order = sort.order(of: rows)
                sorted.reorder(order)
                _ = AppReducer.reduce(&state, .answer(list, .rowsSorted(requestID: id, order: order, rows: sorted)))
            }
            return effects
        }
        _ = press(&state)
        _ = press(&state)
        #expect(state.list.sort?.descending == true)
        let effects = sortByPrice(&state)
        guard case .sortRows(_, _, nil, _)? = effects.first else {
            Issue.record("the way back is worked out off the UI thread: \(effects)")
            return
        }
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "sort-back-pending-100x12")
        let lines = grid.lines()
        #expect(lines.last?.contains("back to the server's order…") == true)
        #expect(lines.contains { $0.contains("back to the server's order (the 30 loaded rows)…") })
        #expect(state.list.rows.id(at: 0) != "1" && state.list.sort != nil)
    }
}

/// A golden frame of a local filter in force, with a sort: the status bar
/// says `where …` with each condition, a value from the data cleaned of
/// control characters and cut.
@Suite struct FilterStatusFrameTests {
    let renderer = AppRenderer(theme: .default)

    @Test func aLocalFilterIsNamedInTheStatusBar() throws {
        var state = SortStatusFrameTests().state()
        state.size = .init(columns: 120, rows: 12)
        _ = SortStatusFrameTests().sortByPrice(&state)
        let price = FilterCondition(field: "price", title: "Price", relation: .greater, value: "10", kind: .number)
        let title = FilterCondition(field: "title", title: "Title", relation: .contains, value: "item 1")
        _ = AppReducer.reduce(&state, .list(.filter(RowFilter([price]))))
        _ = AppReducer.reduce(&state, .list(.filter(RowFilter([price, title]))))
        _ = AppReducer.reduce(&state, .columns(.close))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "filter-local-120x12")
        let status = try #require(grid.lines().last)
        #expect(status.contains("· where Price > 10 · Title ~ item 1"))
        #expect(state.list.rows.map(\.id) == (10...19).map(String.init))
        // A value with control characters (from the data, or typed) is drawn clean and cut.
        let hostile = FilterCondition(field: "title", title: "Title", relation: .equals,
                                      value: "Lis\u{1B}[2J\nbon" + String(repeating: "x", count: 100))
        _ = AppReducer.reduce(&state, .list(.filter(RowFilter([hostile]))))
        let line = try #require(renderer.render(state, now: Fixtures.now).lines().last)
        #expect(line.contains("where Title = Lis") && line.contains("xx…") && !line.contains("\u{1B}"))
    }
}

/// A golden frame of a local filter being worked out off the UI thread on
/// a long list: the status bar says `filtering N rows where ……` and the
/// rows shown stay as they were until the answer.
@Suite struct FilterPendingFrameTests {
    @Test func aFilterBeingWorkedOutIsNamedAndTheRowsStayAsTheyWere() throws {
        var state = SortStatusFrameTests().state()
        state.list.inlineFilterRows = 10
        // In the columns panel on Price: `t`, "> 10", Enter; then the panel closed.
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(2)))
        _ = AppReducer.reduce(&state, .columns(.type(.begin)))
        for key in "> 10" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(key))))) }
        let effects = AppReducer.reduce(&state, .columns(.type(.submit)))
        _ = AppReducer.reduce(&state, .columns(.close))
        guard case .filterRows? = effects.first else {
            Issue.record("a long list's filter is worked out off the UI thread: \(effects)")
            return
        }
        let grid = AppRenderer(theme: .default).render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "filter-pending-100x12")
        let status = try #require(grid.lines().last)
        #expect(status.contains("filtering 30 rows where Price > 10…"))
        #expect(grid.lines().contains { $0.contains("filtering 30 loaded rows where Price > 10…") })
        #expect(state.list.rows.count == 30 && state.list.rows.id(at: 0) == "1")
        // In force, then every row asked back: said so while it is worked out.
        guard case .filterRows(let list, let id, let filter?, let rows, _, _)? = effects.first else { return }
        let kept = rows.rows(Array(rows.indices), matching: filter)
        _ = AppReducer.reduce(&state, .answer(list, .rowsFiltered(requestID: id, kept: kept)))
        #expect(state.list.filter == filter && state.list.rows.count == kept.count)
        _ = AppReducer.reduce(&state, .list(.filter(nil)))
        let backGrid = AppRenderer(theme: .default).render(state, now: Fixtures.now)
        try GoldenFrame.check(backGrid, "filter-every-row-back-100x12")
        let back = try #require(backGrid.lines().last)
        #expect(back.contains("every row back (30)…") && !back.contains("where"))
    }
}

/// A golden frame of a value being typed in the columns panel (`t`): the
/// panel's bottom line is the field, the text so far and the prompt's keys.
@Suite struct FilterTypingFrameTests {
    @Test func theValueBeingTypedIsThePanelsBottomLine() throws {
        var state = ColumnsPanelFrameTests().state(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(2)))
        _ = AppReducer.reduce(&state, .columns(.type(.begin)))
        for key in "> 10\u{1B}" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(key))))) }
        let grid = AppRenderer(theme: .default).render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "filter-typing-80x24")
        #expect(grid.lines().contains { $0.contains("Price: > 10▏ · enter keep the rows · esc drop") })
        #expect(!grid.text.contains("\u{1B}"))
    }

    /// A long text keeps its end in view; the keys go first, the last first.
    @Test func aLongTextPushesTheKeysOut() {
        let keys = ["enter keep the rows", "esc drop"]
        #expect(PromptFooter.line(label: "Price", typed: "> 10", keys: keys, width: 60)
                == "Price: > 10▏ · enter keep the rows · esc drop")
        let long = PromptFooter.line(label: "Price", typed: String(repeating: "x", count: 100) + "END", keys: keys, width: 60)
        #expect(long.hasPrefix("Price: xx") && long.hasSuffix("END▏ · enter keep the rows") && DisplayWidth.of(long) == 53)
        let narrow = PromptFooter.line(label: "Price", typed: String(repeating: "x", count: 100) + "END", keys: keys, width: 30)
        #expect(narrow.hasSuffix("END▏") && DisplayWidth.of(narrow) == 23)
    }
}
