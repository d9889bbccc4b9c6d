import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("Search: local incremental filter and server search")
struct SearchReducerTests {
    /// 60 loaded rows titled "Item 1"..."Item 60"; 24 terminal rows (21 visible).
    func loadedApp(searchParam: String? = nil) -> AppState {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging, list: Fixtures.loaded(pages: 2),
                             size: TerminalSize(columns: 80, rows: 24))
        state.query = QueryState(options: QueryOptions(searchParam: searchParam))
        return state
    }

    func type(_ text: String, into state: inout AppState) {
        for c in text { _ = AppReducer.reduce(&state, .search(.insert(String(c)))) }
    }

    @Test func beginMatchesEveryRowAndKeepsTheSelection() {
        var state = loadedApp()
        state.list.selection = 12
        #expect(AppReducer.reduce(&state, .search(.begin)) == [])
        var expected = SearchState(text: "", editing: true, matches: Array(0..<60), selection: 12, fields: [])
        expected.basis = SearchBasis(text: "", rows: SearchedRows(state.list.rows))
        #expect(state.search == expected)
        #expect(state.currentRow?.id == "13")
    }

    @Test func typingNarrowsTheMatchesAtEachKeyAndSelectsTheFirst() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("5", into: &state)
        // Item 5, 15, 25, 35, 45, 50...59
        #expect(state.search?.matches == [4, 14, 24, 34, 44] + Array(49...58))
        #expect(state.search?.selection == 0)
        type("5", into: &state)
        #expect(state.search?.matches == [54])
        #expect(state.currentRow?.id == "55")
        #expect(state.search?.text == "55")
    }

    @Test func matchingIgnoresCaseAndLooksAtSubtitleAndTextFields() {
        let rows: RowTable = [
            RowModel(id: "a", title: "Brass Lantern"),
            RowModel(id: "b", title: "Cup", subtitle: "made of BRASS"),
            RowModel(id: "c", title: "Bowl", fields: ["maker": .text("Brassworks")], fieldOrder: ["maker"]),
            RowModel(id: "d", title: "Mug", fields: ["when": .relativeDate(0)], fieldOrder: ["when"]),
        ]
        #expect(SearchState.matches("brass", in: rows) == [0, 1, 2])
        #expect(SearchState.matches("", in: rows) == [0, 1, 2, 3])
        #expect(SearchState.matches("zzz", in: rows) == [])
    }

    /// `/` looks at what is shown: the title, the subtitle and the columns
    /// in force, not a field only the detail shows (a link whose port is
    /// in every row matched every row).
    @Test func theSearchMatchesWhatIsShown() {
        var state = loadedApp()
        state.list.rows = RowTable((1...4).map { i in
            RowModel(id: String(i), title: "Item \(i)", linkURL: "http://127.0.0.1:28080/items/\(i)",
                     fields: RowFields(names: ["title", "link", "maker"],
                                       values: [.text("Item \(i)"), .text("http://127.0.0.1:28080/items/\(i)"), .text(i == 3 ? "Oak 28080" : "Pine")]),
                     fieldOrder: ["title", "link", "maker"])
        })
        state.tab.columns = [ColumnSpec(field: "title", title: "Title", width: .fixed(10)), ColumnSpec(field: "maker", title: "Maker", width: .fixed(10))]
        _ = AppReducer.reduce(&state, .search(.begin))
        type("28080", into: &state)
        #expect(state.search?.matches == [2])
        _ = AppReducer.reduce(&state, .search(.cancel))
        // With the link shown as a column, it is searched too.
        state.tab.columns.append(ColumnSpec(field: "link", title: "Link", width: .fixed(10)))
        _ = AppReducer.reduce(&state, .search(.begin))
        type("28080", into: &state)
        #expect(state.search?.matches == [0, 1, 2, 3])
        #expect(SearchState.highlight("OAK", in: "Oak 28080") == "Oak 28080".range(of: "Oak"))
    }

    /// `n` and `N` move to the next and previous match while results are
    /// shown (`n` loaded more before), in local and in server results.
    @Test func nAndNMoveAmongTheMatches() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("5", into: &state)
        _ = AppReducer.reduce(&state, .search(.submit))
        #expect(KeyMap.default.action(for: .character("n"), in: state) == .search(.nextMatch))
        #expect(KeyMap.default.action(for: .character("N"), in: state) == .search(.previousMatch))
        _ = AppReducer.reduce(&state, .search(.nextMatch))
        _ = AppReducer.reduce(&state, .search(.nextMatch))
        #expect(state.currentRow?.id == "25")
        _ = AppReducer.reduce(&state, .search(.previousMatch))
        #expect(state.currentRow?.id == "15")
        // On the list itself, n is not a match key.
        _ = AppReducer.reduce(&state, .search(.cancel))
        #expect(KeyMap.default.action(for: .character("n"), in: state) != .search(.nextMatch))
        // A server search's results are the list: n moves down it.
        var server = loadedApp(searchParam: "q")
        server.query.serverSearch = "oak"
        #expect(KeyMap.default.action(for: .character("n"), in: server) == .search(.nextMatch))
        _ = AppReducer.reduce(&server, .search(.nextMatch))
        #expect(server.list.selection == 1)
    }

    @Test func deleteWidensAgainKeepingTheSelectedRow() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("55", into: &state)
        _ = AppReducer.reduce(&state, .search(.deleteBackward))
        #expect(state.search?.text == "5")
        #expect(state.currentRow?.id == "55")
    }

    @Test func deleteOnEmptyTextClosesTheSearch() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.deleteBackward))
        #expect(state.search == nil)
    }

    @Test func movementWalksTheMatchesNotTheList() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("5", into: &state)
        let listBefore = state.list
        #expect(AppReducer.reduce(&state, .list(.move(.down))) == [])
        #expect(state.currentRow?.id == "15")
        _ = AppReducer.reduce(&state, .list(.move(.end)))
        #expect(state.currentRow?.id == "59")
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        #expect(state.currentRow?.id == "59")
        #expect(state.list == listBefore)
    }

    @Test func escapeLeavesTheListOnTheRowThatWasSelected() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("42", into: &state)
        _ = AppReducer.reduce(&state, .search(.cancel))
        #expect(state.search == nil)
        #expect(state.list.selection == 41)
        #expect(state.list.scrollOffset <= 41 && 41 < state.list.scrollOffset + state.list.viewportItems)
    }

    @Test func enterWithoutAServerParamBrowsesTheMatches() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("4", into: &state)
        #expect(AppReducer.reduce(&state, .search(.submit)) == [])
        #expect(state.search?.editing == false)
        #expect(state.search?.text == "4")
        // Now keys are list keys again; characters no longer type.
        #expect(KeyMap.default.action(for: .character("j"), in: state) == .list(.move(.down)))
        #expect(KeyMap.default.action(for: .escape, in: state) == .search(.cancel))
        #expect(KeyMap.default.action(for: .character("/"), in: state) == .search(.begin))
        _ = AppReducer.reduce(&state, .search(.begin))
        #expect(state.search?.editing == true)
        #expect(state.search?.text == "4")
    }

    @Test func enterWithEmptyTextAndNoServerParamCloses() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.submit))
        #expect(state.search == nil)
    }

    @Test func enterWithAServerParamSearchesOnTheServerFromPageOne() {
        var state = loadedApp(searchParam: "q")
        let lastID = state.list.lastRequestID
        _ = AppReducer.reduce(&state, .search(.begin))
        type(" oak ", into: &state)
        let effects = AppReducer.reduce(&state, .search(.submit))
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: lastID + 1, cursor: .page(1), params: ["q": "oak"])])
        #expect(state.search == nil)
        #expect(state.query.serverSearch == "oak")
        #expect(state.list.rows.isEmpty)
        #expect(state.list.phase == .firstLoad)
    }

    @Test func anEmptyServerSearchClearsIt() {
        var state = loadedApp(searchParam: "q")
        state.query.serverSearch = "oak"
        let lastID = state.list.lastRequestID
        _ = AppReducer.reduce(&state, .search(.begin))
        let effects = AppReducer.reduce(&state, .search(.submit))
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: lastID + 1, cursor: .page(1), params: [:])])
        #expect(state.query.serverSearch == nil)
    }

    /// README: "Esc clears"; config.md: `back` leaves search results. On
    /// the results of a server search, Esc and Backspace drop it and load
    /// the whole list from page 1; without one they do nothing on the list.
    @Test func backOnServerSearchResultsClearsTheSearch() {
        var state = loadedApp(searchParam: "q")
        #expect(KeyMap.default.action(for: .escape, in: state) == nil)
        state.query.serverSearch = "oak"
        for key in [Key.escape, .backspace] {
            #expect(KeyMap.default.action(for: key, in: state) == .search(.clearServer))
        }
        let before = state
        let lastID = state.list.lastRequestID
        let effects = AppReducer.reduce(&state, .search(.clearServer))
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: lastID + 1, cursor: .page(1), params: [:])])
        var expected = before
        expected.query.serverSearch = nil
        _ = ListReducer.reduce(&expected.list, .restart, paging: expected.paging(of: expected.endpointKey))
        #expect(state == expected)
        #expect(KeyMap.default.action(for: .escape, in: state) == nil)
        // Again: nothing to clear, nothing asked.
        #expect(AppReducer.reduce(&state, .search(.clearServer)) == [])
        #expect(state == expected)
    }

    /// A local search typed over server results: Esc leaves the local one
    /// first, the next Esc the server's.
    @Test func escLeavesALocalSearchBeforeTheServerOne() {
        var state = loadedApp(searchParam: "q")
        state.query.serverSearch = "oak"
        _ = AppReducer.reduce(&state, .search(.begin))
        type("item 1", into: &state)
        #expect(KeyMap.default.action(for: .escape, in: state) == .search(.cancel))
        _ = AppReducer.reduce(&state, .search(.cancel))
        #expect(state.search == nil && state.query.serverSearch == "oak")
        #expect(KeyMap.default.action(for: .escape, in: state) == .search(.clearServer))
        #expect(KeyHelp.entries(KeyMap.default.bindings(in: state)).contains(.init(keys: "Backspace Esc", action: "clear search")))
    }

    @Test func theSameServerSearchAgainDoesNotReQuery() {
        var state = loadedApp(searchParam: "q")
        state.query.serverSearch = "oak"
        _ = AppReducer.reduce(&state, .search(.begin))
        type("oak", into: &state)
        #expect(AppReducer.reduce(&state, .search(.submit)) == [])
        #expect(state.list.rows.count == 60)
    }

    @Test func pagesArrivingDuringASearchAreMatchedToo() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        type("7", into: &state)
        _ = AppReducer.reduce(&state, .list(.move(.down)))      // Item 17
        let load = AppReducer.reduce(&state, .list(.loadMore))
        guard case .fetchPage(_, _, let id, _, _)? = load.first else { Issue.record("no load-more"); return }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: id, Fixtures.page(61...90, totalPages: 5))))
        #expect(state.search?.matches.map { state.list.rows[$0].id }
                == ["7", "17", "27", "37", "47", "57", "67", "70", "71", "72", "73", "74", "75", "76", "77", "78",
                    "79", "87"])
        #expect(state.currentRow?.id == "17")
    }

    @Test func whileTypingCharactersAreTextNotCommands() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        let keys = KeyMap.default
        #expect(keys.action(for: .character("q"), in: state) == .search(.insert("q")))
        #expect(keys.action(for: .character("j"), in: state) == .search(.insert("j")))
        #expect(keys.action(for: .character("好"), in: state) == .search(.insert("好")))
        #expect(keys.action(for: .enter, in: state) == .search(.submit))
        #expect(keys.action(for: .escape, in: state) == .search(.cancel))
        #expect(keys.action(for: .backspace, in: state) == .search(.deleteBackward))
        #expect(keys.action(for: .down, in: state) == .list(.move(.down)))
    }

    @Test func theWindowHoldsOnlyTheVisibleMatchesAndFollowsTheSelection() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .list(.move(.home)))
        for _ in 0..<30 { _ = AppReducer.reduce(&state, .list(.move(.down))) }
        let view = state.displayedList
        #expect(view.rows.count == 21)
        #expect(view.rows[view.selection].id == "31")
        #expect(view.rows.first?.id == "11")
        #expect(view.scrollOffset == 0)
    }

    @Test func gridMovesStepOverMatchesByCardRows() {
        var state = loadedApp()
        _ = AppReducer.reduce(&state, .toggleView)
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .list(.move(.home)))
        let columns = ScreenLayout.of(state).grid.columns
        _ = AppReducer.reduce(&state, .gridMove(.down))
        #expect(state.search?.selection == columns)
        _ = AppReducer.reduce(&state, .gridMove(.right))
        #expect(state.search?.selection == columns + 1)
    }
}
