import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Golden frames of the columns panel: every mapped field (the shown
/// columns first, in order, ● with their width; then the others ○, nested
/// paths among them), the cursor line, the local sort's arrow; and the
/// table as the panel left it.
@Suite struct ColumnsPanelFrameTests {
    let renderer = AppRenderer(theme: .default)

    static let fields = [
        FieldInfo(name: "id", path: "id"), FieldInfo(name: "title", path: "title"),
        FieldInfo(name: "subtitle", path: "subtitle"), FieldInfo(name: "price", path: "price", type: .money),
        FieldInfo(name: "created", path: "created_at", type: .dateSeconds),
        FieldInfo(name: "maker", path: "maker.name"), FieldInfo(name: "city", path: "maker.address.city"),
    ]

    func row(_ i: Int) -> RowModel {
        var row = Fixtures.row(i)
        row.fields["id"] = .text(String(i))
        row.fields["maker"] = .text("Maker \(i % 7)")
        row.fields["city"] = .text(["Lisbon", "Kyoto", "Ghent"][i % 3])
        return row
    }

    func state(_ size: TerminalSize) -> AppState {
        var state = Fixtures.loaded((1...30).map(row), size: size)
        state.endpoints["items"] = EndpointInfo(title: "Items", fields: Self.fields)
        return state
    }

    @Test func thePanelListsEveryMappedField() throws {
        var state = state(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(2)))
        _ = AppReducer.reduce(&state, .columns(.sort))
        _ = AppReducer.reduce(&state, .columns(.move(4)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-panel-80x24")
        let lines = grid.lines()
        #expect(lines.contains { $0.contains("● Price") && $0.contains("9 cells") && $0.contains("↑") })
        #expect(lines.contains { $0.contains("○ city") && $0.contains("maker.address.city") })
        // The header shows the sort too.
        #expect(lines[0].contains("Price ↑"))
        // The footer names the keys from the panel's key table, the filter keys among them.
        #expect(lines.contains { $0.contains("└─ space show · ←→ move · +- width · s sort · a jq column · esc close") })
    }

    /// Keys rebound in the panel's layer (`columns.add: J`, …): its footer
    /// and the help over it name the new keys.
    @Test func aReboundPanelKeyIsNamedInTheFooter() throws {
        let keyMap = try KeyBindings.keyMap(KeyBindingsConfig([
            .init(.columnsAdd, [.character("J")]), .init(.columnsShow, [.character("x"), .enter]),
            .init(.columnsLeft, [.character("H")]), .init(.columnsRight, [.character("L")]),
        ]))
        var state = state(.init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .columns(.open))
        let grid = renderer.render(state, now: Fixtures.now, keyMap: keyMap)
        try GoldenFrame.check(grid, "columns-panel-rebound-80x24")
        #expect(grid.lines().contains { $0.contains("└─ enter show · HL move · +- width · s sort · J jq column · esc close") })
        _ = AppReducer.reduce(&state, .toggleHelp)
        let help = renderer.render(state, now: Fixtures.now, keyMap: keyMap).text
        let named = { (keys: String, words: String) in
            help.split(separator: "\n").contains { $0.contains(keys + " ") && $0.contains(words) }
        }
        #expect(named("J", "jq column") && named("H", "move left") && named("Enter x", "show / hide"), "\(help)")
    }

    /// A field with filter conditions says so in its line, beside the sort's arrow.
    @Test func theConditionsOnAFieldShowInItsLine() throws {
        var state = state(.init(columns: 100, rows: 24))
        _ = AppReducer.reduce(&state, .list(.move(.to(2))))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(2)))
        _ = AppReducer.reduce(&state, .columns(.filter(.greater)))
        _ = AppReducer.reduce(&state, .columns(.move(-2)))
        _ = AppReducer.reduce(&state, .columns(.filter(.contains)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-panel-conditions-100x24")
        let lines = grid.lines()
        #expect(lines.contains { $0.contains("● Price") && $0.contains("> 3.75") })
        #expect(lines.contains { $0.contains("● Title") && $0.contains("~ Item 6") })
    }

    @Test func theTableAsThePanelLeftIt() throws {
        var state = state(.init(columns: 80, rows: 16))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(1)))       // subtitle: hide it
        _ = AppReducer.reduce(&state, .columns(.toggle))
        _ = AppReducer.reduce(&state, .columns(.move(FilterPanelAction.farthest)))
        _ = AppReducer.reduce(&state, .columns(.toggle))        // city: show it
        _ = AppReducer.reduce(&state, .columns(.shift(-1)))     // and move it left of the date
        _ = AppReducer.reduce(&state, .columns(.resize(3)))     // six cells wider
        _ = AppReducer.reduce(&state, .columns(.close))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-arranged-80x16")
        #expect(state.columns.map(\.field) == ["title", "price", "city", "created"])
        #expect(!grid.lines()[0].contains("Subtitle") && grid.lines()[0].contains("City"))
    }

    @Test func aSmallTerminalScrollsThePanelToTheCursor() throws {
        var state = state(.init(columns: 50, rows: 10))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(FilterPanelAction.farthest)))
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "columns-panel-50x10")
        #expect(grid.lines().contains { $0.contains("○ city") })
    }
}
