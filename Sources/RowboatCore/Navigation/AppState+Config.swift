import RowboatSpec
import RowboatCells

extension AppState {
    /// The app for `config`: a tab for each endpoint of its `tabs:` list
    /// (every endpoint, in file order, when there is none), showing
    /// `first` (`--endpoint`) at start — it gets a tab of its own when
    /// `tabs:` leaves it out. `mode` is `--mode` (nil: each endpoint's
    /// own): a live endpoint (`refresh.every`) got cache-only never ticks.
    public init(config: RowboatConfig, showing first: String? = nil,
                size: TerminalSize = TerminalSize(columns: 80, rows: 24), mode: GetMode? = nil) {
        let infos = Dictionary(config.endpoints.map {
            var info = EndpointInfo(title: $0.displayTitle, paging: $0.paging, related: $0.related,
                                    actions: config.actions(of: $0), params: $0.params, fields: FieldInfo.of($0.item))
            info.views = $0.views
            return ($0.key, info)
        }) { a, _ in a }
        var keys = config.tabs ?? config.endpoints.map(\.key)
        if let first, !keys.contains(first) { keys.insert(first, at: 0) }
        let tabs = keys.compactMap { key -> TabState? in
            guard let endpoint = config.endpoint(key), let info = infos[key] else { return nil }
            var tab = TabState(endpointKey: key, title: info.title, columns: endpoint.columns, list: info.startingList)
            tab.query = QueryState(options: endpoint.query)
            tab.showsImageBadges = endpoint.item.field("image") != nil
            tab.list.notifyRules = endpoint.notify
            if let every = endpoint.refreshEvery {
                var live = LiveRefresh(every: every)
                live.dropsGone = endpoint.refreshGone == .drop
                let got = mode ?? endpoint.mode
                if got == .cacheOnly { live.blocked = got.rawValue }
                tab.list.live = live
            }
            if let stream = endpoint.stream {
                // A stream reconnects by the live rules: on screen only, backing off, paused by t.
                tab.list.stream = stream
                tab.list.live = LiveRefresh(every: StreamSpec.reconnectSeconds)
            }
            return tab
        }
        self.init(tabs: tabs.isEmpty ? [TabState(endpointKey: "", columns: [])] : tabs, size: size)
        notifications = config.notifications
        endpoints = infos
        currentTab = first.flatMap { key in self.tabs.firstIndex { $0.endpointKey == key } } ?? 0
    }

    /// Shows each tab's columns as the user arranged them last time
    /// (`arrangements` by endpoint key); fields the endpoint no longer
    /// maps are left out quietly. An expression column's jq expression is
    /// compiled again (by `expressions`, so set it first): one that no
    /// longer compiles is dropped, and the first such is the line returned.
    @discardableResult
    public mutating func arrangeColumns(_ arrangements: [String: ColumnArrangement]) -> String? {
        var problem: String?
        for i in tabs.indices {
            guard let arrangement = arrangements[tabs[i].endpointKey] else { continue }
            let fields = endpoints[tabs[i].endpointKey]?.fields ?? []
            let (added, dropped) = expressionColumns(of: arrangement.columns)
            problem = problem ?? dropped
            if let columns = arrangement.apply(config: tabs[i].configColumns, fields: fields + added.map(\.info)) {
                tabs[i].columns = columns
                tabs[i].expressionColumns = added
            }
            // The sort kept, when its field is still mapped or one of the
            // expression columns come back: rows go into it as they arrive.
            if let kept = arrangement.sort,
               let field = (fields + tabs[i].expressionColumns.map(\.info)).first(where: { $0.name == kept.field }) {
                let title = tabs[i].columns.first { $0.field == kept.field }?.title ?? field.column?.title ?? field.name
                let computed = tabs[i].expressionColumns.first { $0.field == kept.field }?.reading(kinds: fieldKinds(of: fields))
                tabs[i].list.sort = LocalSort(field: kept.field, title: title, descending: kept.descending,
                                              kind: field.type.map(SortKind.init) ?? .auto, collation: collation,
                                              computed: computed)
            }
        }
        return problem
    }
}
