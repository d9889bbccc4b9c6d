/// The bindable actions of the `keys:` config section, by their stable
/// names. Each action lives on one or more layers of a `KeyMap` (the list,
/// grid, detail and filter-panel tables, and the "back" keys of the
/// favorites list and search results); its default keys are the keys the
/// default map gives it there.
public enum KeyAction: String, Sendable, CaseIterable {
    case moveDown, moveUp, moveLeft, moveRight
    case pageDown, pageUp, first, last
    case refresh, loadMore
    case openDetail, openRelated, back
    case favorite, favoritesList
    case openLink, copyLink, actions, clearCache, retryImage
    case toggleView
    case nextTab, previousTab
    case tab1, tab2, tab3, tab4, tab5, tab6, tab7, tab8, tab9
    case filters, search
    case choose, apply, reset
    case help, quit

    /// Where the action is bound, and as what.
    public var slots: [KeySlot] {
        switch self {
        case .moveDown: [.init(.list, .list(.move(.down))), .init(.grid, .gridMove(.down)),
                         .init(.detail, .scrollDetail(1)), .init(.filterPanel, .filters(.move(1)))]
        case .moveUp: [.init(.list, .list(.move(.up))), .init(.grid, .gridMove(.up)),
                       .init(.detail, .scrollDetail(-1)), .init(.filterPanel, .filters(.move(-1)))]
        case .moveLeft: [.init(.grid, .gridMove(.left)), .init(.detail, .stripMove(-1))]
        case .moveRight: [.init(.grid, .gridMove(.right)), .init(.detail, .stripMove(1))]
        case .pageDown: [.init(.list, .list(.move(.pageDown))), .init(.grid, .gridMove(.pageDown)),
                         .init(.detail, .scrollDetail(10)), .init(.filterPanel, .filters(.move(10)))]
        case .pageUp: [.init(.list, .list(.move(.pageUp))), .init(.grid, .gridMove(.pageUp)),
                       .init(.detail, .scrollDetail(-10)), .init(.filterPanel, .filters(.move(-10)))]
        case .first: [.init(.list, .list(.move(.home))), .init(.filterPanel, .filters(.move(-FilterPanelAction.farthest)))]
        case .last: [.init(.list, .list(.move(.end))), .init(.filterPanel, .filters(.move(FilterPanelAction.farthest)))]
        case .refresh: [.init(.list, .list(.refresh))]
        case .loadMore: [.init(.list, .list(.loadMore))]
        case .openDetail: [.init(.list, .openDetail)]
        case .openRelated: [.init(.detail, .openRelated)]
        case .back: [.init(.detail, .closeDetail), .init(.back, KeySlot.backAction),
                     .init(.filterPanel, .filters(.cancel), only: [.escape, .backspace])]
        case .favorite: [.init(.list, .toggleFavorite), .init(.detail, .toggleFavorite)]
        case .favoritesList: [.init(.list, .toggleFavoritesList)]
        case .openLink: [.init(.list, .openLink), .init(.detail, .openLink)]
        case .copyLink: [.init(.list, .copyLink), .init(.detail, .copyLink)]
        case .actions: [.init(.list, .sheet(.open)), .init(.detail, .sheet(.open))]
        case .clearCache: [.init(.list, .askClearCache)]
        case .retryImage: [.init(.list, .retryImage)]
        case .toggleView: [.init(.list, .toggleView)]
        case .nextTab: [.init(.list, .nextTab)]
        case .previousTab: [.init(.list, .previousTab)]
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8, .tab9:
            [.init(.list, .selectTab(Int(rawValue.dropFirst(3))! - 1))]
        // The key that opens the panel also closes it.
        case .filters: [.init(.list, .filters(.open)), .init(.filterPanel, .filters(.cancel), only: [.character("f")])]
        case .search: [.init(.list, .search(.begin))]
        case .choose: [.init(.filterPanel, .filters(.choose))]
        case .apply: [.init(.filterPanel, .filters(.apply))]
        case .reset: [.init(.filterPanel, .filters(.reset))]
        case .help: [.init(.list, .toggleHelp), .init(.detail, .toggleHelp), .init(.filterPanel, .toggleHelp)]
        case .quit: [.init(.list, .quit), .init(.detail, .quit), .init(.filterPanel, .quit)]
        }
    }

    /// The action's default keys on `layer` of `map`, in help order.
    public func keys(on layer: KeyLayer, of map: KeyMap = .default) -> [Key] {
        let table = map.table(layer)
        let keys = slots.filter { $0.layer == layer }.flatMap { slot in
            table.filter { $0.value == slot.action && (slot.only?.contains($0.key) ?? true) }.map(\.key)
        }
        return KeyName.sorted(keys)
    }
}

/// One table of a `KeyMap`. `back` is the Esc/Backspace overlay of the
/// favorites list and of search results.
public enum KeyLayer: String, Sendable, CaseIterable {
    case list, grid, detail, filterPanel, back
}

/// Where a `KeyAction` is bound: a layer and the `AppAction` its keys
/// produce there; `only` narrows which of the layer's keys for that
/// `AppAction` belong to this name (the filter panel's close key is both
/// `back` and `filters`).
public struct KeySlot: Sendable {
    public var layer: KeyLayer
    public var action: AppAction
    public var only: [Key]?

    init(_ layer: KeyLayer, _ action: AppAction, only: [Key]? = nil) {
        self.layer = layer
        self.action = action
        self.only = only
    }

    /// Stands for whatever "back" does on the screen the overlay is on.
    static let backAction = AppAction.closeDetail
}

/// The `keys:` section: for each action named, the keys that replace its
/// default keys (an empty list leaves it unbound).
public struct KeyBindingsConfig: Sendable, Equatable {
    public struct Override: Sendable, Equatable {
        public var action: KeyAction
        public var keys: [Key]

        public init(_ action: KeyAction, _ keys: [Key]) {
            self.action = action
            self.keys = keys
        }
    }

    /// In file order.
    public var overrides: [Override]

    public init(_ overrides: [Override] = []) {
        self.overrides = overrides
    }

    public var isEmpty: Bool { overrides.isEmpty }
}

/// A key left bound to two different actions on one screen.
public struct KeyConflict: Error, Sendable, Equatable, CustomStringConvertible {
    public var key: Key
    /// The configured action that brought the key.
    public var action: String
    /// The other action the key does on that screen.
    public var other: String
    public var screen: String
    /// Which override (index into `overrides`) and which of its keys.
    public var overrideIndex: Int
    public var keyIndex: Int

    public var description: String {
        "key \"\(KeyName.name(key))\" is bound to both \(action) and \(other) on the \(screen) screen; give one of them other keys"
    }
}

/// Key names as the config writes them: one character, or a named key
/// (case-insensitive).
public enum KeyName {
    /// Canonical names, in the order docs and messages list them.
    public static let named: [(String, Key)] = [
        ("space", .character(" ")), ("enter", .enter), ("esc", .escape), ("backspace", .backspace), ("tab", .tab),
        ("shift-tab", .backTab),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
    ] + (1...12).map { ("f\($0)", Key.function($0)) }

    static let aliases: [String: Key] = [
        "escape": .escape, "return": .enter, "pageup": .pageUp, "pagedown": .pageDown, "backtab": .backTab,
    ]

    /// The key a config name stands for, or nil.
    public static func parse(_ text: String) -> Key? {
        if text.count == 1, let c = text.first {
            guard !c.unicodeScalars.contains(where: { $0.value < 32 || (0x7F...0x9F).contains($0.value) }) else { return nil }
            return .character(c)
        }
        let lower = text.lowercased()
        return named.first { $0.0 == lower }?.1 ?? aliases[lower]
    }

    /// The config name of `key`.
    public static func name(_ key: Key) -> String {
        if let n = named.first(where: { $0.1 == key }) { return n.0 }
        if case .character(let c) = key { return String(c) }
        return KeyHelp.name(key)
    }

    /// The closest known name to a mistyped one.
    static func suggestion(for text: String) -> String? {
        // pgup/pgdn first: "pgdown" is as near to "down" as to "pgdn".
        let names = named.map(\.0)
        return Suggestion.closest(to: text, in: names.filter { $0.hasPrefix("pg") } + names + aliases.keys.sorted())
    }

    /// Named keys first (in `named` order), then characters.
    static func sorted(_ keys: [Key]) -> [Key] {
        let rank = Dictionary(named.enumerated().map { ($1.1, $0) }, uniquingKeysWith: { a, _ in a })
        return keys.sorted { a, b in
            let ra = rank[a] ?? Int.max, rb = rank[b] ?? Int.max
            if ra != rb { return ra < rb }
            return name(a) < name(b)
        }
    }
}

/// Builds the key map a `keys:` section asks for.
public enum KeyBindings {
    /// The screens of the app as stacks of layers (a later layer wins).
    static let screens: [(name: String, layers: [KeyLayer])] = [
        ("list", [.list]), ("grid", [.list, .grid]), ("detail", [.detail]), ("filter panel", [.filterPanel]),
        ("favorites and search results", [.list, .back]), ("search results in grid", [.list, .grid, .back]),
    ]

    /// `base` with each configured action's default keys replaced by the
    /// configured ones, on every layer where the action lives. Bindings
    /// of actions not named are kept as they are.
    public static func keyMap(_ config: KeyBindingsConfig, base: KeyMap = .default) throws(KeyConflict) -> KeyMap {
        let (map, conflicts) = apply(config, to: base)
        if let first = conflicts.first { throw first }
        return map
    }

    /// The built map and every conflict, one per configured key at most,
    /// in file order.
    public static func apply(_ config: KeyBindingsConfig, to base: KeyMap) -> (KeyMap, [KeyConflict]) {
        var tables = Dictionary(uniqueKeysWithValues: KeyLayer.allCases.map { ($0, base.table($0)) })
        // Which configured binding put a key on a layer: (override index, key index).
        var owner: [KeyLayer: [Key: (Int, Int)]] = [:]
        // Configured bindings the default map does not have.
        var introduced: [KeyLayer: Set<Key>] = [:]
        // 1. Take away the default keys of every configured action…
        for override in config.overrides {
            for slot in override.action.slots {
                for key in override.action.keys(on: slot.layer, of: base) where tables[slot.layer]![key] == slot.action {
                    tables[slot.layer]![key] = nil
                }
            }
        }
        // 2. …then give them their configured keys. A key still bound to
        // another action on the same layer is a conflict.
        var conflicts: [KeyConflict] = []
        for (i, override) in config.overrides.enumerated() {
            for slot in override.action.slots {
                for (j, key) in override.keys.enumerated() {
                    if let existing = tables[slot.layer]![key] {
                        if existing != slot.action {
                            let other = owner[slot.layer]?[key].map { config.overrides[$0.0].action.rawValue }
                                ?? name(of: existing, on: slot.layer, key: key)
                            conflicts.append(KeyConflict(key: key, action: override.action.rawValue, other: other,
                                                         screen: screenName(slot.layer), overrideIndex: i, keyIndex: j))
                        }
                        continue
                    }
                    tables[slot.layer]![key] = slot.action
                    owner[slot.layer, default: [:]][key] = (i, j)
                    if base.table(slot.layer)[key] != slot.action { introduced[slot.layer, default: []].insert(key) }
                }
            }
        }
        // 3. A new binding on one layer of a screen that another layer of
        // it binds differently (grid keys over list keys, say).
        for screen in screens {
            var keys: [Key] = []
            for layer in screen.layers { keys += tables[layer]!.keys.filter { !keys.contains($0) } }
            for key in KeyName.sorted(keys) {
                let bound = screen.layers.compactMap { layer in tables[layer]![key].map { (layer: layer, action: $0) } }
                // What each binding is called: the configured action that put
                // it there, else the default map's name for it.
                func named(_ b: (layer: KeyLayer, action: AppAction)) -> String {
                    owner[b.layer]?[key].map { config.overrides[$0.0].action.rawValue }
                        ?? name(of: b.action, on: b.layer, key: key)
                }
                let mine = bound.filter { introduced[$0.layer]?.contains(key) == true }
                    .max { owner[$0.layer]![key]! < owner[$1.layer]![key]! }
                guard let mine, let other = bound.first(where: { named($0) != named(mine) }) else { continue }
                let by = owner[mine.layer]![key]!
                conflicts.append(KeyConflict(key: key, action: named(mine), other: named(other),
                                             screen: screen.name, overrideIndex: by.0, keyIndex: by.1))
            }
        }
        var seen: Set<[Int]> = []
        conflicts = conflicts.sorted { ($0.overrideIndex, $0.keyIndex) < ($1.overrideIndex, $1.keyIndex) }
            .filter { seen.insert([$0.overrideIndex, $0.keyIndex]).inserted }
        var map = base
        for layer in KeyLayer.allCases { map.setTable(layer, tables[layer]!) }
        return (map, conflicts)
    }

    /// The key-config name of what `action` does on `layer`, else its help text.
    static func name(of action: AppAction, on layer: KeyLayer, key: Key) -> String {
        let candidates = KeyAction.allCases.filter { a in
            a.slots.contains { $0.layer == layer && $0.action == action && ($0.only?.contains(key) ?? true) }
        }
        if let named = candidates.first { return named.rawValue }
        return "\"\(KeyHelp.describe(action))\""
    }

    static func screenName(_ layer: KeyLayer) -> String {
        switch layer {
        case .list: "list"
        case .grid: "grid"
        case .detail: "detail"
        case .filterPanel: "filter panel"
        case .back: "favorites and search results"
        }
    }
}

extension KeyMap {
    /// One layer's table (`back`: the back keys, as `KeySlot.backAction`).
    public func table(_ layer: KeyLayer) -> [Key: AppAction] {
        switch layer {
        case .list: bindings
        case .grid: gridBindings
        case .detail: detailBindings
        case .filterPanel: filterPanelBindings
        case .back: Dictionary(backKeys.map { ($0, KeySlot.backAction) }) { a, _ in a }
        }
    }

    /// The keys `action` has on `layer` of this map, named as help names
    /// them (`"r"`, `"space"`, `"Esc"`), for hints such as "press r to
    /// retry" that should follow a rebound key.
    public func keyNames(for action: KeyAction, on layer: KeyLayer = .list) -> [String] {
        action.keys(on: layer, of: self).map { $0 == .character(" ") ? "space" : KeyHelp.name($0) }
    }

    mutating func setTable(_ layer: KeyLayer, _ table: [Key: AppAction]) {
        switch layer {
        case .list: bindings = table
        case .grid: gridBindings = table
        case .detail: detailBindings = table
        case .filterPanel: filterPanelBindings = table
        case .back: backKeys = KeyName.sorted(Array(table.keys))
        }
    }
}
