import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// An overlay's keys rebound by `keys:` (`columns.add`, `dialog.yes`,
/// `search.submit`, `sheet.do`): the new key does the overlay's action, the
/// default key no longer does, and the state after is exactly what the
/// default key made of it.
@Suite("Overlay keys rebound")
struct OverlayKeysReducerTests {
    static let keys = """

    keys:
      columns.add: J
      dialog.yes: [Y, enter]
      dialog.press: []
      search.submit: F2
      sheet.do: [D]
    """

    /// The columns panel's tests' list, and the key map of its config with `keys` added.
    func app() throws -> (AppState, KeyMap) {
        let config = try ConfigLoader.parse(ColumnsPanelReducerTests.config + Self.keys, file: "c.yaml")
        return (try ColumnsPanelReducerTests().app(), try KeyBindings.keyMap(config.keys))
    }

    /// The key's action where the state is, reduced.
    func press(_ key: Key, _ state: inout AppState, _ keyMap: KeyMap) throws -> [AppEffect] {
        AppReducer.reduce(&state, try #require(keyMap.action(for: key, in: state)))
    }

    @Test func columnsAddOnItsNewKeyOpensTheJQPrompt() throws {
        var (state, keyMap) = try app()
        _ = try press(.character("c"), &state, keyMap)
        #expect(state.overlay == .columns(ColumnsPanel(cursor: 0)))
        // The default key no longer adds a column; the new one does.
        #expect(keyMap.action(for: .character("a"), in: state) == nil)
        let before = state
        #expect(try press(.character("J"), &state, keyMap) == [])
        var expected = before
        expected.overlay = .columns(ColumnsPanel(cursor: 0, typed: "", addsColumn: true))
        #expect(state == expected)
        // In the prompt J is text again (the prompt's own layer does not bind it).
        #expect(keyMap.action(for: .character("J"), in: state) == .columns(.type(.insert("J"))))
    }

    @Test func dialogYesOnItsNewKeysConfirms() throws {
        var (state, keyMap) = try app()
        _ = AppReducer.reduce(&state, .cacheMeasured(CacheUsage(responseBytes: 2048, responseCount: 2, imageBytes: 0, imageCount: 0),
                                                     reason: nil))
        #expect(state.focus == .dialog)
        #expect(keyMap.action(for: .character("y"), in: state) == nil)
        #expect(keyMap.action(for: .enter, in: state) == .dialog(.confirm))
        let before = state
        #expect(try press(.character("Y"), &state, keyMap) == [.clearCache])
        var expected = before
        expected.overlay = nil
        #expect(state == expected)
    }

    @Test func searchSubmitOnItsNewKeyBrowsesOrSearches() throws {
        var (state, keyMap) = try app()
        _ = try press(.character("/"), &state, keyMap)
        for c in "It" { _ = try press(.character(c), &state, keyMap) }
        #expect(state.search?.text == "It")
        // Enter is no longer the prompt's: it does nothing there.
        #expect(keyMap.action(for: .enter, in: state) == nil)
        var byDefault = state
        let effects = try press(.function(2), &state, keyMap)
        let expectedEffects = AppReducer.reduce(&byDefault, .search(.submit))
        #expect(state == byDefault)
        #expect(effects == expectedEffects)
        #expect(state.focus != .searchPrompt)
    }

    @Test func sheetDoOnItsNewKey() throws {
        var (state, keyMap) = try app()
        _ = try press(.character("a"), &state, keyMap)
        #expect(state.focus == .sheet)
        #expect(keyMap.action(for: .enter, in: state) == nil)
        #expect(keyMap.action(for: .character(" "), in: state) == nil)
        var byDefault = state
        let effects = try press(.character("D"), &state, keyMap)
        let expectedEffects = AppReducer.reduce(&byDefault, .sheet(.run))
        #expect(state == byDefault)
        #expect(effects == expectedEffects)
        #expect(state.overlay == nil)
    }
}
