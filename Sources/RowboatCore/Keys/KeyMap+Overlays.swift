import RowboatSpec

/// The overlays' own key layers (`KeyLayer.sheet`, `.pager`, `.dialog`,
/// `.searchPrompt`, `.columnsPanel`, `.columnsPrompt`; the views panel's in
/// `KeyMap+Views`): their default tables, and the keys in force over one,
/// this map's tables with what the list lends them.
extension KeyMap {
    /// Every overlay layer's default table.
    public static let defaultOverlays: [KeyLayer: [Key: AppAction]] = [
        .sheet: defaultSheet, .pager: defaultPager, .dialog: defaultDialog, .searchPrompt: defaultSearchPrompt,
        .columnsPanel: defaultColumnsPanel, .columnsPrompt: defaultColumnsPrompt,
        .viewsPanel: defaultViewsPanel, .viewsPrompt: defaultViewsPrompt,
    ]

    /// The action sheet's own keys (moving, doing the line, closing).
    public static let defaultSheet: [Key: AppAction] = panelMoves { .sheet(.move($0)) }.merging([
        .enter: .sheet(.run), .character(" "): .sheet(.run),
        .escape: .sheet(.cancel), .backspace: .sheet(.cancel), .character("a"): .sheet(.cancel),
        .character("q"): .quit,
    ]) { $1 }

    /// List actions the sheet shows beside its lines: their list keys do
    /// those lines inside the sheet too.
    static let sheetShortcuts: [KeyAction] = [.openLink, .copyLink, .favorite, .retryImage]

    /// The sheet's keys with this map's shortcuts and the actions' keys
    /// (the sheet's own keys win).
    func sheetBindings(actions: [ActionSpec] = []) -> [Key: AppAction] {
        var keys = Self.actionKeys(actions)
        for action in Self.sheetShortcuts {
            for key in action.keys(on: .list, of: self) { keys[key] = .sheet(.press(action)) }
        }
        return keys.merging(table(.sheet)) { $1 }
    }

    /// Keys of the columns panel; the key that opens it (`columns`) also
    /// closes it (`columnsPanelBindings`).
    public static let defaultColumnsPanel: [Key: AppAction] = panelMoves(page: 10) { .columns(.move($0)) }.merging([
        .character(" "): .columns(.toggle), .character("x"): .columns(.toggle), .enter: .columns(.toggle),
        .left: .columns(.shift(-1)), .character("h"): .columns(.shift(-1)),
        .right: .columns(.shift(1)), .character("l"): .columns(.shift(1)),
        .character("+"): .columns(.resize(1)), .character("="): .columns(.resize(1)), .character(">"): .columns(.resize(1)),
        .character("-"): .columns(.resize(-1)), .character("<"): .columns(.resize(-1)),
        .character("s"): .columns(.sort),
        .character("w"): .columns(.filter(.equals)), .character("~"): .columns(.filter(.contains)),
        .character("["): .columns(.filter(.less)), .character("]"): .columns(.filter(.greater)),
        .character("u"): .columns(.unfilter(all: false)), .character("U"): .columns(.unfilter(all: true)),
        .character("t"): .columns(.type(.begin)), .character("a"): .columns(.addExpression),
        .character("r"): .columns(.restore),
        .escape: .columns(.close), .backspace: .columns(.close),
        .character("?"): .toggleHelp,
        .character("q"): .quit,
    ]) { $1 }

    /// The columns panel's keys, with this map's `columns` keys closing it.
    public func columnsPanelBindings() -> [Key: AppAction] {
        panelBindings(.columnsPanel, openedBy: .columns, closing: .columns(.close))
    }

    /// A panel's keys (`layer`), with this map's keys of `opener`, the
    /// action that opened it, doing `close` where the panel leaves them free.
    func panelBindings(_ layer: KeyLayer, openedBy opener: KeyAction, closing close: AppAction) -> [Key: AppAction] {
        var keys = table(layer)
        for key in opener.keys(on: .list, of: self) where keys[key] == nil { keys[key] = close }
        return keys
    }

    /// Keys while typing a filter's value in the columns panel (other
    /// characters are text).
    public static let defaultColumnsPrompt: [Key: AppAction] = [
        .enter: .columns(.type(.submit)), .escape: .columns(.type(.cancel)),
        .backspace: .columns(.type(.deleteBackward)),
    ]

    /// Keys of the output pager (the action console's too: up and down move
    /// along the runs, Enter opens one).
    public static let defaultPager: [Key: AppAction] = [
        .up: .outputPager(.scroll(-1)), .character("k"): .outputPager(.scroll(-1)),
        .down: .outputPager(.scroll(1)), .character("j"): .outputPager(.scroll(1)),
        .pageUp: .outputPager(.scroll(-10)), .character("b"): .outputPager(.scroll(-10)),
        .pageDown: .outputPager(.scroll(10)), .character(" "): .outputPager(.scroll(10)),
        .escape: .outputPager(.close), .backspace: .outputPager(.close), .character("O"): .outputPager(.close),
        .enter: .outputPager(.open),
        .character("q"): .quit,
    ]

    /// Keys of a confirm dialog.
    public static let defaultDialog: [Key: AppAction] = [
        .character("y"): .dialog(.confirm), .character("n"): .dialog(.cancel),
        .escape: .dialog(.cancel), .backspace: .dialog(.cancel),
        .tab: .dialog(.toggleFocus), .left: .dialog(.toggleFocus), .right: .dialog(.toggleFocus),
        .character("h"): .dialog(.toggleFocus), .character("l"): .dialog(.toggleFocus),
        .enter: .dialog(.choose),
        .character("q"): .quit,
    ]

    /// Keys while typing in the search prompt (other characters are text).
    public static let defaultSearchPrompt: [Key: AppAction] = [
        .enter: .search(.submit), .escape: .search(.cancel), .backspace: .search(.deleteBackward),
        .up: .list(.move(.up)), .down: .list(.move(.down)),
        .pageUp: .list(.move(.pageUp)), .pageDown: .list(.move(.pageDown)),
    ]
}
