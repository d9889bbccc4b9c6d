import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatJQ

/// The local filter's `jq:` condition: typed in the columns panel (`t`,
/// then `jq: EXPR`), compiled once, tested on each loaded row's fields by
/// name — money and numbers as numbers — and stacked with the other
/// conditions; a syntax error is one line and changes nothing.
@Suite struct JQFilterTests {
    typealias C = ColumnsPanelReducerTests

    func app() throws -> AppState {
        var state = try C().app()
        state.expressions = .jq
        return state
    }

    func type(_ text: String, _ state: inout AppState) {
        _ = AppReducer.reduce(&state, .columns(.type(.begin)))
        for key in text { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(key))))) }
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
    }

    @Test func aJqConditionKeepsTheRowsItSelects() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        // Row n: price €(n*7 % 30).00, rating n % 5, maker "Maker (n % 4)".
        type(#"jq: select(.price > 20 and .maker == "Maker 1")"#, &state)
        let expected = (1...30).filter { $0 * 7 % 30 > 20 && $0 % 4 == 1 }.map(String.init)
        #expect(state.list.rows.map(\.id) == expected)
        #expect(state.list.filter?.summary == "where jq: select(.price > 20 and …")
        #expect(state.toast?.text == "\(expected.count) of 30 loaded rows where jq: select(.price > 20 and …")
        // A bare condition works too, stacked on the first.
        type("jq: .rating >= 3", &state)
        #expect(state.list.rows.map(\.id) == expected.filter { Int($0)! % 5 >= 3 })
        // `u` takes it off again.
        _ = AppReducer.reduce(&state, .columns(.unfilter(all: true)))
        #expect(state.list.rows.count == 30)
    }

    @Test func aSyntaxErrorIsOneLineAndNothingChanges() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        let before = state.list
        type("jq: select(.price >", &state)
        #expect(state.list == before)
        #expect(state.toast?.text == "jq: syntax error, unexpected $end at line 1")
    }

    @Test func withoutACompilerItSaysSo() throws {
        var state = try C().app()
        _ = AppReducer.reduce(&state, .columns(.open))
        type("jq: .price > 1", &state)
        #expect(state.list.filter == nil)
        #expect(state.toast?.text == "jq expressions are not available here")
    }

    @Test func anEndlessConditionKeepsNoRowAndReturns() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        type("jq: def f: f; f", &state)
        #expect(state.list.rows.count == 0)
        #expect(state.toast?.text == "0 of 30 loaded rows where jq: def f: f; f")
    }
}
