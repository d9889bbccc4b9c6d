import RowboatSpec

extension AppState {
    /// The app for `config`: a tab for each endpoint of its `tabs:` list
    /// (every endpoint, in file order, when there is none), showing
    /// `first` (`--endpoint`) at start — it gets a tab of its own when
    /// `tabs:` leaves it out.
    public init(config: RowboatConfig, showing first: String? = nil,
                size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        var keys = config.tabs ?? config.endpoints.map(\.key)
        if let first, !keys.contains(first) { keys.insert(first, at: 0) }
        let tabs = keys.compactMap { key -> TabState? in
            guard let endpoint = config.endpoint(key) else { return nil }
            var tab = TabState(endpointKey: key, title: endpoint.displayTitle, columns: endpoint.columns,
                               list: ListState(paging: endpoint.paging))
            tab.query = QueryState(options: endpoint.query)
            tab.showsImageBadges = endpoint.item.field("image") != nil
            return tab
        }
        self.init(tabs: tabs.isEmpty ? [TabState(endpointKey: "", columns: [])] : tabs, size: size)
        endpoints = Dictionary(config.endpoints.map {
            ($0.key, EndpointInfo(title: $0.displayTitle, paging: $0.paging, related: $0.related,
                                  actions: config.actions(of: $0), params: $0.params))
        }) { a, _ in a }
        currentTab = first.flatMap { key in self.tabs.firstIndex { $0.endpointKey == key } } ?? 0
    }
}
