/// Key names as the config writes them: one character, or a named key
/// (case-insensitive).
public enum KeyName {
    /// Canonical names, in the order docs and messages list them.
    public static let named: [(String, Key)] = [
        ("space", .character(" ")), ("enter", .enter), ("esc", .escape), ("backspace", .backspace), ("tab", .tab),
        ("shift-tab", .backTab),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
        ("ctrl-l", KeyName.ctrlL),
    ] + (1...12).map { ("f\($0)", Key.function($0)) }

    /// Ctrl-L, the key every curses program redraws the screen on.
    public static let ctrlL = Key.character("\u{0C}")

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

    /// How a key is written where it is named.
    public enum Form: Sendable {
        /// As `keys:` writes it (what `parse` reads back): `space`, `pgdn`, `f5`, `j`.
        case config
        /// As help lists it: `space`, `↑`, `PgDn`, `Esc`, `F5`, `Ctrl-L`.
        case help
        /// As a hint or footer writes it: help's, named keys' words in lower
        /// case (`esc`, `enter`, `pgdn`), characters and function keys as they are.
        case hint
    }

    /// The one name of `key`, written as `form` says.
    public static func name(_ key: Key, as form: Form = .config) -> String {
        switch form {
        case .config:
            if let n = named.first(where: { $0.1 == key }) { return n.0 }
            if case .character(let c) = key { return String(c) }
            return name(key, as: .help)
        case .hint:
            switch key {
            case .character, .function: return name(key, as: .help)
            default: return name(key, as: .help).lowercased()
            }
        case .help:
            switch key {
            case .character(" "): return "space"
            case .character("\u{0C}"): return "Ctrl-L"
            case .character(let c): return String(c)
            case .up: return "↑"
            case .down: return "↓"
            case .left: return "←"
            case .right: return "→"
            case .pageUp: return "PgUp"
            case .pageDown: return "PgDn"
            case .home: return "Home"
            case .end: return "End"
            case .enter: return "Enter"
            case .escape: return "Esc"
            case .backspace: return "Backspace"
            case .tab: return "Tab"
            case .backTab: return "S-Tab"
            case .function(let n): return "F\(n)"
            case .mouse: return "mouse"
            }
        }
    }

    /// The closest known name to a mistyped one.
    package static func suggestion(for text: String) -> String? {
        // pgup/pgdn first: "pgdown" is as near to "down" as to "pgdn".
        let names = named.map(\.0)
        return Suggestion.closest(to: text, in: names.filter { $0.hasPrefix("pg") } + names + aliases.keys.sorted())
    }

    /// Each named key's place in `named`: help's order.
    static let helpRank = Dictionary(named.enumerated().map { ($1.1, $0) }, uniquingKeysWith: { a, _ in a })

    /// Named keys first (in `named` order), then characters.
    package static func sorted(_ keys: [Key]) -> [Key] {
        keys.sorted { a, b in
            let ra = helpRank[a] ?? Int.max, rb = helpRank[b] ?? Int.max
            if ra != rb { return ra < rb }
            return name(a) < name(b)
        }
    }
}
