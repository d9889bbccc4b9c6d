extension KeyMap {
    /// One layer's table (`back`: the back keys, as `KeySlot.backAction`).
    public func table(_ layer: KeyLayer) -> [Key: AppAction] {
        switch layer {
        case .list: listBindings
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
        case .list: listBindings = table
        case .grid: gridBindings = table
        case .detail: detailBindings = table
        case .filterPanel: filterPanelBindings = table
        case .back: backKeys = KeyName.sorted(Array(table.keys))
        }
    }
}
