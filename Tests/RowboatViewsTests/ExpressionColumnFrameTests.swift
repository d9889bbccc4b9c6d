import Testing
import RowboatCore
import RowboatJQ
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of an expression column: the columns panel with its
/// prompt (the expression being typed, the add key named in the footer;
/// on the prompt, its own keys with Enter's words: add the column),
/// with a syntax error's line, and the table with the column shown.
@Suite struct ExpressionColumnFrameTests {
    let renderer = AppRenderer(theme: .default)
    typealias P = ColumnsPanelFrameTests

    func state(_ size: TerminalSize) -> AppState {
        var state = P().state(size)
        state.expressions = .jq
        _ = AppReducer.reduce(&state, .columns(.open))
        return state
    }

    func type(_ text: String, _ state: inout AppState) {
        _ = AppReducer.reduce(&state, .columns(.addExpression))
        for key in text { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(key))))) }
    }

    @Test func thePromptAndItsSyntaxError() throws {
        var state = state(.init(columns: 100, rows: 24))
        type("[.maker, .city] | join(\"/\")", &state)
        var grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-panel-jq-prompt-100x24")
        // Enter's words say what it does on this prompt, not the filter value's.
        #expect(grid.lines().contains { $0.contains(#"jq column: [.maker, .city] | join("/")▏ · enter add the column · esc drop"#) })
        #expect(!grid.text.contains("keep"))
        _ = AppReducer.reduce(&state, .columns(.type(.deleteBackward)))
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
        grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-panel-jq-error-100x24")
        #expect(grid.lines().contains { $0.contains("jq: syntax error") })
    }

    @Test func theTableWithAnExpressionColumn() throws {
        var state = state(.init(columns: 100, rows: 16))
        // The panel's footer names the add key from the key map.
        #expect(renderer.render(state, now: Fixtures.now).lines().contains { $0.contains("a jq column") })
        type("[.maker, .city] | join(\"/\")", &state)
        _ = AppReducer.reduce(&state, .columns(.type(.submit)))
        _ = AppReducer.reduce(&state, .columns(.close))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-jq-column-100x16")
        #expect(grid.lines()[0].contains("[.maker, .city"))
        #expect(grid.lines().contains { $0.contains("Maker 1/Kyoto") })
    }
}
