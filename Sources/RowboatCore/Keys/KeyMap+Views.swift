import RowboatSpec

/// The views panel's keys (`V`): move, apply, save under a name, delete.
extension KeyMap {
    /// Keys of the views panel; the key that opens it (`views`) also closes it.
    public static let defaultViewsPanel: [Key: AppAction] = panelMoves { .views(.move($0)) }.merging([
        .enter: .views(.apply),
        .character("s"): .views(.save), .character("n"): .views(.save),
        .character("d"): .views(.delete),
        .escape: .views(.close), .backspace: .views(.close),
        .character("?"): .toggleHelp,
        .character("q"): .quit,
    ]) { $1 }

    /// The views panel's keys, with this map's `views` keys closing it.
    public func viewsPanelBindings() -> [Key: AppAction] {
        panelBindings(.viewsPanel, openedBy: .views, closing: .views(.close))
    }

    /// Keys while typing a view's name (other characters are text).
    public static let defaultViewsPrompt: [Key: AppAction] = [
        .enter: .views(.type(.submit)), .escape: .views(.type(.cancel)),
        .backspace: .views(.type(.deleteBackward)),
    ]
}
