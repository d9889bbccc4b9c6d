/// A key press as the app sees it, independent of the terminal library.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case function(Int)
}

/// Which key does what. The default map is vi-style plus the usual keys.
public struct KeyMap: Sendable {
    public var bindings: [Key: AppAction]

    public init(bindings: [Key: AppAction]) {
        self.bindings = bindings
    }

    public static let `default` = KeyMap(bindings: [
        .up: .list(.move(.up)), .character("k"): .list(.move(.up)),
        .down: .list(.move(.down)), .character("j"): .list(.move(.down)),
        .pageUp: .list(.move(.pageUp)), .character("b"): .list(.move(.pageUp)),
        .pageDown: .list(.move(.pageDown)), .character("f"): .list(.move(.pageDown)),
        .home: .list(.move(.home)), .character("g"): .list(.move(.home)),
        .end: .list(.move(.end)), .character("G"): .list(.move(.end)),
        .character("r"): .list(.refresh),
        .character(" "): .list(.loadMore), .character("n"): .list(.loadMore),
        .character("q"): .quit,
    ])

    public func action(for key: Key) -> AppAction? {
        bindings[key]
    }
}
