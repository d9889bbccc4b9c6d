import RowboatSpec

/// Which key does what, per screen. The default map is vi-style plus the
/// usual keys.
public struct KeyMap: Sendable {
    /// The list screen's keys (the base layer of most screens).
    public var listBindings: [Key: AppAction]
    public var detailBindings: [Key: AppAction]
    /// Grid-view keys that differ from the list's (2-D movement).
    public var gridBindings: [Key: AppAction]
    /// The filter and sort panel's keys.
    public var filterPanelBindings: [Key: AppAction] = KeyMap.defaultFilterPanel
    /// Keys that leave the favorites list and search results.
    public var backKeys: [Key] = [.escape, .backspace]
    /// Search results' keys over the list's: the next and previous match.
    public var matchesBindings: [Key: AppAction] = KeyMap.defaultMatches
    /// The overlays' own layers (`KeyLayer.sheet` … `.viewsPrompt`).
    public var overlayBindings: [KeyLayer: [Key: AppAction]] = KeyMap.defaultOverlays

    public static let defaultMatches: [Key: AppAction] = [
        .character("n"): .search(.nextMatch), .character("N"): .search(.previousMatch),
    ]

    public init(listBindings: [Key: AppAction], detailBindings: [Key: AppAction] = KeyMap.defaultDetail,
                gridBindings: [Key: AppAction] = KeyMap.defaultGrid) {
        self.listBindings = listBindings
        self.detailBindings = detailBindings
        self.gridBindings = gridBindings
    }

    public static let defaultGrid: [Key: AppAction] = [
        .left: .gridMove(.left), .character("h"): .gridMove(.left),
        .right: .gridMove(.right), .character("l"): .gridMove(.right),
        .up: .gridMove(.up), .character("k"): .gridMove(.up),
        .down: .gridMove(.down), .character("j"): .gridMove(.down),
        .pageUp: .gridMove(.pageUp), .character("b"): .gridMove(.pageUp), .character("u"): .gridMove(.pageUp),
        .pageDown: .gridMove(.pageDown), .character("d"): .gridMove(.pageDown),
    ]

    /// The bindings in force where `state.focus` is: the layers of its
    /// screen (`KeyScreen`) merged, later layers winning, with `back` made
    /// what it does there; an overlay's with what the list lends it.
    public func bindings(in state: AppState) -> [Key: AppAction] {
        guard let screen = KeyScreen.of(state) else { return [:] }
        switch screen {
        case .sheet: return sheetBindings(actions: state.currentActions)
        case .columnsPanel: return columnsPanelBindings()
        case .viewsPanel: return viewsPanelBindings()
        case .pager, .dialog, .searchPrompt, .columnsPrompt, .viewsPrompt: return table(screen.layers[0])
        case .list, .grid, .detail, .filterPanel, .searchResults, .searchResultsGrid, .favorites, .favoritesGrid: break
        }
        var keys: [Key: AppAction] = [:]
        for layer in screen.layers { keys.merge(table(layer)) { $1 } }
        let back = state.backAction
        keys = keys.compactMapValues { $0 == .back ? back : $0 }
        // The endpoint's actions with keys, on the screens with a current row.
        if state.focus != .favorites { keys.merge(Self.actionKeys(state.currentActions)) { bound, _ in bound } }
        let offer = KeyOffer(state)
        return keys.filter { offer.offers($0.value) }
    }

    /// What `bindings(in: state)[key]` is, without making the whole map:
    /// the top layer that binds `key`, `back` made what it does there, else
    /// the endpoint's action with that key, if it is offered here. Asked on
    /// every key press.
    public func binding(for key: Key, in state: AppState) -> AppAction? {
        guard let screen = KeyScreen.of(state) else { return nil }
        switch screen {
        case .sheet, .columnsPanel, .viewsPanel, .pager, .dialog, .searchPrompt, .columnsPrompt, .viewsPrompt:
            return bindings(in: state)[key]
        case .list, .grid, .detail, .filterPanel, .searchResults, .searchResultsGrid, .favorites, .favoritesGrid:
            break
        }
        var action = screen.layers.reversed().lazy.compactMap { self.table($0)[key] }.first
        if action == .back { action = state.backAction }
        if action == nil, state.focus != .favorites { action = Self.actionKeys(state.currentActions)[key] }
        guard let action, KeyOffer(state).offers(action) else { return nil }
        return action
    }

    public static let defaultDetail: [Key: AppAction] = [
        .character("*"): .toggleFavorite, .character("s"): .toggleFavorite,
        .character("o"): .openLink, .character("y"): .copyLink, .character("Y"): .sheet(.openCopy),
        .character("a"): .sheet(.open),
        .character("X"): .cancelActions, .character("O"): .showActionOutput,
        .escape: .back, .backspace: .back,
        // A detail that loads its own (a kit's detail hook) is asked again.
        .character("r"): .detail(.retry),
        // Along the related strip; without one, left goes back.
        .left: .stripMove(-1), .character("h"): .stripMove(-1), .right: .stripMove(1), .character("l"): .stripMove(1),
        .enter: .openRelated,
        .up: .scrollDetail(-1), .character("k"): .scrollDetail(-1),
        .down: .scrollDetail(1), .character("j"): .scrollDetail(1),
        .pageUp: .scrollDetail(-10), .pageDown: .scrollDetail(10),
        .character("?"): .toggleHelp, KeyName.ctrlL: .redraw,
        .character("q"): .quit,
    ]

    public static let `default` = KeyMap(listBindings: [
        .up: .list(.move(.up)), .character("k"): .list(.move(.up)),
        .down: .list(.move(.down)), .character("j"): .list(.move(.down)),
        .pageUp: .list(.move(.pageUp)), .character("b"): .list(.move(.pageUp)), .character("u"): .list(.move(.pageUp)),
        .pageDown: .list(.move(.pageDown)), .character("d"): .list(.move(.pageDown)),
        .home: .list(.move(.home)), .character("g"): .list(.move(.home)),
        .end: .list(.move(.end)), .character("G"): .list(.move(.end)),
        .character("r"): .list(.refresh),
        .character(" "): .list(.loadMore), .character("n"): .list(.loadMore),
        .enter: .openDetail, .right: .openDetail, .character("l"): .openDetail,
        .character("v"): .toggleView,
        .character("*"): .toggleFavorite, .character("s"): .toggleFavorite,
        .character("m"): .mark(.toggle), .character("M"): .mark(.toggleAll),
        .character("F"): .toggleFavoritesList,
        .character("f"): .filters(.open),
        .character("c"): .columns(.open),
        .character("V"): .views(.open),
        .character("]"): .views(.cycle(1)), .character("["): .views(.cycle(-1)),
        .character("t"): .toggleLive, .character("w"): .toggleWatch,
        .character("-"): .columns(.unfilter(all: false)),
        .character("/"): .search(.begin),
        .character("o"): .openLink, .character("y"): .copyLink, .character("Y"): .sheet(.openCopy),
        .character("a"): .sheet(.open),
        .character("C"): .askClearCache,
        .character("X"): .cancelActions, .character("O"): .showActionOutput,
        .character("R"): .retryImage,
        .character("?"): .toggleHelp, KeyName.ctrlL: .redraw,
        .character("q"): .quit,
        .tab: .nextTab, .backTab: .previousTab,
    ].merging((1...9).map { (Key.character(Character(String($0))), AppAction.selectTab($0 - 1)) }) { a, _ in a })

    /// Keys of the filter and sort panel.
    public static let defaultFilterPanel: [Key: AppAction] = panelMoves(page: 10) { .filters(.move($0)) }.merging([
        .character(" "): .filters(.choose), .character("x"): .filters(.choose),
        .enter: .filters(.apply),
        .character("c"): .filters(.reset),
        .escape: .back, .character("f"): .filters(.cancel), .backspace: .back,
        .character("?"): .toggleHelp, KeyName.ctrlL: .redraw,
        .character("q"): .quit,
    ]) { $1 }

    /// A panel's moving keys: ↑ k and ↓ j a line, Home g and End G to
    /// either end, PgUp and PgDn `page` lines where it pages by them.
    static func panelMoves(page: Int? = nil, _ move: (Int) -> AppAction) -> [Key: AppAction] {
        let far = FilterPanelAction.farthest
        var keys: [Key: AppAction] = [
            .up: move(-1), .character("k"): move(-1), .down: move(1), .character("j"): move(1),
            .home: move(-far), .character("g"): move(-far), .end: move(far), .character("G"): move(far),
        ]
        if let page { keys[.pageUp] = move(-page); keys[.pageDown] = move(page) }
        return keys
    }

    /// The keys of `actions` (those that have one).
    static func actionKeys(_ actions: [ActionSpec]) -> [Key: AppAction] {
        var keys: [Key: AppAction] = [:]
        for (index, action) in actions.enumerated() {
            guard let key = action.key, keys[key] == nil else { continue }
            keys[key] = .runAction(ActionRef(index: index, title: action.title))
        }
        return keys
    }





    /// Keys that turn the help's pages when it has more than one.
    static let helpTurns: [Key: Int] = [
        .down: 1, .character("j"): 1, .pageDown: 1, .character(" "): 1,
        .up: -1, .character("k"): -1, .pageUp: -1, .character("b"): -1,
    ]

    /// The action for `key` where `state.focus` is.
    public func action(for key: Key, in state: AppState) -> AppAction? {
        switch (state.focus, key) {
        case (.help, .mouse(let event)):
            // With help open, a click or any key closes it (and q still quits).
            return event.kind == .click ? .toggleHelp : nil
        case (_, .mouse(let event)):
            return .mouse(event)
        case (.help, _):
            var under = state
            if case .help(let over) = state.overlay { under.overlay = over }
            if binding(for: key, in: under) == .quit { return .quit }
            // Help that does not fit turns its pages; any other key closes it.
            if let delta = Self.helpTurns[key] {
                let help = HelpScreen(state, keyMap: self)
                if help.turnsPages { return help.turned(delta).map(AppAction.helpPage) }
            }
            return .toggleHelp
        case (_, .character(let c)) where KeyScreen.of(state)?.typesText == true && binding(for: key, in: state) == nil:
            // A prompt's characters are its text (but for a key its layer binds).
            switch KeyScreen.of(state) {
            case .columnsPrompt: return .columns(.type(.insert(String(c))))
            case .viewsPrompt: return .views(.type(.insert(String(c))))
            default: return .search(.insert(String(c)))
            }
        default:
            // The redraw key works over any overlay too.
            return binding(for: key, in: state) ?? (KeyAction.redraw.keys(on: .list, of: self).contains(key) ? .redraw : nil)
        }
    }
}
