import RowboatSpec

/// Streams (`stream:`) follow the live lists' rules, and one more: their
/// connection stays open only while their tab is the one shown. Leaving
/// the tab closes it; showing the tab again connects at once (the tick is
/// overdue), through the same tick, back-off and pause as a live list.
extension AppReducer {
    static func closeStreamsOffScreen(_ state: inout AppState) -> [AppEffect] {
        var effects: [AppEffect] = []
        for i in state.tabs.indices where i != state.currentTab && state.tabs[i].list.stream != nil {
            guard let request = state.tabs[i].list.inFlight else { continue }
            state.tabs[i].list.inFlight = nil
            if state.tabs[i].list.live?.paused == false { state.tabs[i].list.live?.due = 0 }
            effects.append(.cancelFetch(list: .tab(state.tabs[i].endpointKey), requestID: request.id))
        }
        return effects
    }
}
