/// The bindable actions of the `keys:` config section, by their stable
/// names (what each does, and on which layers of the key map, is the app's:
/// `KeyAction.slots` in RowboatCore).
public enum KeyAction: String, Sendable, CaseIterable {
    case moveDown, moveUp, moveLeft, moveRight
    case pageDown, pageUp, first, last
    case refresh, loadMore, live, watch
    case openDetail, openRelated, back
    case mark, markAll
    case favorite, favoritesList
    case openLink, copyLink, copyValue, actions, clearCache, retryImage
    case cancelActions, actionOutput
    case toggleView
    case nextTab, previousTab
    case tab1, tab2, tab3, tab4, tab5, tab6, tab7, tab8, tab9
    case filters, columns, unfilter, search, nextMatch, previousMatch
    case choose, apply, reset
    case views
    case nextView, previousView
    case help, redraw, quit
}
