import RowboatSpec
import RowboatCells

/// Things that happen in the app: list actions, screens, tabs, resizes, quit.
public enum AppAction: Sendable, Equatable {
    /// A key's action on the list on screen.
    case list(ListAction)
    /// The effect runner's answer for one list, wherever it is (a tab not
    /// on screen, a related strip; dropped when that list is gone).
    case answer(ListID, ListAction)
    /// Push the current item's detail.
    case openDetail
    /// The fresh detail of an endpoint that loads its own (a kit's detail
    /// hook): arrived, failed, or asked for again.
    case detail(DetailLoadAction)
    /// Pop the detail.
    case closeDetail
    /// Leave what is on top (the key map's back keys): the detail, the
    /// favorites list, search results or the filter panel, whichever has
    /// the keys (`AppState.backAction`).
    case back
    case scrollDetail(Int)
    /// Move along the detail's related strip (left < 0 < right); without a
    /// strip, left goes back as it always did.
    case stripMove(Int)
    /// Push the detail of the related item selected in the strip.
    case openRelated
    /// Show tab `index` (0-based).
    case selectTab(Int)
    case nextTab
    case previousTab
    /// Mark or unmark rows to act on together.
    case mark(MarkAction)
    /// Run one of the endpoint's actions on the marked rows, or the current one.
    case runAction(ActionRef)
    /// An action's jobs ended (the runner's report).
    case actionFinished(ActionReport)
    /// How a running action is going: its output so far, the jobs ended.
    case actionProgress(ActionReport)
    /// Runs kept from earlier sessions, read back at start.
    case actionHistoryLoaded([ActionRecord])
    /// Stop every action still running (programs killed, requests cancelled).
    case cancelActions
    /// Open the action console: every run kept, newest first.
    case showActionOutput
    /// Scroll or close the output pager, or move in the console and open a run.
    case outputPager(PagerAction)
    /// Mark or unmark the current row as a favorite.
    case toggleFavorite
    /// Show or leave the favorites list.
    case toggleFavoritesList
    case favoritesLoaded(endpoint: String, [RowModel])
    /// Make `row` a favorite of `endpoint`, or not (a program's own code
    /// asked), stored as the star key stores it.
    case setFavorite(endpoint: String, RowModel, isFavorite: Bool)
    /// Storing or removing a favorite of `endpoint` failed (the reason
    /// given): its list is read back so it shows what is really kept.
    case favoriteWriteFailed(endpoint: String, String)
    case toggleHelp
    /// Ctrl-L: the whole screen drawn again (after something wrote over it).
    case redraw
    /// Help that does not fit the terminal: show that page of it.
    case helpPage(Int)
    /// The filter and sort panel.
    case filters(FilterPanelAction)
    /// The columns panel: show, hide, move, widen and sort by columns.
    case columns(ColumnsAction)
    /// The views panel (`V`) and the sub-tabs.
    case views(ViewsAction)
    /// The saved views could not be written (the reason).
    case viewsNotSaved(String)
    /// The arrangement of the columns could not be kept (the reason).
    case columnsNotSaved(String)
    /// Pause the current tab's live refresh, or resume it.
    case toggleLive
    /// Watch the selected row (or stop): a notification when it changes.
    case toggleWatch
    /// The `/` search prompt.
    case search(SearchAction)
    /// Switch table ↔ grid, keeping the selected item.
    case toggleView
    case gridMove(GridDirection)
    case resized(TerminalSize)
    /// The time now (seconds since the epoch): expires toasts. The run loop
    /// sends it as it wakes, so the reducer itself never reads a clock.
    case clock(Double)
    /// Open the current item's link in the browser.
    case openLink
    /// Copy the current item's link to the clipboard.
    case copyLink
    /// The item's action sheet.
    case sheet(SheetAction)
    /// Ask to clear the cache: measures it, then shows a confirm dialog.
    case askClearCache
    /// The cache's size arrived (nil: there is no cache; the reason given).
    case cacheMeasured(CacheUsage?, reason: String?)
    case cacheCleared(freedBytes: Int)
    case dialog(DialogAction)
    /// A click or a wheel notch at a screen cell.
    case mouse(MouseEvent)
    /// The image queue's news about one thumbnail.
    case image(ImageRequest, ImageLoad)
    /// Fetch the current item's failed image again.
    case retryImage
    /// Something worth a toast happened (an effect's outcome).
    case notify(String, isError: Bool)
    /// Text a runner made to copy (the list's request as curl): copied as
    /// the row's values are.
    case copyText(CopyRequest)
    /// The embedding program's own status segment (nil: none).
    case setProgramStatus(String?)
    /// The embedding program's note on the marked rows (nil: none).
    case setMarkedNote(String?)
    case quit
    /// Quit at once, whatever runs (a signal; yes to "quit and stop them?").
    case quitNow
}

/// What the mark keys do.
public enum MarkAction: Sendable, Equatable {
    /// Mark the selected row, or unmark it, and move to the next.
    case toggle
    /// Mark every loaded row; with rows marked, clear the marks instead.
    case toggleAll
}

/// Which of the current endpoint's actions, and its title (help says it).
public struct ActionRef: Sendable, Equatable, Hashable {
    public var index: Int
    public var title: String

    public init(index: Int, title: String) {
        self.index = index
        self.title = title
    }
}

/// What the output pager's keys do.
public enum PagerAction: Sendable, Equatable {
    case scroll(Int)
    /// The console's selected run's output.
    case open
    case close
}
