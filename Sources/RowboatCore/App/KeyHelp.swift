/// The help overlay's lines, generated from a key map so they never drift
/// from what the keys really do.
public enum KeyHelp {
    /// One help line: the keys that do something, and what.
    public struct Entry: Sendable, Equatable {
        public var keys: String
        public var action: String
    }

    /// Entries for a bindings table, in a stable order of actions.
    public static func entries(_ bindings: [Key: AppAction]) -> [Entry] {
        var byAction: [String: [Key]] = [:]
        var order: [String] = []
        for (key, action) in bindings {
            let text = describe(action)
            if byAction[text] == nil { order.append(text) }
            byAction[text, default: []].append(key)
        }
        let rank = Dictionary(uniqueKeysWithValues: actionOrder.enumerated().map { ($1, $0) })
        return order.sorted { (rank[$0] ?? 99, $0) < (rank[$1] ?? 99, $1) }.map { text in
            let keys = byAction[text]!.sorted { (sortRank($0), name($0)) < (sortRank($1), name($1)) }
            return Entry(keys: keys.map(name).joined(separator: " "), action: text)
        }
    }

    static let actionOrder = [
        "move down", "move up", "move left", "move right", "page down", "page up", "first row", "last row",
        "open detail", "back", "related: previous (or back)", "related: next", "open the related item",
        "next tab", "previous tab", "show tab 1–9", "scroll down", "scroll up", "scroll page down", "scroll page up",
        "load more", "refresh / retry", "favorite on / off", "favorites list", "table ↔ grid",
        "filter and sort", "search", "move option cursor", "move option cursor by page", "first / last option", "choose option",
        "choose and apply", "reset to defaults", "close panel", "search on server / browse matches",
        "clear search", "delete a character", "open link in browser", "copy link", "actions on the item",
        "clear the cache…", "retry a failed image", "do it", "close", "yes", "no", "switch button", "press the focused button", "help", "quit",
    ]

    /// What an action does, in a few words.
    public static func describe(_ action: AppAction) -> String {
        switch action {
        case .list(.move(.down)): "move down"
        case .list(.move(.up)): "move up"
        case .list(.move(.pageDown)): "page down"
        case .list(.move(.pageUp)): "page up"
        case .list(.move(.home)): "first row"
        case .list(.move(.end)): "last row"
        case .list(.move(.to(let i))): "go to row \(i + 1)"
        case .list(.loadMore): "load more"
        case .list(.refresh), .list(.retry): "refresh / retry"
        case .list(let other): "\(other)"
        case .answer: "page answer"
        case .openDetail: "open detail"
        case .closeDetail: "back"
        case .stripMove(let d): d < 0 ? "related: previous (or back)" : "related: next"
        case .openRelated: "open the related item"
        case .selectTab: "show tab 1–9"
        case .nextTab: "next tab"
        case .previousTab: "previous tab"
        case .scrollDetail(let d): d > 1 ? "scroll page down" : d < -1 ? "scroll page up" : d > 0 ? "scroll down" : "scroll up"
        case .toggleHelp: "help"
        case .toggleFavorite: "favorite on / off"
        case .toggleFavoritesList: "favorites list"
        case .favoritesLoaded: "favorites loaded"
        case .favoriteWriteFailed: "favorites not saved"
        case .toggleView: "table ↔ grid"
        case .filters(.open): "filter and sort"
        case .filters(.move(let d)):
            abs(d) >= FilterPanelAction.farthest ? "first / last option"
                : abs(d) > 1 ? "move option cursor by page" : "move option cursor"
        case .filters(.choose): "choose option"
        case .filters(.apply): "choose and apply"
        case .filters(.reset): "reset to defaults"
        case .filters(.cancel): "close panel"
        case .search(.begin): "search"
        case .search(.insert): "type text"
        case .search(.deleteBackward): "delete a character"
        case .search(.submit): "search on server / browse matches"
        case .search(.cancel): "clear search"
        case .openLink: "open link in browser"
        case .copyLink: "copy link"
        case .sheet(.open): "actions on the item"
        case .sheet(.move(let d)): d < 0 ? "move up" : "move down"
        case .sheet(.run): "do it"
        case .sheet(.cancel): "close"
        case .askClearCache: "clear the cache…"
        case .dialog(.confirm): "yes"
        case .dialog(.cancel): "no"
        case .dialog(.toggleFocus): "switch button"
        case .dialog(.choose): "press the focused button"
        case .mouse: "mouse"
        case .retryImage: "retry a failed image"
        case .image: "image"
        case .clock, .notify, .cacheMeasured, .cacheCleared: "\(action)"
        case .gridMove(.left): "move left"
        case .gridMove(.right): "move right"
        case .gridMove(.up): "move up"
        case .gridMove(.down): "move down"
        case .gridMove(.pageUp): "page up"
        case .gridMove(.pageDown): "page down"
        case .resized: "resize"
        case .quit: "quit"
        }
    }

    static func sortRank(_ key: Key) -> Int {
        if case .character = key { return 1 }
        return 0
    }

    /// How a key is written in help.
    public static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): "space"
        case .character(let c): String(c)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .function(let n): "F\(n)"
        case .mouse: "mouse"
        }
    }
}
