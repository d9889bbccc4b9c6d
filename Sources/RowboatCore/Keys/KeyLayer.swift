/// One table of a `KeyMap`. `back` is the Esc/Backspace overlay of the
/// favorites list and of search results.
public enum KeyLayer: String, Sendable, CaseIterable {
    case list, grid, detail, filterPanel, back
    /// Search results' own keys over the list's (`n`/`N`: the next and previous match).
    case matches
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
