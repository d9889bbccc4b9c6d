import Testing
@testable import RowboatCore
@testable import RowboatSpec

/// The local filter's keys: in the columns panel, a condition on the field
/// under the cursor with the selected row's value (`w` =, `~` contains,
/// `[` <, `]` >), stacked; `u`/`U` in the panel and `-` in the list (bound
/// only while a filter is in force) take conditions off.
@Suite("Local filter keys")
struct LocalFilterKeysTests {
    typealias C = ColumnsPanelReducerTests
    static let now = C.now

    func app() throws -> AppState { try C().app() }

    @Test func wKeepsTheRowsEqualToTheSelectedCellAndSaysHowMany() throws {
        var state = try app()
        // Row 3: maker "Maker 3" (n % 4), price €21.00.
        _ = AppReducer.reduce(&state, .list(.move(.to(2))))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(3)))   // maker, a field not shown (after id)
        #expect(KeyMap.default.action(for: .character("w"), in: state) == .columns(.filter(.equals)))
        let before = state
        #expect(AppReducer.reduce(&state, .columns(.filter(.equals))) == [])
        let maker = FilterCondition(field: "maker", title: "maker", relation: .equals, value: "Maker 3", kind: .text)
        var expected = before
        #expect(ListReducer.reduce(&expected.list, .filter(RowFilter([maker])), paging: expected.paging(of: expected.endpointKey)) == [])
        expected.toast = Toast(text: "7 of 30 loaded rows where maker = Maker 3", isError: false,
                               expiresAt: Self.now + Toast.lifetime)
        #expect(state.list == expected.list)
        #expect(state.toast == expected.toast)
        #expect(state == expected)
        #expect(state.list.rows.map(\.id) == ["3", "7", "11", "15", "19", "23", "27"])
        #expect(state.list.selectedRow?.id == "3")
        // Stacked: price (money, as a number) less than the selected row's €21.00.
        _ = AppReducer.reduce(&state, .list(.move(.to(1))))
        #expect(state.list.selectedRow?.id == "7")
        _ = AppReducer.reduce(&state, .columns(.move(-2)))
        #expect(KeyMap.default.action(for: .character("["), in: state) == .columns(.filter(.less)))
        #expect(KeyMap.default.action(for: .character("]"), in: state) == .columns(.filter(.greater)))
        _ = AppReducer.reduce(&state, .columns(.filter(.less)))
        let prices = state.list.rows.map { $0.text("price", now: 0) }
        #expect(prices == ["€17.00", "€15.00", "€13.00", "€11.00", "€9.00"] && state.list.filter?.conditions.count == 2)
        #expect(state.list.filter?.summary == "where maker = Maker 3 · Price < €19.00")
        // The selected row left the list: the selection is on a row shown.
        #expect(state.list.rows.indices.contains(state.list.selection))
        // `u` takes the last condition off, `U` all; `-` in the list too, only while one is in force.
        #expect(KeyMap.default.action(for: .character("u"), in: state) == .columns(.unfilter(all: false)))
        _ = AppReducer.reduce(&state, .columns(.unfilter(all: false)))
        #expect(state.list.rows.count == 7 && state.toast?.text == "7 loaded rows where maker = Maker 3")
        _ = AppReducer.reduce(&state, .columns(.close))
        #expect(KeyMap.default.action(for: .character("-"), in: state) == .columns(.unfilter(all: false)))
        _ = AppReducer.reduce(&state, .columns(.unfilter(all: false)))
        #expect(state.list.filter == nil && state.list.rows.map(\.id) == (1...30).map(String.init))
        #expect(state.toast?.text == "every loaded row again (30)")
        #expect(KeyMap.default.action(for: .character("-"), in: state) == nil)
        let help = KeyHelp.entries(KeyMap.default.bindings(in: state)).map(\.action)
        #expect(!help.contains("drop the last filter condition"))
    }

    @Test func aRowWithoutTheFieldIsSaidAndNothingChanges() throws {
        var state = try app()
        let rows = [RowModel(id: "99", title: "Bare", fields: ["title": .text("Bare")], fieldOrder: ["title"])]
        _ = AppReducer.reduce(&state, .list(.replaceRows([])))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 2, PageLoad(rows: rows, fetchedAt: Self.now))))
        _ = AppReducer.reduce(&state, .list(.move(.end)))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(3)))
        let before = state.list
        _ = AppReducer.reduce(&state, .columns(.filter(.equals)))
        if state.list.selectedRow?.id == "99" {
            #expect(state.list == before && state.toast?.text == "the selected row has no maker")
        }
    }

    @Test func thePanelsHelpListsTheFilterKeys() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        let help = KeyHelp.entries(KeyMap.default.bindings(in: state)).map(\.action)
        for words in ["keep rows = the selected row's value", "keep rows containing its value", "keep rows < its value",
                      "keep rows > its value", "drop the last filter condition", "drop every filter condition"] {
            #expect(help.contains(words), "\(words)")
        }
    }

    @Test func aTypedValueSaysItsRelationFirst() throws {
        #expect(FilterCondition.parse("> 100")! == (.greater, "100"))
        #expect(FilterCondition.parse("lisbon")! == (.contains, "lisbon"))
        #expect(FilterCondition.parse("=")! == (.equals, ""))
        #expect(FilterCondition.parse("<") == nil && FilterCondition.parse("") == nil)
    }

    @Test func tTypesAValueForTheFieldUnderTheCursor() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(1)))   // price (money)
        #expect(KeyMap.default.action(for: .character("t"), in: state) == .columns(.type(.begin)))
        _ = AppReducer.reduce(&state, .columns(.type(.begin)))
        // Every character is text now (even the panel's keys), Enter keeps.
        for key in "<x" {
            let action = try #require(KeyMap.default.action(for: .character(key), in: state))
            #expect(action == .columns(.type(.insert(String(key)))))
            _ = AppReducer.reduce(&state, action)
        }
        #expect(KeyMap.default.action(for: .backspace, in: state) == .columns(.type(.deleteBackward)))
        _ = AppReducer.reduce(&state, .columns(.type(.deleteBackward)))
        for key in " €10" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(key))))) }
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 1, typed: "< €10")))
        #expect(KeyMap.default.action(for: .enter, in: state) == .columns(.type(.submit)))
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 1)))
        #expect(state.list.filter?.summary == "where Price < €10")
        let prices = state.list.rows.map { Double($0.text("price", now: 0).dropFirst())! }
        #expect(!prices.isEmpty && prices.allSatisfy { $0 < 10 } && prices.count == 10)
        // Esc while typing drops the text, not the panel; a huge paste stops at the limit.
        _ = AppReducer.reduce(&state, .columns(.type(.begin)))
        _ = AppReducer.reduce(&state, .columns(.type(.insert(String(repeating: "y", count: 1 << 20)))))
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 1, typed: "")))
        _ = AppReducer.reduce(&state, .columns(.type(.insert("ok"))))
        #expect(KeyMap.default.action(for: .escape, in: state) == .columns(.type(.cancel)))
        _ = AppReducer.reduce(&state, .columns(.type(.cancel)))
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 1)))
    }
}
