/// The bindable actions of the `keys:` config section, by their stable
/// names (what each does, and on which layers of the key map, is the app's:
/// `KeyAction.slots` in RowboatCore). An overlay's own actions are named
/// `<overlay>.<what>` (`pager.down`, `columns.add`): its key layer's.
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

    // The action sheet (`a`).
    case sheetDown = "sheet.down", sheetUp = "sheet.up", sheetFirst = "sheet.first", sheetLast = "sheet.last"
    case sheetDo = "sheet.do", sheetClose = "sheet.close"
    // The output pager and the action console (`O`).
    case pagerDown = "pager.down", pagerUp = "pager.up", pagerPageDown = "pager.pageDown", pagerPageUp = "pager.pageUp"
    case pagerOpen = "pager.open", pagerClose = "pager.close"
    // A confirm dialog.
    case dialogYes = "dialog.yes", dialogNo = "dialog.no", dialogSwitch = "dialog.switch", dialogPress = "dialog.press"
    // The search prompt (`/`) while typing.
    case searchSubmit = "search.submit", searchCancel = "search.cancel", searchErase = "search.erase"
    case searchDown = "search.down", searchUp = "search.up", searchPageDown = "search.pageDown", searchPageUp = "search.pageUp"
    // The columns panel (`c`).
    case columnsDown = "columns.down", columnsUp = "columns.up", columnsPageDown = "columns.pageDown"
    case columnsPageUp = "columns.pageUp", columnsFirst = "columns.first", columnsLast = "columns.last"
    case columnsShow = "columns.show", columnsLeft = "columns.left", columnsRight = "columns.right"
    case columnsWider = "columns.wider", columnsNarrower = "columns.narrower", columnsSort = "columns.sort"
    case columnsKeepEqual = "columns.keepEqual", columnsKeepContaining = "columns.keepContaining"
    case columnsKeepLess = "columns.keepLess", columnsKeepGreater = "columns.keepGreater"
    case columnsType = "columns.type", columnsUnfilter = "columns.unfilter", columnsUnfilterAll = "columns.unfilterAll"
    case columnsAdd = "columns.add", columnsRestore = "columns.restore", columnsClose = "columns.close"
    // The columns panel while a value or a jq expression is typed.
    case columnsSubmit = "columns.submit", columnsCancel = "columns.cancel", columnsErase = "columns.erase"
    // The views panel (`V`).
    case viewsDown = "views.down", viewsUp = "views.up", viewsFirst = "views.first", viewsLast = "views.last"
    case viewsApply = "views.apply", viewsSave = "views.save", viewsDelete = "views.delete", viewsClose = "views.close"
    // The views panel while a view's name is typed.
    case viewsSubmit = "views.submit", viewsCancel = "views.cancel", viewsErase = "views.erase"
}
