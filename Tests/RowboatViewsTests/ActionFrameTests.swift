import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of actions: the sheet with the endpoint's actions, an
/// action's confirm question, the status bar while one runs, and the
/// output pager (long and hostile lines stay inside it).
@Suite struct ActionFrameTests {
    let renderer = AppRenderer(theme: .default)

    func app(_ size: TerminalSize) -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: size)
        state.endpoints[state.endpointKey, default: EndpointInfo(title: "Items")].actions = [
            ActionSpec(title: "Mark sold", key: .character("S"),
                       kind: .request(.init(method: .post, path: try! Template("/api/items/${item.id}/sold"))),
                       confirm: try! Template("Mark ${item.title} as sold?")),
            ActionSpec(title: "Read in less", key: .character("L"), kind: .run([try! Template("less")], stdin: nil, interactive: true)),
        ]
        return state
    }

    @Test func theSheetListsTheActions() throws {
        var state = app(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .sheet(.open))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "actions-sheet-80x24")
    }

    @Test func aConfirmQuestionForMarkedRows() throws {
        var state = app(.init(columns: 80, rows: 24))
        for index in [0, 1] {
            _ = AppReducer.reduce(&state, .list(.move(.to(index))))
            _ = AppReducer.reduce(&state, .mark(.toggle))
        }
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Mark sold")))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "actions-confirm-80x24")
    }

    /// q while actions run: the question names them and what quitting stops.
    @Test func quittingWhileActionsRunAsks() throws {
        var state = app(.init(columns: 80, rows: 16))
        state.actionRuns.running = [1: "Mark sold", 2: "Read in less"]
        _ = AppReducer.reduce(&state, .quit)
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "actions-quit-80x16")
        #expect(grid.text.contains("2 actions are running: Mark sold and Read in less"))
    }

    @Test func runningAndTheOutputPager() throws {
        var state = app(.init(columns: 80, rows: 16))
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Mark sold")))
        _ = AppReducer.reduce(&state, .dialog(.confirm))
        state.actionRuns.running = [1: "Mark sold", 2: "Read in less"]
        let running = renderer.render(state, now: Fixtures.now)
        #expect(running.lines().last?.contains("⚙ Mark sold +1") == true)
        state.actionRuns.running = [:]
        let output = (1...30).map { "line \($0) of the output" }.joined(separator: "\n")
            + "\n\u{1B}]0;PWNED\u{07}escape \u{1B}[2J tried " + String(repeating: "long ", count: 40)
        _ = AppReducer.reduce(&state, .actionFinished(ActionReport(runID: 1, title: "Mark sold", endpoint: "items", total: 1,
                                                                   output: output)))
        // O opens the console; enter the run's output.
        _ = AppReducer.reduce(&state, .showActionOutput)
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "actions-console-80x16")
        _ = AppReducer.reduce(&state, .outputPager(.open))
        try GoldenFrame.check(renderer.render(state, now: Fixtures.now), "actions-output-80x16")
        _ = AppReducer.reduce(&state, .outputPager(.scroll(25)))
        let end = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(end, "actions-output-end-80x16")
        #expect(!end.text.contains("\u{1B}") && end.text.contains("escape"))
    }
}
