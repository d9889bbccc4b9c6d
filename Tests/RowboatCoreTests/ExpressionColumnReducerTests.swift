import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatJQ

/// Expression columns in the columns panel: `a` opens the panel's prompt,
/// Enter compiles the jq expression at once and shows its column (kept
/// with the arrangement), a syntax error is one line in the panel with
/// what was typed kept, hiding it removes it, it is sorted and filtered by
/// as any column, its values are cleaned and
/// bounded like every jq value, and a kept one that no longer compiles is
/// dropped with one line when the arrangement is read back.
@Suite struct ExpressionColumnReducerTests {
    /// Types `text` on the prompt the add key opens, then Enter, by the default keys.
    func type(_ text: String, _ state: inout AppState) -> [AppEffect] {
        var effects = AppReducer.reduce(&state, KeyMap.default.action(for: .character("a"), in: state)!)
        for key in text { effects += AppReducer.reduce(&state, KeyMap.default.action(for: .character(key), in: state)!) }
        return effects + AppReducer.reduce(&state, KeyMap.default.action(for: .enter, in: state)!)
    }

    /// The panel open over the 30 rows of `ColumnsPanelReducerTests`, jq given.
    func app() throws -> AppState {
        var state = try JQFilterTests().app()
        _ = AppReducer.reduce(&state, .columns(.open))
        return state
    }

    func column(_ source: String) throws -> ExpressionColumn {
        ExpressionColumn(ComputedField(try JQProgram(source)))
    }

    @Test func theAddKeyOpensThePromptOfThePanel() throws {
        var state = try app()
        #expect(KeyMap.default.action(for: .character("a"), in: state) == .columns(.addExpression))
        let before = state
        #expect(AppReducer.reduce(&state, .columns(.addExpression)) == [])
        var expected = before
        expected.overlay = .columns(ColumnsPanel(cursor: 0, typed: "", addsColumn: true))
        #expect(state == expected)
        // The prompt's keys are the filter value's: characters are text, Esc leaves it.
        #expect(KeyMap.default.action(for: .character("a"), in: state) == .columns(.type(.insert("a"))))
        #expect(AppReducer.reduce(&state, .columns(.type(.cancel))) == [])
        #expect(state == before)
    }

    @Test func anExpressionTypedBecomesAColumnKeptWithTheArrangement() throws {
        var state = try app()
        let before = state
        let effects = type(".price * 2", &state)
        let added = try column(".price * 2")
        var expected = before
        expected.tab.expressionColumns = [added]
        expected.tab.columns.append(ColumnSpec(field: "jq: .price * 2", title: ".price * 2", width: .weight(1, min: 8)))
        expected.overlay = .columns(ColumnsPanel(cursor: 2))
        #expect(state == expected)
        #expect(effects == [.saveColumns(endpoint: "items", ColumnArrangement(columns: [
            .init(field: "title"), .init(field: "price"), .init(field: "jq: .price * 2"),
        ]))])
        #expect(AppReducer.columnLines(state).map(\.path) == ["title", "price", "jq", "id", "maker.name", "rating"])
        // Row n's price is €(n*7 % 30).00, read as money: row 1 shows 14, row 5 (€5.00) 10.
        #expect(state.shownItem(0)?.fields["jq: .price * 2"] == .text("14"))
        #expect(state.shownItem(4)?.fields["jq: .price * 2"] == .text("10"))
        // The same expression again is refused in the panel.
        #expect(type(".price * 2", &state) == [])
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 2, typed: ".price * 2", addsColumn: true,
                                                       problem: "that column is shown already")))
    }

    @Test func aSyntaxErrorIsOneLineInThePanelAndTheTextStays() throws {
        var state = try app()
        let before = state
        #expect(type(".price +", &state) == [])
        guard case .columns(let panel) = state.overlay, let problem = panel.problem else {
            Issue.record("no problem shown")
            return
        }
        #expect(problem.hasPrefix("jq: syntax error") && !problem.contains("\n"), "\(problem)")
        var expected = before
        expected.overlay = .columns(ColumnsPanel(cursor: 0, typed: ".price +", addsColumn: true, problem: problem))
        #expect(state == expected)
        // Mending it: the next key clears the line, Enter adds the column.
        _ = AppReducer.reduce(&state, .columns(.type(.insert(" 1"))))
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 0, typed: ".price + 1", addsColumn: true)))
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
        #expect(state.columns.map(\.field) == ["title", "price", "jq: .price + 1"])
        // Nothing typed: one line, too.
        _ = type("", &state)
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 2, typed: "", addsColumn: true,
                                                       problem: "a jq expression for the column, such as .price * 2")))
    }

    @Test func hidingItRemovesIt() throws {
        var state = try app()
        _ = type(".maker | ascii_upcase", &state)
        #expect(state.shownItem(0)?.fields["jq: .maker | ascii_upcase"] == .text("MAKER 1"))
        #expect(AppReducer.reduce(&state, .columns(.toggle)) == [.saveColumns(endpoint: "items", nil)])
        #expect(state.tab.expressionColumns == [] && state.columns == state.tab.configColumns)
        #expect(state.shownItem(0)?.fields["jq: .maker | ascii_upcase"] == nil)
    }

    /// The values a row shows in an expression column, as numbers.
    func shown(_ field: String, _ state: AppState) -> [Double] {
        (0..<state.list.rows.count).compactMap { row in
            guard case .text(let text)? = state.shownItem(row)?.fields[field] else { return nil }
            return Double(text)
        }
    }

    /// An expression column is sorted and filtered by as any column: the
    /// panel's sort key orders the loaded rows by the values it shows
    /// (numbers as numbers: 8 before 10), kept with the arrangement; the
    /// filter keys take the selected row's value of it, and a typed value
    /// is compared with its values.
    @Test func itIsSortedAndFilteredByAsAnyColumn() throws {
        var state = try app()
        _ = type(".price * 2", &state)
        let field = "jq: .price * 2"
        let reading = ComputedColumn(ComputedField(try JQProgram(".price * 2")), kinds: state.fieldKinds)
        let before = state
        #expect(AppReducer.reduce(&state, .columns(.sort)) == [.saveColumns(endpoint: "items", ColumnArrangement(
            columns: [.init(field: "title"), .init(field: "price"), .init(field: field)], sort: .init(field: field)))])
        let sort = LocalSort(field: field, title: ".price * 2", kind: .auto, computed: reading)
        var expected = before
        ListReducer.applySort(sort, to: &expected.list)
        expected.toast = state.toast
        #expect(state == expected && state.toast?.text == "sorted by .price * 2 ↑ (the 30 loaded rows)")
        // Row n shows (n*7 % 30) * 2: every even number below 60 once, in order.
        #expect(shown(field, state) == (0..<30).map { Double($0 * 2) })
        _ = AppReducer.reduce(&state, .columns(.sort))
        #expect(state.list.sort?.descending == true && shown(field, state) == (0..<30).reversed().map { Double($0 * 2) })

        // `>` with the selected row's value (the first row: 58) keeps none; `<` keeps the others.
        let sorted = state
        _ = AppReducer.reduce(&state, .columns(.filter(.less)))
        let condition = FilterCondition(field: field, title: ".price * 2", relation: .less, value: "58", kind: .auto,
                                        collation: state.collation, computed: reading)
        #expect(state.list.filter == RowFilter([condition]))
        expected = sorted
        _ = AppReducer.reduce(&expected, .list(.filter(RowFilter([condition]))))
        expected.toast = state.toast
        #expect(state == expected && state.toast?.text == "29 of 30 loaded rows where .price * 2 < 58")
        #expect(shown(field, state) == (0..<29).reversed().map { Double($0 * 2) })
        // A typed value on its line, stacked: `t`, `>20`, Enter.
        JQFilterTests().type(">20", &state)
        #expect(state.list.filter?.conditions.last == FilterCondition(field: field, title: ".price * 2", relation: .greater,
                                                                        value: "20", kind: .auto, collation: state.collation,
                                                                        computed: reading))
        #expect(shown(field, state) == (11..<29).reversed().map { Double($0 * 2) })
    }

    @Test func itsValuesAreCleanedAndBounded() throws {
        var state = try app()
        _ = type(#""a\u001b]0;x\u0007b" + .maker"#, &state)
        #expect(state.shownItem(0)?.fields[#"jq: "a\u001b]0;x\u0007b" + .maker"#] == .text("a]0;xbMaker 1"))
        // An array is its JSON text; null is no value.
        _ = type("[.rating, .missing]", &state)
        #expect(state.shownItem(1)?.fields["jq: [.rating, .missing]"] == .text("[2,null]"))
        _ = type(".missing", &state)
        #expect(state.shownItem(1)?.fields["jq: .missing"] == nil)
        // An expression that never ends is halted by the watchdog: no value, and the screen goes on.
        _ = type("last(range(1e12))", &state)
        let start = Date()
        #expect(state.shownItem(0)?.fields["jq: last(range(1e12))"] == nil)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func aKeptExpressionColumnComesBackAndOneThatNoLongerCompilesIsDropped() throws {
        var state = try JQFilterTests().app()
        let problem = state.arrangeColumns(["items": ColumnArrangement(columns: [
            .init(field: "title"), .init(field: "jq: .rating + 1", width: 12), .init(field: "jq: .rating +"),
        ])])
        #expect(problem?.hasPrefix("kept column dropped (.rating +): jq: syntax error") == true, "\(problem ?? "")")
        #expect(state.tab.expressionColumns == [try column(".rating + 1")])
        #expect(state.columns == [state.tab.configColumns[0],
                                  ColumnSpec(field: "jq: .rating + 1", title: ".rating + 1", width: .fixed(12))])
        #expect(state.shownItem(2)?.fields["jq: .rating + 1"] == .text("4"))
        // A sort by it kept with the layout comes back reading its values.
        var sorted = try JQFilterTests().app()
        sorted.arrangeColumns(["items": ColumnArrangement(columns: [.init(field: "title"), .init(field: "jq: .rating + 1")],
                                                          sort: .init(field: "jq: .rating + 1", descending: true))])
        #expect(sorted.list.sort == LocalSort(field: "jq: .rating + 1", title: ".rating + 1", descending: true,
                                              computed: ComputedColumn(ComputedField(try JQProgram(".rating + 1")),
                                                                       kinds: sorted.fieldKinds)))
        // Without jq (a kit program), every kept expression is dropped with one line.
        var plain = try ColumnsPanelReducerTests().app()
        #expect(plain.arrangeColumns(["items": ColumnArrangement(columns: [.init(field: "jq: .rating + 1")])])
                == "kept column dropped (.rating + 1): jq expressions are not available here")
        #expect(plain.tab.expressionColumns == [] && plain.columns == plain.tab.configColumns)
    }
}
