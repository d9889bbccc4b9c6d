import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// One key's lookup (`KeyMap.binding(for:in:)`, asked on every press) and
/// the whole map (`bindings(in:)`, what help lists) agree on every key, on
/// every screen a user reaches.
@Suite("One key's lookup against the whole map")
struct KeyLookupTests {
    static func app(tabs: Int = 1) throws -> AppState {
        let endpoints = (1...tabs).map { index in
            """
              items\(index):
                url: /items
                paging: {style: page, param: page, size: 30}
                item: {id: id, title: name, link: url}
                actions: [{title: Close, key: Z, open: "https://example.org/${item.id}"}, {title: Jump, key: j, open: "https://example.org"}]
            """
        }
        let config = try ConfigLoader.parse("""
        server: https://api.example.org
        interfaces:
        \(endpoints.joined(separator: "\n"))
        """, file: "a.yaml")
        var state = AppState(config: config)
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...10).map { RowModel(id: String($0), title: "Item \($0)", linkURL: "https://example.com/\($0)") }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: 0))))
        return state
    }

    /// Every key any table binds, the endpoint's action keys and some that
    /// nothing binds.
    static func keys(_ map: KeyMap) -> Set<Key> {
        var keys: Set<Key> = [.character("Z"), .character("x"), .character("Q"), .function(5), .escape, .backspace]
        for layer in KeyLayer.allCases { keys.formUnion(map.table(layer).keys) }
        return keys
    }

    func expectAgreement(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let map = KeyMap.default
        let whole = map.bindings(in: state)
        for key in Self.keys(map) {
            #expect(map.binding(for: key, in: state) == whole[key], "\(name): \(key)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyScreen() throws {
        var state = try Self.app()
        expectAgreement(state, "list")
        #expect(KeyMap.default.action(for: .character("Z"), in: state) == .runAction(ActionRef(index: 0, title: "Close")))
        // A list key wins over the endpoint's action with the same key.
        #expect(KeyMap.default.action(for: .character("j"), in: state) == .list(.move(.down)))
        var grid = state
        _ = AppReducer.reduce(&grid, .toggleView)
        expectAgreement(grid, "grid")
        var detail = state
        _ = AppReducer.reduce(&detail, .openDetail)
        expectAgreement(detail, "detail")
        var favorites = state
        _ = AppReducer.reduce(&favorites, .toggleFavorite)
        _ = AppReducer.reduce(&favorites, .toggleFavoritesList)
        #expect(favorites.focus == .favorites)
        expectAgreement(favorites, "favorites")
        var search = state
        _ = AppReducer.reduce(&search, .search(.begin))
        expectAgreement(search, "search prompt")
        _ = AppReducer.reduce(&search, .search(.insert("Item")))
        _ = AppReducer.reduce(&search, .search(.submit))
        expectAgreement(search, "search results")
        var help = state
        _ = AppReducer.reduce(&help, .toggleHelp)
        expectAgreement(help, "help")
        var sheet = state
        _ = AppReducer.reduce(&sheet, .sheet(.open))
        expectAgreement(sheet, "sheet")
        _ = AppReducer.reduce(&state, .columns(.open))
        expectAgreement(state, "columns panel")
    }

    @Test func tabsAndTheirNumbers() throws {
        for tabs in [1, 2, 3] {
            let state = try Self.app(tabs: tabs)
            #expect(state.tabs.count == tabs)
            expectAgreement(state, "\(tabs) tabs")
        }
    }
}
