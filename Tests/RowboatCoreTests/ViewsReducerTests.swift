import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing
import RowboatCells
import RowboatJQ

/// Saved views (`V`): the list's filter panel choices, server search,
/// local filter and sort and columns saved under a name (`saveViews`),
/// applied back (a change of the server's params starts the list over
/// from page 1), deleted with a second `d`; the config's `views:` listed
/// first and stepped through as sub-tabs.
@Suite("Saved views")
struct ViewsReducerTests {
    static let now: Double = 1_800_000_000

    static let config = """
    server: http://127.0.0.1:1
    interfaces:
      items:
        url: /items
        item:
          id: id
          title: title
          price: {path: price, type: number}
          city: city
        columns:
          - {field: title, title: Title, weight: 3}
          - {field: price, title: Price, width: 9, align: right}
        filters:
          - title: State
            options:
              - {title: Any}
              - {title: Open, params: {state: open}}
              - {title: Closed, params: {state: closed}}
        search: q
        views:
          - name: Open
            params: {state: open}
            filter: "price > 10"
            sort: -price
            columns: [title, city]
    """

    func app() throws -> AppState {
        let config = try ConfigLoader.parse(Self.config, file: "c.yaml")
        var state = AppState(config: config, size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...20).map { n in
            RowModel(id: String(n), title: "Item \(n)",
                     fields: ["title": .text("Item \(n)"), "price": .text("\(n)"), "city": .text(n % 2 == 0 ? "Lisbon" : "Porto")],
                     fieldOrder: ["id", "title", "price", "city"])
        }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 5, fetchedAt: Self.now))))
        return state
    }

    func type(_ text: String, _ state: inout AppState) -> [AppEffect] {
        var effects: [AppEffect] = []
        for c in text { effects += AppReducer.reduce(&state, KeyMap.default.action(for: .character(c), in: state)!) }
        return effects + AppReducer.reduce(&state, KeyMap.default.action(for: .enter, in: state)!)
    }

    @Test func vOpensThePanelWithTheConfigsViewsFirst() throws {
        var state = try app()
        #expect(KeyMap.default.action(for: .character("V"), in: state) == .views(.open))
        _ = AppReducer.reduce(&state, .views(.open))
        #expect(state.focus == .viewsPanel)
        #expect(state.viewLines.map(\.view.name) == ["Open"])
        #expect(KeyMap.default.action(for: .escape, in: state) == .views(.close))
        #expect(KeyMap.default.action(for: .character("V"), in: state) == .views(.close))
        _ = AppReducer.reduce(&state, .views(.close))
        #expect(state.overlay == nil)
    }

    @Test func savingKeepsWhatIsInForceUnderTheTypedName() throws {
        var state = try app()
        // A server filter, a local filter and a sort in force.
        state.tab.query.chosen = [2]
        _ = AppReducer.reduce(&state, .list(.filter(RowFilter([FilterCondition(field: "city", title: "city", relation: .equals,
                                                                              value: "Lisbon")]))))
        _ = AppReducer.reduce(&state, .views(.open))
        _ = AppReducer.reduce(&state, KeyMap.default.action(for: .character("s"), in: state)!)
        #expect(state.focus == .viewsPanel && KeyMap.default.bindings(in: state) == KeyMap.defaultViewsPrompt)
        let effects = type("Lisbon closed", &state)
        let saved = ViewSpec(name: "Lisbon closed", params: ["state": "closed"], filter: ["city = Lisbon"])
        #expect(effects == [.saveViews(endpoint: "items", [saved])])
        #expect(state.savedViews["items"] == [saved])
        #expect(state.viewLines.map(\.view.name) == ["Open", "Lisbon closed"])
        #expect(state.viewStatus == "view Lisbon closed")
        #expect(state.toast?.text == "view Lisbon closed saved")
    }

    @Test func applyingAViewWithOtherParamsStartsOverFromPageOne() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .views(.open))
        let effects = AppReducer.reduce(&state, .views(.apply))
        #expect(state.overlay == nil)
        #expect(state.query.chosen == [1] && state.query.params == ["state": "open"])
        #expect(effects.contains { if case .fetchPage(_, "items", _, _, let params) = $0 { params["state"] == "open" } else { false } })
        #expect(state.list.rows.count == 0 && state.list.pagesLoaded == 0)
        #expect(state.list.filter?.conditions.map(\.text) == ["Price > 10"])
        #expect(state.list.sort?.field == "price" && state.list.sort?.descending == true)
        #expect(state.columns.map(\.field) == ["title", "city"])
        #expect(state.viewStatus == "view Open")
        // Changing what the view set says so.
        _ = AppReducer.reduce(&state, .list(.filter(RowFilter())))
        #expect(state.viewStatus == "view Open (changed)")
    }

    @Test func aViewOfTheSameParamsDoesNotReload() throws {
        var state = try app()
        state.savedViews["items"] = [ViewSpec(name: "Cheap first", sort: ViewSpec.Sort(field: "price"))]
        _ = AppReducer.reduce(&state, .views(.open))
        _ = AppReducer.reduce(&state, .views(.move(1)))
        let effects = AppReducer.reduce(&state, .views(.apply))
        #expect(!effects.contains { if case .fetchPage = $0 { true } else { false } })
        #expect(state.list.rows.count == 20)
        #expect(state.list.sort?.field == "price" || state.list.sorting?.sort?.field == "price")
    }

    @Test func dTwiceDeletesASavedViewNotTheConfigs() throws {
        var state = try app()
        state.savedViews["items"] = [ViewSpec(name: "Mine", search: "brass")]
        _ = AppReducer.reduce(&state, .views(.open))
        #expect(AppReducer.reduce(&state, .views(.delete)) == [])
        #expect(state.toast?.text == "Open is the config's: change it there")
        _ = AppReducer.reduce(&state, .views(.move(1)))
        #expect(AppReducer.reduce(&state, .views(.delete)) == [])
        #expect(state.overlay == .views(ViewsPanel(cursor: 1, deleting: "Mine")))
        // Another key forgets the question.
        _ = AppReducer.reduce(&state, .views(.move(0)))
        #expect(AppReducer.reduce(&state, .views(.delete)) == [])
        #expect(AppReducer.reduce(&state, .views(.delete)) == [.saveViews(endpoint: "items", [])])
        #expect(state.viewLines.map(\.view.name) == ["Open"])
    }

    @Test func theSubTabsStepThroughTheConfigsViewsAndBack() throws {
        var state = try app()
        #expect(KeyMap.default.action(for: .character("]"), in: state) == .views(.cycle(1)))
        #expect(KeyMap.default.action(for: .character("["), in: state) == .views(.cycle(-1)))
        // Without declared views the sub-tab keys are not bound (nor listed in help).
        var plain = state
        plain.endpoints["items"]?.views = []
        #expect(KeyMap.default.action(for: .character("]"), in: plain) == nil)
        _ = AppReducer.reduce(&state, .views(.cycle(1)))
        #expect(state.tab.view?.name == "Open" && state.query.chosen == [1])
        _ = AppReducer.reduce(&state, .views(.cycle(1)))
        #expect(state.tab.view == nil && state.query.chosen == [0] && state.list.filter == nil)
        #expect(state.columns.map(\.field) == ["title", "price"])
    }

    @Test func aClickOnASubTabAppliesItsView() throws {
        var state = try app()
        // One endpoint: no tabs line, the sub-tabs on row 0 — " All " then " Open ".
        #expect(ScreenLayout.of(state).viewsRow == 0 && ScreenLayout.of(state).headerRow == 1)
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.click, x: 8, y: 0)))
        #expect(state.tab.view?.name == "Open" && state.query.chosen == [1])
        _ = AppReducer.reduce(&state, .mouse(MouseEvent(.click, x: 2, y: 0)))
        #expect(state.tab.view == nil && state.query.chosen == [0])
    }

    @Test func aConfigViewOfAnUnknownFieldNamesTheLineAndKey() throws {
        let bad = Self.config.replacingOccurrences(of: "sort: -price", with: "sort: -prize")
        #expect {
            try ConfigLoader.parse(bad, file: "c.yaml")
        } throws: { error in
            let text = "\(error)"
            return text.contains("c.yaml:24") && text.contains("prize") && text.contains("price")
        }
        let param = Self.config.replacingOccurrences(of: "params: {state: open}\n        filter", with: "params: {stat: open}\n        filter")
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(param, file: "c.yaml") }
    }

    /// A list with an expression column shown, sorted by (descending) and
    /// filtered on (`> 50`), by the columns panel's keys, jq given.
    static func withExpressionColumn(_ state: inout AppState) {
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.addExpression))
        for c in ".price * 10" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(c))))) }
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
        _ = AppReducer.reduce(&state, .columns(.sort))
        _ = AppReducer.reduce(&state, .columns(.sort))
        _ = AppReducer.reduce(&state, .columns(.type(.begin)))
        for c in ">50" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(c))))) }
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
        _ = AppReducer.reduce(&state, .columns(.close))
    }

    /// The view saved of such a list.
    static let tens = ViewSpec(name: "Tens", filter: [#""jq: .price * 10" > 50"#],
                               sort: .init(field: "jq: .price * 10", descending: true),
                               columns: [.init(field: "title"), .init(field: "price"), .init(field: "jq: .price * 10")])

    /// A view saved with an expression column (shown, sorted by, filtered
    /// on) keeps it: applied on another list, the same columns, sort and
    /// filter are in force, reading the column's values.
    @Test func aViewKeepsAnExpressionColumnItsSortAndItsFilter() throws {
        var state = try app()
        state.expressions = .jq
        Self.withExpressionColumn(&state)
        #expect(state.list.rows.map(\.id) == (6...20).reversed().map(String.init))
        _ = AppReducer.reduce(&state, .views(.open))
        _ = AppReducer.reduce(&state, KeyMap.default.action(for: .character("s"), in: state)!)
        #expect(type("Tens", &state) == [.saveViews(endpoint: "items", [Self.tens])])

        var other = try app()
        other.expressions = .jq
        other.savedViews = state.savedViews
        _ = AppReducer.reduce(&other, .views(.open))
        _ = AppReducer.reduce(&other, .views(.move(1)))
        let effects = AppReducer.reduce(&other, .views(.apply))
        #expect(effects == [.saveColumns(endpoint: "items", ColumnArrangement(
            columns: Self.tens.columns!, sort: .init(field: "jq: .price * 10", descending: true)))])
        #expect(other.columns == state.columns && other.tab.expressionColumns == state.tab.expressionColumns)
        #expect(other.list.sort == state.list.sort && other.list.filter == state.list.filter)
        #expect(other.list.rows.map(\.id) == state.list.rows.map(\.id))
        #expect(other.shownItem(0)?.fields["jq: .price * 10"] == .text("200"))
        #expect(other.viewStatus == "view Tens" && other.toast?.text == "view Tens")
        // Another view puts the config's columns back: the expression column goes with them.
        _ = AppReducer.reduce(&other, .views(.select(nil)))
        #expect(other.tab.expressionColumns == [] && other.columns.map(\.field) == ["title", "price"])
    }

    /// Without jq (a kit program), a view's expression column is left out with one line.
    @Test func aViewsExpressionColumnThatCannotCompileIsOneLine() throws {
        var state = try app()
        state.savedViews["items"] = [Self.tens]
        _ = AppReducer.reduce(&state, .views(.open))
        _ = AppReducer.reduce(&state, .views(.move(1)))
        _ = AppReducer.reduce(&state, .views(.apply))
        #expect(state.columns.map(\.field) == ["title", "price"] && state.tab.expressionColumns == [])
        #expect(state.list.sort == nil && state.list.filter == nil)
        #expect(state.toast?.text == "kept column dropped (.price * 10): jq expressions are not available here")
    }

    /// A condition's field with a space, a quote or a relation in it is
    /// written quoted, and read back.
    @Test func aConditionsFieldIsQuotedWhenItMustBe() throws {
        let cases: [(ViewCondition, String)] = [
            (ViewCondition(field: "price", relation: ">", value: "100"), "price > 100"),
            (ViewCondition(field: "jq: .price * 10", relation: "~", value: "5"), #""jq: .price * 10" ~ 5"#),
            (ViewCondition(field: #"jq: .a > "x\y""#, relation: "=", value: "a = b"), #""jq: .a > \"x\\y\"" = a = b"#),
        ]
        for (condition, text) in cases {
            #expect(condition.text == text)
            #expect(ViewCondition(text) == condition)
        }
        #expect(ViewCondition(#""jq: .a > 1"#) == nil && ViewCondition(#""jq: .a" 1"#) == nil)
        #expect(ViewCondition("city = Lisbon") == ViewCondition(field: "city", relation: "=", value: "Lisbon"))
    }
}
