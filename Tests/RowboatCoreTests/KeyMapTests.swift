import Testing
@testable import RowboatCore

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
}
