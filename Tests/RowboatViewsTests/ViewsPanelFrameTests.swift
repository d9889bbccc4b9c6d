import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of saved views: the views panel (the config's ◆ first,
/// the saved ● after, the view in force ▸, the name being typed), the
/// sub-tabs line of the config's views under the tabs, and the status bar
/// naming the view in force.
@Suite struct ViewsPanelFrameTests {
    let renderer = AppRenderer(theme: .default)

    func state(_ size: TerminalSize) -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: size)
        var info = EndpointInfo(title: "Items", fields: [FieldInfo(name: "title", path: "title"),
                                                         FieldInfo(name: "price", path: "price", type: .money)])
        info.views = [ViewSpec(name: "Dear", sort: ViewSpec.Sort(field: "price", descending: true)),
                      ViewSpec(name: "Cheap", filter: ["price < 10"])]
        state.endpoints["items"] = info
        state.savedViews["items"] = [ViewSpec(name: "Mine", params: ["state": "open"], search: "brass")]
        return state
    }

    @Test func thePanelListsTheConfigsViewsThenTheSavedOnes() throws {
        var state = state(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .views(.cycle(1)))
        _ = AppReducer.reduce(&state, .views(.open))
        _ = AppReducer.reduce(&state, .views(.move(2)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "views-panel-80x24")
        let lines = grid.lines()
        #expect(lines[0].contains(" All ") && lines[0].contains(" Dear ") && lines[0].contains(" Cheap ") && lines[0].contains("[] views"))
        #expect(lines.contains { $0.contains("▸◆ Dear") && $0.contains("↓ price") })
        #expect(lines.contains { $0.contains("● Mine") && $0.contains("state=open · search “brass”") })
        #expect(lines.contains { $0.contains("enter apply · n save as… · d delete · esc close") })
        #expect(lines[23].contains("view Dear"))
    }

    @Test func typingANameShowsItInTheFooter() throws {
        var state = state(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .views(.open))
        _ = AppReducer.reduce(&state, .views(.save))
        for c in "Lisbon" { _ = AppReducer.reduce(&state, .views(.type(.insert(String(c))))) }
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "views-panel-typing-80x24")
        #expect(grid.lines().contains { $0.contains("save as: Lisbon▏ · enter save · esc cancel") })
    }
}
