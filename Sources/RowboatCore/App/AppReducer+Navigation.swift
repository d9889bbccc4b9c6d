import RowboatSpec

/// Tabs, the detail stack and the related strip.
extension AppReducer {
    // MARK: tabs

    static func reduceTabs(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        let count = state.tabs.count
        let target: Int
        switch action {
        case .selectTab(let index): target = index
        case .nextTab: target = (state.currentTab + 1) % count
        case .previousTab: target = (state.currentTab + count - 1) % count
        default: return []
        }
        guard state.tabs.indices.contains(target), target != state.currentTab else { return [] }
        state.currentTab = target
        // The tab pages by what fits now (the size may have changed while it
        // was away), and loads on its first visit only.
        var effects = viewportChanged(&state)
        if !state.tab.visited { effects += listOnScreen(&state, .appeared) }
        return effects
    }

    // MARK: the detail stack

    /// Pushes `row`'s detail (from `endpoint`), with its related strip when
    /// that endpoint declares one; asks for the strip's first page, and for
    /// the endpoint's favorites if they were never read.
    static func pushDetail(_ state: inout AppState, _ row: RowModel, endpoint: String) -> [AppEffect] {
        var effects: [AppEffect] = []
        if state.favoritesByEndpoint[endpoint] == nil {
            state.favoritesByEndpoint[endpoint] = []
            effects.append(.loadFavorites(endpoint: endpoint))
        }
        var detail = DetailState(row: row, endpointKey: endpoint)
        if state.endpoints[endpoint]?.loadsDetail == true {
            detail.load = .loading
            effects.append(.loadDetail(endpoint: endpoint, row: row))
        }
        if let spec = state.endpoints[endpoint]?.related, let related = state.endpoints[spec.endpoint] {
            detail.strip = RelatedStrip(id: state.nextStripID, endpointKey: spec.endpoint,
                                        title: spec.title ?? related.title, params: spec.params(for: row),
                                        list: related.startingList)
            state.nextStripID += 1
        }
        state.tab.stack.append(.detail(detail))
        if detail.strip != nil {
            let perScreen = ScreenLayout.of(state).detail(detail).strip?.perScreen ?? 1
            effects += stripList(&state, .viewportChanged(items: perScreen))
            effects += stripList(&state, .appeared)
        }
        return effects
    }

    // MARK: the related strip

    static func reduceStrip(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        guard let detail = state.detail else { return [] }
        // A strip a short terminal leaves out is as good as none: the keys
        // do not move or open what cannot be seen.
        let shown = ScreenLayout.of(state).detail(detail).strip == nil ? nil : detail.strip
        switch action {
        case .stripMove(let delta):
            guard let strip = shown else {
                // No strip: left is "back", as it always was.
                return delta < 0 ? reduce(&state, .closeDetail) : []
            }
            if strip.list.rows.isEmpty {
                // An error or an empty strip: right retries a failed one.
                if case .failed = strip.list.phase, delta > 0 { return stripList(&state, .retry) }
                return []
            }
            return stripList(&state, .move(delta < 0 ? .up : .down))
        case .openRelated:
            guard let strip = shown, let row = strip.list.selectedRow else { return [] }
            return pushDetail(&state, row, endpoint: strip.endpointKey)
        default:
            return []
        }
    }

    /// Runs a list action on the strip of the detail on top.
    static func stripList(_ state: inout AppState, _ action: ListAction) -> [AppEffect] {
        guard var detail = state.detail, var strip = detail.strip else { return [] }
        let effects = ListReducer.reduce(&strip.list, action, paging: state.paging(of: strip.endpointKey)).map {
            effect($0, list: .strip(strip.id), endpoint: strip.endpointKey, params: strip.params)
        }
        detail.strip = strip
        state.replaceTop(.detail(detail))
        return effects
    }

    /// An answer for strip `id`: it lands in the detail that holds that
    /// strip, in any tab and at any depth; a popped strip drops it.
    static func answerStrip(_ state: inout AppState, _ id: Int, _ action: ListAction) -> [AppEffect] {
        for t in state.tabs.indices {
            for depth in state.tabs[t].stack.indices {
                guard case .detail(var detail) = state.tabs[t].stack[depth], var strip = detail.strip, strip.id == id
                else { continue }
                let effects = ListReducer.reduce(&strip.list, action, paging: state.paging(of: strip.endpointKey)).map {
                    effect($0, list: .strip(id), endpoint: strip.endpointKey, params: strip.params)
                }
                detail.strip = strip
                state.tabs[t].stack[depth] = .detail(detail)
                return effects
            }
        }
        return []
    }
}
