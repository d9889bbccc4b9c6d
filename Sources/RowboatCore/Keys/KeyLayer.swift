/// One table of a `KeyMap`. `back` is the Esc/Backspace overlay of the
/// favorites list and of search results; the overlays' own keys are
/// layers too, so `keys:` rebinds them as any other.
public enum KeyLayer: String, Sendable, CaseIterable {
    case list, grid, detail, filterPanel, back
    /// Search results' own keys over the list's (`n`/`N`: the next and previous match).
    case matches
    /// The action sheet, the output pager (and the action console in its
    /// box), a confirm dialog, the search prompt while typing.
    case sheet, pager, dialog, searchPrompt
    /// The columns panel, and its prompt while a value or jq is typed.
    case columnsPanel, columnsPrompt
    /// The views panel, and its prompt while a view's name is typed.
    case viewsPanel, viewsPrompt
}

/// Where a `KeyAction` is bound: a layer and the `AppAction` its keys
/// produce there.
public struct KeySlot: Sendable {
    public var layer: KeyLayer
    public var action: AppAction

    init(_ layer: KeyLayer, _ action: AppAction) {
        self.layer = layer
        self.action = action
    }
}
