import RowboatSpec

/// Which bound actions a screen offers: a key whose action the list on
/// screen cannot do is neither taken nor listed in help. One rule per
/// action, so the whole map (`KeyMap.bindings(in:)`) and one key's lookup
/// (`KeyMap.binding(for:in:)`) decide alike.
struct KeyOffer {
    let favorites: Bool
    let onScreen: Bool
    let viewsCycle: Bool
    let live: Bool
    let unusable: [AppAction]
    let unfilter: Bool
    let detailRetry: Bool
    let tabs: Int

    init(_ state: AppState) {
        favorites = state.focus == .favorites
        onScreen = state.screen != nil
        // The sub-tab keys where the config declares views (and on the list itself).
        viewsCycle = state.screen == nil && state.endpoints[state.endpointKey]?.views.isEmpty == false
        live = state.list.live != nil
        unusable = state.unusableActions
        unfilter = state.list.wantedFilter != nil
        detailRetry = state.detail.map { state.endpoints[$0.endpointKey]?.loadsDetail == true } == true
        tabs = state.tabs.count
    }

    func offers(_ action: AppAction) -> Bool {
        if unusable.contains(action) { return false }
        switch action {
        // The favorites list has no grid and no marks.
        case .mark, .toggleView: return !favorites
        // The columns panel arranges the list itself (its own keys drop
        // filter conditions: see `columnsPanel`); so do the views.
        case .columns(.open), .views(.open): return !onScreen
        case .views(.cycle): return viewsCycle
        // The live and watch keys are for live lists (and streams).
        case .toggleLive, .toggleWatch: return live
        // The unfilter key while a local filter is in force (or being put in force).
        case .columns(.unfilter(all: false)): return unfilter
        case .detail(.retry): return detailRetry
        // Tab keys only with more than one tab, a number key only for a
        // tab that exists (help lists 1–4 for four tabs).
        case .selectTab(let index): return tabs >= 2 && index < tabs
        case .nextTab, .previousTab: return tabs >= 2
        default: return true
        }
    }
}
