import Testing
@testable import RowboatCore
@testable import RowboatSpec

@Suite("KeyMap default bindings")
struct KeyMapTests {
    let map = KeyMap.default

    @Test func movementKeys() {
        #expect(map.listBindings[.character("j")] == .list(.move(.down)))
        #expect(map.listBindings[.down] == .list(.move(.down)))
        #expect(map.listBindings[.character("k")] == .list(.move(.up)))
        #expect(map.listBindings[.up] == .list(.move(.up)))
        #expect(map.listBindings[.pageDown] == .list(.move(.pageDown)))
        #expect(map.listBindings[.character("d")] == .list(.move(.pageDown)))
        #expect(map.listBindings[.character("u")] == .list(.move(.pageUp)))
        #expect(map.listBindings[.character("f")] == .filters(.open))
        #expect(map.listBindings[.character("/")] == .search(.begin))
        #expect(map.listBindings[.pageUp] == .list(.move(.pageUp)))
        #expect(map.listBindings[.character("b")] == .list(.move(.pageUp)))
        #expect(map.listBindings[.home] == .list(.move(.home)))
        #expect(map.listBindings[.character("g")] == .list(.move(.home)))
        #expect(map.listBindings[.end] == .list(.move(.end)))
        #expect(map.listBindings[.character("G")] == .list(.move(.end)))
    }

    @Test func commandKeys() {
        #expect(map.listBindings[.character("q")] == .quit)
        #expect(map.listBindings[.character("r")] == .list(.refresh))
        #expect(map.listBindings[.character(" ")] == .list(.loadMore))
        #expect(map.listBindings[.character("n")] == .list(.loadMore))
    }

    @Test func unboundKeys() {
        #expect(map.listBindings[.character("x")] == nil)
        #expect(map.listBindings[.character("-")] == .columns(.unfilter(all: false)))
        #expect(map.listBindings[.character("Q")] == nil)
        #expect(map.listBindings[.function(1)] == nil)
        #expect(map.listBindings[.tab] == .nextTab)
    }

    @Test func enterOpensTheDetailScreen() {
        #expect(map.listBindings[.enter] == .openDetail)
        #expect(map.listBindings[.character("l")] == .openDetail)
    }

    @Test func customBindings() {
        let custom = KeyMap(listBindings: [.escape: .quit])
        #expect(custom.listBindings[.escape] == .quit)
        #expect(custom.listBindings[.character("q")] == nil)
    }

    /// Help writes a run of number keys as a range, and lists a number key
    /// only for a tab that exists.
    @Test func digitRunsAreRangesAndOnlyTabsThatExist() {
        #expect(KeyHelp.joined(["1", "2", "3", "4"]) == "1–4")
        #expect(KeyHelp.joined(["1", "2"]) == "1 2")
        #expect(KeyHelp.joined(["F1", "1", "2", "3", "5"]) == "F1 1–3 5")
        #expect(KeyHelp.joined(["n", "space"]) == "n space")
        let tabs = (1...3).map { TabState(endpointKey: "e\($0)", columns: []) }
        let state = AppState(tabs: tabs)
        #expect(KeyMap.default.action(for: .character("3"), in: state) == .selectTab(2))
        #expect(KeyMap.default.action(for: .character("4"), in: state) == nil)
        #expect(KeyHelp.entries(KeyMap.default.bindings(in: state)).contains(.init(keys: "1–3", action: "show tab by number")))
    }
}
