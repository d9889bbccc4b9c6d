import RowboatSpec

/// When live lists tick. The reducer decides from the clock the run loop
/// gives it (`.clock`): a tab's next tick is due `every` seconds after its
/// last page (or its back-off after a failure), and it ticks only while
/// its list is on screen — the current tab, no screen pushed over the
/// list, no overlay — and nothing loads. Tabs you are not looking at do
/// not poll; one whose tick came due while away ticks when shown again.
extension AppReducer {
    /// The `.clock` part: the tab on screen ticks when its tick is due.
    static func liveTicks(_ state: inout AppState) -> [AppEffect] {
        guard state.liveCanTick, let due = state.list.live?.due, due <= state.clock else { return [] }
        return list(&state, currentTab: state.currentTab, .liveTick)
    }

    /// After every action: a live list whose next tick is not set yet gets
    /// one, from the clock (the interval, or the back-off after a failure).
    static func scheduleLive(_ state: inout AppState) {
        guard state.clock > 0, !state.shouldQuit else { return }
        for i in state.tabs.indices {
            guard let live = state.tabs[i].list.live, live.due == nil, state.tabs[i].list.liveTickPossible else { continue }
            state.tabs[i].list.live?.due = state.clock + live.backOff.wait
        }
    }

    /// The live key: pause the tab's live refresh, or resume it at once.
    static func toggleLive(_ state: inout AppState) -> [AppEffect] {
        guard let live = state.list.live else {
            toast(&state, "\(state.tab.title) is not a live list (refresh.every in the config)")
            return []
        }
        if let blocked = live.blocked {
            toast(&state, "live refresh is off here (\(blocked))")
            return []
        }
        let effects = list(&state, currentTab: state.currentTab, .toggleLive)
        let paused = state.list.live?.paused == true
        if state.list.stream != nil {
            toast(&state, paused ? "stream paused" : "stream on: connecting")
        } else {
            toast(&state, paused ? "live refresh paused" : "live refresh on: every \(LiveBackOff.human(live.every))")
        }
        return effects
    }

    /// On quit: no tick starts again, and the ones in flight are cancelled.
    static func stopLive(_ state: inout AppState) -> [AppEffect] {
        var effects: [AppEffect] = []
        for i in state.tabs.indices {
            state.tabs[i].list.live?.due = nil
            guard let request = state.tabs[i].list.inFlight,
                  request.kind == .live || state.tabs[i].list.stream != nil else { continue }
            state.tabs[i].list.inFlight = nil
            effects.append(.cancelFetch(list: .tab(state.tabs[i].endpointKey), requestID: request.id))
        }
        return effects
    }
}

extension AppState {
    /// The tab on screen may tick now: its list is shown (no screen over
    /// it, no overlay, a terminal big enough) and could start a tick.
    public var liveCanTick: Bool {
        !shouldQuit && screen == nil && overlay == nil && !isTooSmall && list.liveTickPossible
    }

    /// When the run loop must wake for the next live tick (nil: no tick
    /// can come by time alone). Overdue means now.
    public var nextLiveTick: Double? {
        guard liveCanTick else { return nil }
        return list.live?.due
    }
}
