import RowboatSpec

/// The views panel's keys (`V`): move, apply, save under a name, delete.
extension KeyMap {
    /// Keys of the views panel; the key that opens it (`views`) also closes it.
    public static let defaultViewsPanel: [Key: AppAction] = [
        .up: .views(.move(-1)), .character("k"): .views(.move(-1)),
        .down: .views(.move(1)), .character("j"): .views(.move(1)),
        .home: .views(.move(-FilterPanelAction.farthest)), .character("g"): .views(.move(-FilterPanelAction.farthest)),
        .end: .views(.move(FilterPanelAction.farthest)), .character("G"): .views(.move(FilterPanelAction.farthest)),
        .enter: .views(.apply),
        .character("s"): .views(.save), .character("n"): .views(.save),
        .character("d"): .views(.delete),
        .escape: .views(.close), .backspace: .views(.close),
        .character("?"): .toggleHelp,
        .character("q"): .quit,
    ]

    /// The views panel's keys, with this map's `views` keys closing it.
    public func viewsPanelBindings() -> [Key: AppAction] {
        var keys = table(.viewsPanel)
        for key in KeyAction.views.keys(on: .list, of: self) where keys[key] == nil { keys[key] = .views(.close) }
        return keys
    }

    /// Keys while typing a view's name (other characters are text).
    public static let defaultViewsPrompt: [Key: AppAction] = [
        .enter: .views(.type(.submit)), .escape: .views(.type(.cancel)),
        .backspace: .views(.type(.deleteBackward)),
    ]
}
