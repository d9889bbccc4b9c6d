import Testing
@testable import RowboatCore

@Suite("KeyMap default bindings")
struct KeyMapTests {
    let map = KeyMap.default

    @Test func movementKeys() {
        #expect(map.action(for: .character("j")) == .list(.move(.down)))
        #expect(map.action(for: .down) == .list(.move(.down)))
        #expect(map.action(for: .character("k")) == .list(.move(.up)))
        #expect(map.action(for: .up) == .list(.move(.up)))
        #expect(map.action(for: .pageDown) == .list(.move(.pageDown)))
        #expect(map.action(for: .character("d")) == .list(.move(.pageDown)))
        #expect(map.action(for: .character("u")) == .list(.move(.pageUp)))
        #expect(map.action(for: .character("f")) == .filters(.open))
        #expect(map.action(for: .character("/")) == .search(.begin))
        #expect(map.action(for: .pageUp) == .list(.move(.pageUp)))
        #expect(map.action(for: .character("b")) == .list(.move(.pageUp)))
        #expect(map.action(for: .home) == .list(.move(.home)))
        #expect(map.action(for: .character("g")) == .list(.move(.home)))
        #expect(map.action(for: .end) == .list(.move(.end)))
        #expect(map.action(for: .character("G")) == .list(.move(.end)))
    }

    @Test func commandKeys() {
        #expect(map.action(for: .character("q")) == .quit)
        #expect(map.action(for: .character("r")) == .list(.refresh))
        #expect(map.action(for: .character(" ")) == .list(.loadMore))
        #expect(map.action(for: .character("n")) == .list(.loadMore))
    }

    @Test func unboundKeys() {
        #expect(map.action(for: .character("x")) == nil)
        #expect(map.action(for: .character("Q")) == nil)
        #expect(map.action(for: .function(1)) == nil)
        #expect(map.action(for: .tab) == .nextTab)
    }

    @Test func enterOpensTheDetailScreen() {
        #expect(map.action(for: .enter) == .openDetail)
        #expect(map.action(for: .character("l")) == .openDetail)
    }

    @Test func customBindings() {
        let custom = KeyMap(bindings: [.escape: .quit])
        #expect(custom.action(for: .escape) == .quit)
        #expect(custom.action(for: .character("q")) == nil)
    }
}
