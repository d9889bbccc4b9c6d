import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews

/// Every action rebound to a key of its own (and every default key taken
/// away): every screen's hints name the new keys, and none names a default
/// key the map no longer has.
@Suite struct ReboundHintTests {
    let renderer = AppRenderer(theme: .default)

    /// Each action's new key: F1–F12, then capitals and signs no default
    /// uses; an overlay's own actions (`pager.down`) lower-case letters,
    /// which the moved defaults left free, again for each overlay.
    static let rebound: [KeyAction: Key] = {
        let free = (1...12).map { Key.function($0) } + "ABDEHIJKLMNOPQSTUWXYZ!@#%&()-+=,.;<>{}|^_`".map { Key.character($0) }
        let overlays = KeyAction.allCases.filter { $0.rawValue.contains(".") }
        var keys = Dictionary(uniqueKeysWithValues: zip(KeyAction.allCases.filter { !overlays.contains($0) }, free))
        for prefix in Set(overlays.map { $0.rawValue.prefix { $0 != "." } }) {
            let own = overlays.filter { $0.rawValue.hasPrefix(prefix + ".") }
            keys.merge(zip(own, "abcdefghijklmnopqrstuvwxyz".map(Key.character))) { a, _ in a }
        }
        return keys
    }()

    static let keyMap: KeyMap = {
        let overrides = KeyAction.allCases.map { KeyBindingsConfig.Override($0, [rebound[$0]!]) }
        return try! KeyBindings.keyMap(KeyBindingsConfig(overrides))
    }()

    /// The name a hint gives an action's new key.
    func k(_ action: KeyAction) -> String { KeyName.name(Self.rebound[action]!, as: .help) }

    /// Phrases that name a default key: none may appear with every key moved.
    static let defaultPhrases = ["(space)", "r to retry", "space loads more", "esc back", "j/k scroll", "h/l related",
                                 "enter open", "l to retry", "space choose", "enter apply", "c reset", "esc close",
                                 "/ edit", "esc clear", "press r ", "v table", "* remove", "F to go back", "F back",
                                 "press * ", "Esc shows every row"]

    func expectNoDefaults(_ text: String, _ screen: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for phrase in Self.defaultPhrases {
            #expect(!text.contains(phrase), "\(screen) still says \"\(phrase)\":\n\(text)", sourceLocation: sourceLocation)
        }
    }

    func render(_ state: AppState) -> String {
        renderer.render(state, now: Fixtures.now, keyMap: Self.keyMap).text
    }

    @Test func theListsFootersErrorsAndEmptyViews() {
        let loaded = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 100, rows: 24))
        var text = render(loaded)
        #expect(text.contains("load more (\(k(.loadMore)))"), "\(text)")
        expectNoDefaults(text, "list")

        var failedMore = loaded
        _ = AppReducer.reduce(&failedMore, .list(.loadMore))
        _ = AppReducer.reduce(&failedMore, .list(.pageFailed(requestID: 2, message: "HTTP 500")))
        text = render(failedMore)
        #expect(text.contains("failed — \(k(.refresh)) to retry"), "\(text)")
        expectNoDefaults(text, "failed load-more")

        var failed = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging(),
                              size: .init(columns: 80, rows: 12))
        _ = AppReducer.reduce(&failed, .list(.appeared))
        _ = AppReducer.reduce(&failed, .list(.pageFailed(requestID: 1, message: "connection refused")))
        text = render(failed)
        #expect(text.contains("press \(k(.refresh)) to retry"), "\(text)")
        expectNoDefaults(text, "error view")

        for halt in [ListHalt.noNewItems, .autoLimit] {
            var halted = loaded
            halted.list.halt = halt
            text = render(halted)
            #expect(text.contains("— \(k(.loadMore)) loads more"), "\(text)")
            expectNoDefaults(text, "halted \(halt)")
        }

        var grid = loaded
        _ = AppReducer.reduce(&grid, .toggleView)
        text = render(grid)
        #expect(text.contains("· \(k(.toggleView)) table"), "\(text)")
        expectNoDefaults(text, "grid")
    }

    @Test func theDetailAndItsStrip() {
        var state = NavigationFrameTests().app(size: .init(columns: 120, rows: 30))
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .answer(.strip(1), .pageFailed(requestID: 1, message: "HTTP 500")))
        let text = render(state)
        #expect(text.contains("\(k(.back)) back · \(k(.moveDown))/\(k(.moveUp)) scroll · \(k(.moveLeft))/\(k(.moveRight)) related · \(k(.openRelated)) open"),
                "\(text)")
        #expect(text.contains("HTTP 500 · \(k(.moveRight)) to retry"), "\(text)")
        expectNoDefaults(text, "detail")
    }

    @Test func theFilterPanelSearchAndSheet() {
        var state = NavigationFrameTests().app(size: .init(columns: 100, rows: 30))
        _ = AppReducer.reduce(&state, .filters(.open))
        var text = render(state)
        #expect(text.contains("\(k(.choose)) choose · \(k(.apply)) apply · \(k(.reset)) reset · \(k(.back)) close"), "\(text)")
        expectNoDefaults(text, "filter panel")

        // A search of the loaded rows (no server search here), done typing.
        state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 100, rows: 30))
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("zzz")))
        _ = AppReducer.reduce(&state, .search(.submit))
        text = render(state)
        #expect(text.contains("\(k(.search)) edit · \(k(.back)) clear"), "\(text)")
        #expect(text.contains("\(k(.back)) shows every row again"), "\(text)")
        expectNoDefaults(text, "search results")

        state = NavigationFrameTests().app(size: .init(columns: 100, rows: 30))
        _ = AppReducer.reduce(&state, .sheet(.open))
        text = render(state)
        let shown = state.sheet?.items.compactMap(\.keyAction) ?? []
        #expect(shown.contains(.favorite))
        for action in shown {
            #expect(text.split(separator: "\n").contains { $0.contains(" \(k(action)) ") }, "\(action): \(text)")
        }
        // The sheet's own keys are its layer's (`sheet.do`, `sheet.close`); its shortcuts are the list's.
        #expect(text.contains("\(k(.sheetDo)) do · \(k(.sheetClose)) close"), "\(text)")
        #expect(Self.keyMap.action(for: Self.rebound[.sheetDo]!, in: state) == .sheet(.run))
        #expect(Self.keyMap.action(for: .enter, in: state) == nil)
        #expect(Self.keyMap.action(for: Self.rebound[.openLink]!, in: state) == .sheet(.press(.openLink)))
        #expect(Self.keyMap.action(for: .character("o"), in: state) == nil)
    }

    @Test func theOverlaysFootersAndTheDialogsButtons() {
        var state = NavigationFrameTests().app(size: .init(columns: 100, rows: 30))
        _ = AppReducer.reduce(&state, .cacheMeasured(CacheUsage(responseBytes: 10, responseCount: 1, imageBytes: 0,
                                                                imageCount: 0), reason: nil))
        var text = render(state)
        #expect(text.contains("[ \(k(.dialogYes)) Clear ]") && text.contains("[ \(k(.dialogNo)) Cancel ]"), "\(text)")
        #expect(!text.contains("[ y Clear ]") && !text.contains("[ n Cancel ]"), "\(text)")

        state = ActionFrameTests().app(.init(columns: 80, rows: 16))
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Mark sold")))
        _ = AppReducer.reduce(&state, .dialog(.confirm))
        _ = AppReducer.reduce(&state, .actionFinished(ActionReport(runID: 1, title: "Mark sold", endpoint: "items", total: 1,
                                                                   output: "done")))
        _ = AppReducer.reduce(&state, .showActionOutput)
        text = render(state)
        #expect(text.contains("\(k(.pagerOpen)) output · \(k(.pagerClose)) close"), "\(text)")
        _ = AppReducer.reduce(&state, .outputPager(.open))
        text = render(state)
        #expect(text.contains("\(k(.pagerDown))\(k(.pagerUp)) scroll · \(k(.pagerClose)) close"), "\(text)")
        expectNoDefaults(text, "output pager")

        state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 100, rows: 30))
        _ = AppReducer.reduce(&state, .search(.begin))
        text = render(state)
        #expect(text.contains("\(k(.searchSubmit)) browse · \(k(.searchCancel)) clear"), "\(text)")
    }

    @Test func theFavoritesList() {
        var state = Fixtures.loaded([Fixtures.row(1)], size: .init(columns: 100, rows: 12))
        _ = AppReducer.reduce(&state, .toggleFavoritesList)
        let text = render(state)
        #expect(text.contains("press \(k(.favorite)) on an item to add it · \(k(.favoritesList)) to go back"), "\(text)")
        #expect(text.contains("\(k(.favorite)) remove · \(k(.favoritesList)) back"), "\(text)")
        expectNoDefaults(text, "favorites")
    }
}
