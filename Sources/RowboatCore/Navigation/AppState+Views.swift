import RowboatSpec

extension AppState {
    /// What the status bar says of the view in force: `view Open`, and
    /// `(changed)` once the list no longer is as the view set it; nil
    /// when no view was applied.
    public var viewStatus: String? {
        guard let view = tab.view else { return nil }
        return AppReducer.currentView(self, name: view.name) == view ? "view \(view.name)" : "view \(view.name) (changed)"
    }

    /// The views of the current tab's endpoint the panel lists: the
    /// config's, then those saved.
    public var viewLines: [ViewsPanel.Line] { AppReducer.viewLines(self) }
}

extension ViewSpec {
    /// What the view sets, in a few words: `state=open · price > 100 · ↓ price · 3 columns`.
    public var summary: String {
        var parts = params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if let search { parts.append("search “\(search)”") }
        parts += filter
        if let sort { parts.append((sort.descending ? "↓ " : "↑ ") + sort.field) }
        if let columns { parts.append(columns.count == 1 ? "1 column" : "\(columns.count) columns") }
        return parts.isEmpty ? "the config's list" : parts.joined(separator: " · ")
    }
}
