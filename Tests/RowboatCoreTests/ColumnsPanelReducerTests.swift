import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing
import RowboatCells

/// The columns panel: every mapped field (hidden `@` fields excepted), the
/// shown columns first; show and hide, move, widen and narrow, sort the
/// loaded rows, and the config's columns back — each change of the
/// arrangement kept (`saveColumns`), and arrangements read back with the
/// fields that went away left out.
@Suite("Columns panel")
struct ColumnsPanelReducerTests {
    static let now: Double = 1_800_000_000

    static let config = """
    server: http://127.0.0.1:1
    interfaces:
      items:
        url: /items
        item:
          id: id
          title: title
          price: {path: price, type: money}
          maker: maker.name
          rating: {path: rating, type: number}
        columns:
          - {field: title, title: Title, weight: 3}
          - {field: price, title: Price, width: 9, align: right}
        actions:
          - {title: Open maker, open: "https://x.org/${item.maker.id}"}
    """

    func app() throws -> AppState {
        let config = try ConfigLoader.parse(Self.config, file: "c.yaml")
        var state = AppState(config: config, size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...30).map { n in
            RowModel(id: String(n), title: "Item \(n)",
                     fields: ["title": .text("Item \(n)"), "price": .text("€\(n * 7 % 30).00"), "rating": .text("\(n % 5)"),
                              "maker": .text("Maker \(n % 4)")],
                     fieldOrder: ["id", "title", "price", "maker", "rating"])
        }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 5, fetchedAt: Self.now))))
        return state
    }

    func lines(_ state: AppState) -> [String] {
        AppReducer.columnLines(state).map { ($0.shown ? "● " : "○ ") + $0.field }
    }

    @Test func itListsTheShownColumnsThenEveryOtherMappedField() throws {
        var state = try app()
        #expect(KeyMap.default.action(for: .character("c"), in: state) == .columns(.open))
        #expect(AppReducer.reduce(&state, .columns(.open)) == [])
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 0)) && state.focus == .columnsPanel)
        // The hidden field the action reads (@…) is not offered; nested paths are named.
        #expect(lines(state) == ["● title", "● price", "○ id", "○ maker", "○ rating"])
        #expect(AppReducer.columnLines(state).map(\.path) == ["title", "price", "id", "maker.name", "rating"])
        // The same key closes it; so does Esc.
        #expect(KeyMap.default.action(for: .character("c"), in: state) == .columns(.close))
        #expect(KeyMap.default.action(for: .escape, in: state) == .columns(.close))
        _ = AppReducer.reduce(&state, .columns(.close))
        #expect(state.overlay == nil)
    }

    @Test func showingAFieldAddsItsColumnAtTheRightAndKeepsTheArrangement() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(3)))
        let before = state
        let effects = AppReducer.reduce(&state, .columns(.toggle))
        let maker = ColumnSpec(field: "maker", title: "Maker", width: .weight(1, min: 8))
        var expected = before
        expected.tab.columns.append(maker)
        expected.overlay = .columns(ColumnsPanel(cursor: 2))
        #expect(state == expected)
        #expect(effects == [.saveColumns(endpoint: "items", ColumnArrangement(columns: [
            .init(field: "title"), .init(field: "price"), .init(field: "maker"),
        ]))])
        #expect(lines(state) == ["● title", "● price", "● maker", "○ id", "○ rating"])
        // Hiding it again: the config's columns, so nothing is kept.
        #expect(AppReducer.reduce(&state, .columns(.toggle)) == [.saveColumns(endpoint: "items", nil)])
        #expect(state.columns == state.tab.configColumns && state.overlay == .columns(ColumnsPanel(cursor: 3)))
        // A number shown from the panel: right-aligned, as wide as a number needs, not a share of the text's room.
        _ = AppReducer.reduce(&state, .columns(.move(FilterPanelAction.farthest)))
        _ = AppReducer.reduce(&state, .columns(.toggle))
        #expect(state.columns.last == ColumnSpec(field: "rating", title: "Rating", width: .fixed(9), alignment: .right))
        #expect(ColumnArrangement.defaultSpec(for: "price", type: .money) == ColumnSpec(field: "price", title: "Price", width: .fixed(11), alignment: .right))
        #expect(ColumnArrangement.defaultSpec(for: "created", type: .dateSeconds).width == .fixed(10))
        #expect(ColumnArrangement.defaultSpec(for: "note", type: .text).width == .weight(1, min: 8))
    }

    @Test func theLastColumnStaysShown() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.toggle))
        #expect(state.columns.map(\.field) == ["price"])
        _ = AppReducer.reduce(&state, .columns(.move(-FilterPanelAction.farthest)))
        let before = state
        #expect(AppReducer.reduce(&state, .columns(.toggle)) == [])
        #expect(state.columns == before.columns && state.toast?.text == "one column stays shown")
    }

    @Test func movingAndResizingAColumn() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(1)))
        // Price to the left: the cursor goes with it.
        let moved = AppReducer.reduce(&state, .columns(.shift(-1)))
        #expect(state.columns.map(\.field) == ["price", "title"] && state.overlay == .columns(ColumnsPanel(cursor: 0)))
        #expect(moved == [.saveColumns(endpoint: "items", ColumnArrangement(columns: [.init(field: "price"), .init(field: "title")]))])
        #expect(AppReducer.reduce(&state, .columns(.shift(-1))) == [])
        // Wider: its width on screen plus two, kept as a width.
        #expect(AppReducer.reduce(&state, .columns(.resize(1)))
                == [.saveColumns(endpoint: "items", ColumnArrangement(columns: [.init(field: "price", width: 11), .init(field: "title")]))])
        #expect(state.columns[0].width == .fixed(11))
        // A weighted column becomes its laid-out width less two.
        _ = AppReducer.reduce(&state, .columns(.move(1)))
        let shown = ScreenLayout.table(state).columns[1].width
        _ = AppReducer.reduce(&state, .columns(.resize(-1)))
        #expect(state.columns[1].width == .fixed(shown - 2))
        // A field not shown cannot move or widen.
        _ = AppReducer.reduce(&state, .columns(.move(1)))
        #expect(AppReducer.reduce(&state, .columns(.shift(1))) == [] && state.toast?.text == "show the column first (space)")
        // r: the config's columns.
        #expect(AppReducer.reduce(&state, .columns(.restore)) == [.saveColumns(endpoint: "items", nil)])
        #expect(state.columns == state.tab.configColumns && state.toast?.text == "the config's columns")
        #expect(AppReducer.reduce(&state, .columns(.restore)) == [])
    }

    @Test func sortCyclesUpDownAndOffByTheFieldsType() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .list(.move(.to(2))))
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.move(1)))
        let before = state
        // The sort is kept with the columns for the next start.
        #expect(AppReducer.reduce(&state, .columns(.sort)) == [.saveColumns(endpoint: "items", ColumnArrangement(
            columns: [.init(field: "title"), .init(field: "price")], sort: .init(field: "price")))])
        let sort = LocalSort(field: "price", title: "Price", kind: .money)
        var expected = before
        ListReducer.applySort(sort, to: &expected.list)
        expected.toast = Toast(text: "sorted by Price ↑ (the 30 loaded rows)", isError: false, expiresAt: Self.now + Toast.lifetime)
        #expect(state == expected)
        let prices = state.list.rows.map { Int($0.text("price", now: 0).dropFirst().dropLast(3))! }
        #expect(prices == prices.sorted() && state.list.selection == 0)
        _ = AppReducer.reduce(&state, .columns(.sort))
        #expect(state.list.sort?.descending == true && state.toast?.text == "sorted by Price ↓ (the 30 loaded rows)")
        _ = AppReducer.reduce(&state, .columns(.sort))
        #expect(state.list.sort == nil && state.toast?.text == "in the server's order again")
        #expect(state.list.sort == nil)
        #expect(state.list.rows.map(\.id) == (1...30).map(String.init))
        // A field not shown sorts too, by its type (rating: a number).
        _ = AppReducer.reduce(&state, .columns(.move(FilterPanelAction.farthest)))
        _ = AppReducer.reduce(&state, .columns(.sort))
        #expect(state.list.sort == LocalSort(field: "rating", title: "rating", kind: .number))
        // Opened again, the cursor is on the first column, whatever was done last
        // (a filter key then lands where the eye starts, not on a field left from before).
        _ = AppReducer.reduce(&state, .columns(.close))
        _ = AppReducer.reduce(&state, .columns(.open))
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 0)))
    }

    @Test func thePanelOpensFromTheListOnly() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        #expect(KeyMap.default.action(for: .character("c"), in: state) == nil)
        #expect(AppReducer.reduce(&state, .columns(.open)) == [] && state.overlay == nil)
        #expect(state.toast?.text == "the columns panel opens from the list")
    }

    @Test func thePanelsKeys() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        let keys: [(Key, AppAction)] = [
            (.down, .columns(.move(1))), (.character("k"), .columns(.move(-1))), (.character(" "), .columns(.toggle)),
            (.left, .columns(.shift(-1))), (.character("l"), .columns(.shift(1))), (.character("+"), .columns(.resize(1))),
            (.character("-"), .columns(.resize(-1))), (.character("s"), .columns(.sort)), (.character("r"), .columns(.restore)),
            (.character("q"), .quit),
        ]
        for (key, action) in keys { #expect(KeyMap.default.action(for: key, in: state) == action, "\(key)") }
        // Help lists them.
        let help = KeyHelp.entries(KeyMap.default.bindings(in: state)).map(\.action)
        #expect(help.contains("show / hide the column") && help.contains("sort by it: ↑ ↓ off") && help.contains("the config's columns"))
    }

    // MARK: arrangements kept

    /// A sort kept with the columns is in force at the next start: the
    /// rows go into it as they arrive; a sort by a field no longer mapped
    /// is left out quietly; turning the sort off forgets it.
    @Test func theSortComesBackAtTheNextStart() throws {
        var state = try AppState(config: ConfigLoader.parse(Self.config, file: "c.yaml"))
        state.arrangeColumns(["items": ColumnArrangement(columns: [.init(field: "title"), .init(field: "price")],
                                                         sort: .init(field: "price", descending: true))])
        #expect(state.list.sort == LocalSort(field: "price", title: "Price", descending: true, kind: .money))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: try app().list.rows.map { $0 }, totalPages: 1, fetchedAt: Self.now))))
        let prices = state.list.rows.map { Int($0.text("price", now: 0).dropFirst().dropLast(3))! }
        #expect(prices == prices.sorted(by: >) && state.list.selection == 0)
        var gone = try AppState(config: ConfigLoader.parse(Self.config, file: "c.yaml"))
        gone.arrangeColumns(["items": ColumnArrangement(columns: [.init(field: "title")], sort: .init(field: "gone"))])
        #expect(gone.list.sort == nil && gone.columns.map(\.field) == ["title"])
        // An old file, without a sort, reads as before.
        let old = try JSONDecoder().decode(ColumnArrangement.self, from: Data(#"{"columns":[{"field":"title"}]}"#.utf8))
        #expect(old == ColumnArrangement(columns: [.init(field: "title")]))
        // The config's columns and no sort: nothing to keep.
        #expect(ColumnArrangement(columns: state.tab.configColumns, config: state.tab.configColumns, sort: nil) == nil)
    }

    @Test func anArrangementComesBackWithoutTheFieldsThatWentAway() throws {
        var state = try AppState(config: ConfigLoader.parse(Self.config, file: "c.yaml"))
        let kept = ColumnArrangement(columns: [.init(field: "rating", width: 7), .init(field: "gone"), .init(field: "title"),
                                               .init(field: "@hidden"), .init(field: "title")])
        state.arrangeColumns(["items": kept, "elsewhere": kept])
        #expect(state.columns == [ColumnSpec(field: "rating", title: "Rating", width: .fixed(7), alignment: .right),
                                  ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 6))])
        #expect(state.tab.configColumns.map(\.field) == ["title", "price"])
        // Nothing left: the config's columns.
        var other = try AppState(config: ConfigLoader.parse(Self.config, file: "c.yaml"))
        other.arrangeColumns(["items": ColumnArrangement(columns: [.init(field: "gone")])])
        #expect(other.columns == other.tab.configColumns)
        // A width out of bounds is brought in.
        #expect(ColumnArrangement(columns: [.init(field: "title", width: 100_000)])
            .apply(config: [], fields: [FieldInfo(name: "title")])?.first?.width == .fixed(200))
    }

    /// A layout that could not be written is one line in the status bar;
    /// the columns stay as arranged for this run.
    @Test func aLayoutNotKeptIsSaidOnce() throws {
        var state = try app()
        _ = AppReducer.reduce(&state, .columns(.open))
        _ = AppReducer.reduce(&state, .columns(.toggle))
        let before = state
        #expect(AppReducer.reduce(&state, .columnsNotSaved("/ro/state/rowboat cannot be made")) == [])
        var expected = before
        expected.list.notice = "columns not kept: /ro/state/rowboat cannot be made"
        #expect(state == expected)
    }
}
