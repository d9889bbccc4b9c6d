import RowboatSpec

extension KeyMap {
    /// One layer's table (`back`: the back keys, as `AppAction.back`; an
    /// overlay's own keys alone, without what the list lends it).
    public func table(_ layer: KeyLayer) -> [Key: AppAction] {
        switch layer {
        case .list: listBindings
        case .grid: gridBindings
        case .detail: detailBindings
        case .filterPanel: filterPanelBindings
        case .back: Dictionary(backKeys.map { ($0, AppAction.back) }) { a, _ in a }
        case .matches: matchesBindings
        case .sheet, .pager, .dialog, .searchPrompt, .columnsPanel, .columnsPrompt, .viewsPanel, .viewsPrompt:
            overlayBindings[layer, default: [:]]
        }
    }

    /// The key a hint names for `action` on `layer`: its first character
    /// key (`j`, `r`, `space`) if it has one, else its first key as help
    /// names it, words in lower case as hints write them (`esc`, `enter`,
    /// `F5`, `↓`); nil when it has none.
    public func hintName(for action: KeyAction, on layer: KeyLayer = .list) -> String? {
        let keys = action.keys(on: layer, of: self)
        guard let chosen = keys.first(where: { if case .character = $0 { true } else { false } }) ?? keys.first
        else { return nil }
        return KeyName.name(chosen, as: .hint)
    }

    mutating func setTable(_ layer: KeyLayer, _ table: [Key: AppAction]) {
        switch layer {
        case .list: listBindings = table
        case .grid: gridBindings = table
        case .detail: detailBindings = table
        case .filterPanel: filterPanelBindings = table
        case .back: backKeys = KeyName.sorted(Array(table.keys))
        case .matches: matchesBindings = table
        case .sheet, .pager, .dialog, .searchPrompt, .columnsPanel, .columnsPrompt, .viewsPanel, .viewsPrompt:
            overlayBindings[layer] = table
        }
    }
}
