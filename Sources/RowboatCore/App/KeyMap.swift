/// A key press as the app sees it, independent of the terminal library.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case function(Int)
}

/// Which key does what, per screen. The default map is vi-style plus the
/// usual keys.
public struct KeyMap: Sendable {
    public var bindings: [Key: AppAction]
    public var detailBindings: [Key: AppAction]
    /// Grid-view keys that differ from the list's (2-D movement).
    public var gridBindings: [Key: AppAction]

    public init(bindings: [Key: AppAction], detailBindings: [Key: AppAction] = KeyMap.defaultDetail,
                gridBindings: [Key: AppAction] = KeyMap.defaultGrid) {
        self.bindings = bindings
        self.detailBindings = detailBindings
        self.gridBindings = gridBindings
    }

    public static let defaultGrid: [Key: AppAction] = [
        .left: .gridMove(.left), .character("h"): .gridMove(.left),
        .right: .gridMove(.right), .character("l"): .gridMove(.right),
        .up: .gridMove(.up), .character("k"): .gridMove(.up),
        .down: .gridMove(.down), .character("j"): .gridMove(.down),
        .pageUp: .gridMove(.pageUp), .character("b"): .gridMove(.pageUp),
        .pageDown: .gridMove(.pageDown), .character("f"): .gridMove(.pageDown),
    ]

    /// The bindings in force on the screen `state` shows.
    public func bindings(in state: AppState) -> [Key: AppAction] {
        if state.detail != nil { return detailBindings }
        if state.showingFavorites {
            return bindings.merging([.escape: .toggleFavoritesList, .backspace: .toggleFavoritesList]) { $1 }
        }
        if state.viewMode == .grid { return bindings.merging(gridBindings) { $1 } }
        return bindings
    }

    public static let defaultDetail: [Key: AppAction] = [
        .character("*"): .toggleFavorite, .character("s"): .toggleFavorite,
        .escape: .closeDetail, .backspace: .closeDetail, .left: .closeDetail, .character("h"): .closeDetail,
        .up: .scrollDetail(-1), .character("k"): .scrollDetail(-1),
        .down: .scrollDetail(1), .character("j"): .scrollDetail(1),
        .pageUp: .scrollDetail(-10), .pageDown: .scrollDetail(10),
        .character("?"): .toggleHelp,
        .character("q"): .quit,
    ]

    public static let `default` = KeyMap(bindings: [
        .up: .list(.move(.up)), .character("k"): .list(.move(.up)),
        .down: .list(.move(.down)), .character("j"): .list(.move(.down)),
        .pageUp: .list(.move(.pageUp)), .character("b"): .list(.move(.pageUp)),
        .pageDown: .list(.move(.pageDown)), .character("f"): .list(.move(.pageDown)),
        .home: .list(.move(.home)), .character("g"): .list(.move(.home)),
        .end: .list(.move(.end)), .character("G"): .list(.move(.end)),
        .character("r"): .list(.refresh),
        .character(" "): .list(.loadMore), .character("n"): .list(.loadMore),
        .enter: .openDetail, .right: .openDetail, .character("l"): .openDetail,
        .character("v"): .toggleView,
        .character("*"): .toggleFavorite, .character("s"): .toggleFavorite,
        .character("F"): .toggleFavoritesList,
        .character("?"): .toggleHelp,
        .character("q"): .quit,
    ])

    /// The action for `key` on the screen `state` shows.
    public func action(for key: Key, in state: AppState) -> AppAction? {
        // With help open, any key closes it (and q still quits).
        if state.showHelp { return key == .character("q") ? .quit : .toggleHelp }
        return bindings(in: state)[key]
    }

    /// The action for `key` on the list screen.
    public func action(for key: Key) -> AppAction? {
        bindings[key]
    }
}
