import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// The `keys:` config section: parsing, errors, conflicts and the key map
/// it builds.
@Suite("Config keys: section")
struct KeyBindingsConfigTests {
    /// A config whose lines 4… are `keys` (so line numbers are easy to read).
    func yaml(_ keys: String) -> String {
        "server: http://x\ninterfaces:\n  items: {url: /a, item: {title: t}}\n" + keys
    }

    func parse(_ keys: String) throws -> RowboatConfig {
        try ConfigLoader.parse(yaml(keys), file: "test.yaml")
    }

    func error(_ keys: String) throws -> ConfigError {
        try #require(Fixtures.configError(yaml(keys)))
    }

    func map(_ keys: String) throws -> KeyMap {
        try KeyBindings.keyMap(try parse(keys).keys)
    }

    /// A list with a filter section (so its filters key is offered).
    func state(_ change: (inout AppState) -> Void = { _ in }) -> AppState {
        var s = AppState(endpointKey: "items", columns: [])
        s.query = QueryState(options: QueryOptions(filters: [QuerySection(title: "Rating", options: [QueryOption(title: "Any")])]))
        change(&s)
        return s
    }

    // MARK: parsing

    @Test func noKeysSectionKeepsTheDefaults() throws {
        let config = try parse("")
        #expect(config.keys.isEmpty)
        let built = try KeyBindings.keyMap(config.keys)
        #expect(built.listBindings == KeyMap.default.listBindings)
        #expect(built.gridBindings == KeyMap.default.gridBindings)
        #expect(built.detailBindings == KeyMap.default.detailBindings)
        #expect(built.filterPanelBindings == KeyMap.default.filterPanelBindings)
        #expect(built.backKeys == KeyMap.default.backKeys)
    }

    @Test func oneKeyOrAListInFileOrder() throws {
        let config = try parse("""
        keys:
          refresh: [r, F5]
          loadMore: n
          choose: x
          pageDown: [PgDn, " "]
          quit: [q, Q]
          filters: p
          search: /
          help: "?"
          favorite: "*"
        """)
        #expect(config.keys.overrides == [
            .init(.refresh, [.character("r"), .function(5)]),
            .init(.loadMore, [.character("n")]),
            .init(.choose, [.character("x")]),
            .init(.pageDown, [.pageDown, .character(" ")]),
            .init(.quit, [.character("q"), .character("Q")]),
            .init(.filters, [.character("p")]),
            .init(.search, [.character("/")]),
            .init(.help, [.character("?")]),
            .init(.favorite, [.character("*")]),
        ])
    }

    @Test(arguments: [
        ("space", Key.character(" ")), (" ", .character(" ")), ("enter", .enter), ("Return", .enter),
        ("esc", .escape), ("ESCAPE", .escape), ("backspace", .backspace), ("tab", .tab),
        ("up", .up), ("Down", .down), ("left", .left), ("RIGHT", .right),
        ("pgup", .pageUp), ("PgDn", .pageDown), ("pageup", .pageUp), ("PageDown", .pageDown),
        ("home", .home), ("End", .end), ("f1", .function(1)), ("F12", .function(12)),
        ("x", .character("x")), ("X", .character("X")), ("F", .character("F")), ("$", .character("$")),
        ("中", .character("中")), ("1", .character("1")),
    ])
    func keyNames(name: String, key: Key) {
        #expect(KeyName.parse(name) == key)
    }

    @Test func keyNamesThatAreNotKeys() {
        for bad in ["", "f13", "f0", "ctrl-r", "pgdown", "\t", "\u{1B}", "ab"] { #expect(KeyName.parse(bad) == nil) }
        #expect(KeyName.name(.character(" ")) == "space")
        #expect(KeyName.name(.pageDown) == "pgdn")
        #expect(KeyName.name(.function(5)) == "f5")
        #expect(KeyName.name(.character("j")) == "j")
    }

    @Test func anEmptyListLeavesTheActionWithoutKeys() throws {
        let keys = try map("keys:\n  toggleView: []\n")
        #expect(keys.action(for: .character("v"), in: state()) == nil)
        #expect(!keys.listBindings.values.contains(.toggleView))
    }

    // MARK: errors

    @Test func unknownActionSuggestsTheRightOne() throws {
        let e = try error("keys:\n  refrsh: r\n")
        #expect(e == ConfigError(file: "test.yaml", line: 5, column: 3, keyPath: "keys.refrsh",
                                 message: "unknown action \"refrsh\"; did you mean \"refresh\"?"))
        #expect(e.description == "test.yaml:5:3: keys.refrsh: unknown action \"refrsh\"; did you mean \"refresh\"?")
    }

    @Test func unrelatedActionListsTheKnownOnes() throws {
        let e = try error("keys:\n  zzzzzzzzz: r\n")
        #expect(e.message.hasPrefix("unknown action \"zzzzzzzzz\" (known: moveDown, moveUp,"))
        #expect(e.message.contains("quit, sheet.…, pager.…, dialog.…, search.…, columns.…, views.…)"))
        // Under an overlay's prefix, that overlay's own names.
        let columns = try error("keys:\n  columns.zzzzzzzzz: r\n")
        #expect(columns.message.hasPrefix("unknown action \"columns.zzzzzzzzz\" (known: columns.down, columns.up,"))
        #expect(columns.message.hasSuffix("columns.erase)"))
    }

    @Test func unknownKeyNameSuggestsTheRightOne() throws {
        let e = try error("keys:\n  pageDown: [pgdown, d]\n")
        #expect(e == ConfigError(file: "test.yaml", line: 5, column: 14, keyPath: "keys.pageDown[0]",
                                 message: "unknown key name \"pgdown\"; did you mean \"pgdn\"?"))
        let f = try error("keys:\n  refresh: F13\n")
        #expect(f.keyPath == "keys.refresh")
        #expect(f.line == 5 && f.column == 12)
        #expect(f.message == "unknown key name \"F13\"; did you mean \"f1\"?")
    }

    @Test func unrelatedKeyNameSaysWhatAKeyIs() throws {
        let e = try error("keys:\n  refresh: control-r\n")
        #expect(e.message == "unknown key name \"control-r\" (a key is one character, or space, enter, esc, backspace, "
                + "tab, shift-tab, up, down, left, right, pgup, pgdn, home, end, ctrl-l, f1…f12)")
    }

    @Test func otherMistakes() throws {
        #expect(try error("keys:\n  refresh: \"\"\n").message
                == "expected a key or a list of keys ([] leaves the action without keys)")
        #expect(try error("keys:\n  refresh: {a: b}\n").message == "expected a key name, found a mapping")
        #expect(try error("keys:\n  refresh: [[r]]\n").keyPath == "keys.refresh[0]")
        #expect(try error("keys: [r]\n").message == "expected a mapping, found a list")
        #expect(try error("keyz: {}\n").message == "unknown key \"keyz\"; did you mean \"keys\"?")
    }

    // MARK: conflicts

    @Test func aKeyLeftOnAnotherActionIsAConflict() throws {
        let e = try error("keys:\n  refresh: j\n")
        #expect(e == ConfigError(file: "test.yaml", line: 5, column: 12, keyPath: "keys.refresh",
                                 message: "key \"j\" is bound to both refresh and moveDown on the list screen; "
                                     + "give one of them other keys"))
    }

    @Test func rebindingTheOtherActionToo() throws {
        let keys = try map("keys:\n  refresh: j\n  moveDown: [down, e]\n")
        #expect(keys.action(for: .character("j"), in: state()) == .list(.refresh))
        #expect(keys.action(for: .character("e"), in: state()) == .list(.move(.down)))
        #expect(keys.action(for: .character("r"), in: state()) == nil)
    }

    @Test func theBriefsExampleConflictsOnSpace() throws {
        // Space loads more by default, so giving it to pageDown needs loadMore moved.
        let e = try error("keys: {refresh: [r, F5], pageDown: [PgDn, \" \"], quit: [q, Q], filters: f, search: /}\n")
        #expect(e.keyPath == "keys.pageDown[1]")
        #expect(e.message.hasPrefix("key \"space\" is bound to both pageDown and loadMore on the list screen"))
        // The filter panel chooses with space too.
        let panel = try error("keys:\n  loadMore: n\n  pageDown: [pgdn, space]\n")
        #expect(panel.message.hasPrefix("key \"space\" is bound to both pageDown and choose on the filter panel screen"))
        #expect(panel.line == 6)
        _ = try map("keys:\n  loadMore: n\n  choose: x\n  pageDown: [pgdn, space]\n")
    }

    @Test func twoConfiguredActionsOnOneKey() throws {
        let e = try error("keys:\n  refresh: x\n  toggleView: [v, x]\n")
        #expect(e.line == 6)
        #expect(e.keyPath == "keys.toggleView[1]")
        #expect(e.message.hasPrefix("key \"x\" is bound to both toggleView and refresh on the list screen"))
        // On different screens the same key is fine: x chooses in the panel.
        _ = try map("keys:\n  refresh: x\n")
    }

    @Test func aListKeyThatTheGridUsesIsAConflictOnTheGridScreen() throws {
        // (loadMore: refresh also asks a kit's own detail again, so on h it meets the detail's h first.)
        let e = try error("keys:\n  loadMore: h\n")
        #expect(e.message.hasPrefix("key \"h\" is bound to both loadMore and moveLeft on the grid screen"))
    }

    @Test func aDetailKeyConflict() throws {
        let e = try error("keys:\n  help: h\n")
        // h moves along the detail's related strip (and goes back without one).
        #expect(e.message.hasPrefix("key \"h\" is bound to both help and moveLeft on the detail screen"))
    }

    @Test func backOverTheGridInSearchResults() throws {
        // h is moveLeft in the grid and in the detail (along the related
        // strip): back on h conflicts on both screens.
        let e = try error("keys:\n  back: [esc, h]\n")
        #expect(e.message.hasPrefix("key \"h\" is bound to both back and moveLeft on the detail screen"))
        let config = KeyBindingsConfig([.init(.back, [.escape, .character("h")])])
        let screens = KeyBindings.apply(config, to: .default).1.map(\.screen)
        #expect(screens.contains("detail"))
    }

    @Test func restatingDefaultsIsNoConflict() throws {
        // l opens the detail on the list; the grid's l (move right) wins there, as by default.
        let keys = try map("keys:\n  openDetail: [enter, right, l]\n  moveRight: [right, l]\n")
        #expect(keys.listBindings == KeyMap.default.listBindings)
        #expect(keys.gridBindings == KeyMap.default.gridBindings)
    }

    @Test func conflictsWithActionsNotInTheTableNameThemByHelp() throws {
        var base = KeyMap.default
        base.listBindings[.character("z")] = .list(.move(.to(3)))
        let (_, conflicts) = KeyBindings.apply(KeyBindingsConfig([.init(.refresh, [.character("z")])]), to: base)
        #expect(conflicts.map(\.description) == [
            "key \"z\" is bound to both refresh and \"go to row 4\" on the list screen; give one of them other keys",
        ])
    }

    @Test func restatingEveryDefaultIsNoConflict() {
        // (Not `back`: its defaults differ by screen; ← and h only leave the detail.)
        let all = KeyBindingsConfig(KeyAction.allCases.filter { $0 != .back }.map { action in
            .init(action, action.slots.flatMap { action.keys(on: $0.layer) }.reduce(into: [Key]()) { if !$0.contains($1) { $0.append($1) } })
        })
        let (map, conflicts) = KeyBindings.apply(all, to: .default)
        #expect(conflicts == [])
        #expect(map.listBindings == KeyMap.default.listBindings)
        #expect(map.gridBindings == KeyMap.default.gridBindings)
    }

    // MARK: overlay layers

    @Test func anUnknownOverlayActionIsOneLineAtItsName() throws {
        let e = try error("keys:\n  columns.ad: J\n")
        #expect(e.description == "test.yaml:5:3: keys.columns.ad: unknown action \"columns.ad\"; did you mean \"columns.add\"?")
    }

    @Test func aClashInsideAnOverlaysLayerIsOneLineAtTheKey() throws {
        let e = try error("keys:\n  columns.sort: x\n")
        #expect(e.description == "test.yaml:5:17: keys.columns.sort: key \"x\" is bound to both columns.sort and "
                    + "columns.show on the columns panel screen; give one of them other keys")
        let pager = try error("keys:\n  pager.down: [down, e]\n  pager.close: [esc, j, e]\n")
        #expect(pager.description == "test.yaml:6:25: keys.pager.close[2]: key \"e\" is bound to both pager.close and "
                    + "pager.down on the output pager screen; give one of them other keys")
        // quit is rebound over the panels too: + widens a column there.
        let quit = try error("keys:\n  quit: [q, \"+\"]\n")
        #expect(quit.message == "key \"+\" is bound to both quit and columns.wider on the columns panel screen; "
                    + "give one of them other keys")
    }

    @Test func oneKeyOnTwoOverlaysOrAnOverlayAndTheListIsNoClash() throws {
        // J adds a column in the panel, saves a view in the other, and is free on the list.
        let keys = try map("keys:\n  columns.add: J\n  views.save: J\n  dialog.yes: r\n")
        #expect(keys.table(.columnsPanel)[.character("J")] == .columns(.addExpression))
        #expect(keys.table(.columnsPanel)[.character("a")] == nil)
        #expect(keys.table(.viewsPanel)[.character("J")] == .views(.save))
        #expect(keys.table(.dialog)[.character("r")] == .dialog(.confirm))
        #expect(keys.table(.list)[.character("r")] == .list(.refresh))
        // The rest of each overlay's table is the default's.
        var columns = keys.table(.columnsPanel)
        columns[.character("J")] = nil
        columns[.character("a")] = .columns(.addExpression)
        #expect(columns == KeyMap.defaultColumnsPanel)
    }

    @Test func everyActionHasASlotAndEveryOverlayNameItsLayer() {
        for action in KeyAction.allCases {
            #expect(!action.slots.isEmpty, "\(action.rawValue) is bound nowhere")
            guard let dot = action.rawValue.firstIndex(of: ".") else { continue }
            let prefix = String(action.rawValue[..<dot])
            #expect(action.slots.allSatisfy { $0.layer.rawValue.hasPrefix(prefix) }, "\(action.rawValue)")
        }
    }

    // MARK: the built key map

    @Test func anOverriddenKeyWorksAndTheOldOneNoLonger() throws {
        let keys = try map("keys:\n  refresh: [T, F5]\n  quit: [Q]\n")
        let list = state()
        #expect(keys.action(for: .character("T"), in: list) == .list(.refresh))
        #expect(keys.action(for: .function(5), in: list) == .list(.refresh))
        #expect(keys.action(for: .character("r"), in: list) == nil)
        #expect(keys.action(for: .character("Q"), in: list) == .quit)
        #expect(keys.action(for: .character("q"), in: list) == nil)
        // Everything not named keeps its keys.
        #expect(keys.action(for: .character("j"), in: list) == .list(.move(.down)))
        // Quit is replaced on every screen it lives on.
        let detail = state { $0.tab.stack = [.detail(DetailState(row: RowModel(id: "1", title: "t"), endpointKey: "items"))] }
        #expect(keys.action(for: .character("Q"), in: detail) == .quit)
        #expect(keys.action(for: .character("q"), in: detail) == nil)
        // With help open, the quit key still quits; any other key closes help.
        let help = state { $0.overlay = .help(over: nil) }
        #expect(keys.action(for: .character("Q"), in: help) == .quit)
        #expect(keys.action(for: .character("q"), in: help) == .toggleHelp)
    }

    @Test func movementFollowsOnEveryScreen() throws {
        let keys = try map("keys:\n  moveDown: [down, e]\n  moveUp: [up, i]\n")
        #expect(keys.action(for: .character("e"), in: state()) == .list(.move(.down)))
        #expect(keys.action(for: .character("j"), in: state()) == nil)
        let grid = state { $0.viewMode = .grid }
        #expect(keys.action(for: .character("e"), in: grid) == .gridMove(.down))
        #expect(keys.action(for: .character("i"), in: grid) == .gridMove(.up))
        #expect(keys.action(for: .character("j"), in: grid) == nil)
        let detail = state { $0.tab.stack = [.detail(DetailState(row: RowModel(id: "1", title: "t"), endpointKey: "items"))] }
        #expect(keys.action(for: .character("e"), in: detail) == .scrollDetail(1))
        #expect(keys.action(for: .down, in: detail) == .scrollDetail(1))
        let panel = state { $0.overlay = .filterPanel(FilterPanel(draft: [], cursor: 0)) }
        #expect(keys.action(for: .character("e"), in: panel) == .filters(.move(1)))
        #expect(keys.action(for: .character("k"), in: panel) == nil)
    }

    @Test func theFiltersKeyOpensAndClosesThePanel() throws {
        let keys = try map("keys:\n  filters: z\n")
        #expect(keys.action(for: .character("z"), in: state()) == .filters(.open))
        #expect(keys.action(for: .character("f"), in: state()) == nil)
        let panel = state { $0.overlay = .filterPanel(FilterPanel(draft: [], cursor: 0)) }
        #expect(keys.action(for: .character("z"), in: panel) == .filters(.cancel))
        #expect(keys.action(for: .character("f"), in: panel) == nil)
        #expect(keys.action(for: .escape, in: panel) == .filters(.cancel))
    }

    @Test func backKeysLeaveEveryScreen() throws {
        let keys = try map("keys:\n  back: [esc, z]\n")
        let detail = state { $0.tab.stack = [.detail(DetailState(row: RowModel(id: "1", title: "t"), endpointKey: "items"))] }
        #expect(keys.action(for: .character("z"), in: detail) == .closeDetail)
        #expect(keys.action(for: .backspace, in: detail) == nil)
        // h is moveLeft in the detail: along the related strip, or back without one.
        #expect(keys.action(for: .character("h"), in: detail) == .stripMove(-1))
        let favorites = state { $0.tab.stack = [.favorites(selection: 0)] }
        #expect(keys.action(for: .character("z"), in: favorites) == .toggleFavoritesList)
        #expect(keys.action(for: .backspace, in: favorites) == nil)
        let results = state { $0.tab.stack = [.search(SearchState(text: "a", editing: false, matches: []))] }
        #expect(keys.action(for: .character("z"), in: results) == .search(.cancel))
        #expect(keys.action(for: .escape, in: results) == .search(.cancel))
    }

    /// What a hint names: the action's first character key (`r`, `space`),
    /// else its first key as hints write it (`esc`, `←`), from the map in force.
    @Test func keyNamesForHints() throws {
        #expect(KeyMap.default.hintName(for: .refresh) == "r")
        #expect(KeyMap.default.hintName(for: .loadMore) == "space")
        #expect(KeyMap.default.hintName(for: .back, on: .detail) == "esc")
        #expect(KeyMap.default.hintName(for: .moveLeft, on: .detail) == "h")
        let keys = try map("keys:\n  refresh: [F5, T]\n")
        #expect(keys.hintName(for: .refresh) == "T")
        #expect(try map("keys:\n  refresh: [F5]\n").hintName(for: .refresh) == "F5")
    }

    @Test func helpListsTheNewKeys() throws {
        let keys = try map("keys:\n  refresh: [T, F5]\n")
        let entries = KeyHelp.entries(keys.bindings(in: state()))
        let refresh = try #require(entries.first { $0.action == "refresh / retry" })
        #expect(refresh.keys == "F5 T")
        #expect(!entries.contains { $0.keys.split(separator: " ").contains("r") })
    }

    /// docs/config.md has a row for every action name.
    @Test func everyActionIsDocumented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/config.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for action in KeyAction.allCases { #expect(text.contains("| `\(action.rawValue)` |"), "\(action.rawValue)") }
    }

    /// docs/config.md's rows of the overlays' actions give their default keys.
    @Test func theOverlayRowsGiveTheDefaultKeys() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/config.md")
        let lines = try String(contentsOf: docs, encoding: .utf8).split(separator: "\n")
        for action in KeyAction.allCases where action.rawValue.contains(".") {
            let row = try #require(lines.first { $0.hasPrefix("| `\(action.rawValue)` |") })
            let written = row.split(separator: "|").last.map { $0.split(separator: " ").map { $0.trimmingCharacters(in: ["`"]) } } ?? []
            let keys = action.slots.flatMap { action.keys(on: $0.layer) }.map { KeyName.name($0) }
            #expect(Set(written) == Set(keys), "\(action.rawValue): \(written) ≠ \(keys)")
        }
    }

    /// docs/config.md's key-name list has every named key (shift-tab was
    /// missing) and every alias.
    @Test func everyKeyNameIsDocumented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/config.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "Key names: "))
        let list = text[start.lowerBound...].prefix { $0 != "|" }.prefix(600).replacingOccurrences(of: "\n", with: " ")
        for (name, _) in KeyName.named where !name.hasPrefix("f") { #expect(list.contains("`\(name)`"), "\(name)") }
        #expect(list.contains("`f1` … `f12`"))
        for alias in KeyName.aliases.keys { #expect(list.contains("`\(alias)`"), "\(alias)") }
    }

    /// Every default binding belongs to a named action, so `keys:` can move
    /// any of them (a new default key needs a `KeyAction` slot).
    @Test func everyDefaultBindingHasAName() {
        for layer in KeyLayer.allCases {
            for (key, action) in KeyMap.default.table(layer) {
                let named = KeyAction.allCases.contains { $0.keys(on: layer).contains(key) }
                #expect(named, "\(layer): \(KeyName.name(key)) → \(action) has no action name")
            }
        }
    }
}
