import RowboatSpec
import RowboatCells

/// IO the app asks for, as plain data.
public enum AppEffect: Sendable, Equatable {
    /// Get a page of `endpoint` for `list`; `params` are the filters, sort
    /// and search in force (or a related strip's params).
    case fetchPage(list: ListID, endpoint: String, requestID: Int, cursor: PageCursor, params: [String: String] = [:])
    /// Stop a page request the list no longer waits for.
    case cancelFetch(list: ListID, requestID: Int)
    /// Get the first page of `endpoint` again for a live tick of `list`
    /// (from the network: live lists do not tick in cache modes).
    case fetchLive(list: ListID, endpoint: String, requestID: Int, cursor: PageCursor, params: [String: String] = [:])
    /// Work out the order of `rows` by `sort` (nil: the order they came
    /// in) off the UI thread; answer `.answer(list, .rowsSorted(…))`.
    case sortRows(list: ListID, requestID: Int, sort: LocalSort?, rows: RowTable)
    /// Find the rows of `rows` that meet `filter` (the rows set aside too,
    /// with `aside`) off the UI thread, and the rows as the filter leaves
    /// them (in `sort`'s order); answer `.answer(list, .rowsFiltered(…))`.
    case filterRows(list: ListID, requestID: Int, filter: RowFilter?, rows: RowTable, aside: Bool, sort: LocalSort?)
    /// Stop `list`'s `filterRows` request `requestID`, no longer waited for.
    case stopFilter(list: ListID, requestID: Int)
    /// Find the rows of `rows` (of `among` only, when given) that a `/`
    /// search for `text` matches, off the UI thread; answer
    /// `.search(.found(tab:requestID:matches:))`.
    case searchRows(tab: String, requestID: Int, text: String, rows: RowTable, among: [Int]?, fields: Set<String>?)
    /// Keep the arrangement of `endpoint`'s columns (nil: the config's
    /// columns again, nothing kept) in the user's state directory.
    case saveColumns(endpoint: String, ColumnArrangement?)
    /// Keep the endpoint's saved views (`ViewStore`), all of them, in order.
    case saveViews(endpoint: String, [ViewSpec])
    /// Read an endpoint's favorites from the store.
    /// Get the detail of `row` from the endpoint's own detail loader.
    case loadDetail(endpoint: String, row: RowModel)
    case loadFavorites(endpoint: String)
    case saveFavorite(endpoint: String, RowModel)
    case removeFavorite(endpoint: String, id: String)
    /// Open an http(s) URL with $BROWSER or xdg-open.
    case openURL(String)
    /// Put text on the clipboard (tmux buffer, wl-copy, xclip or xsel).
    case copy(CopyRequest)
    /// Send notifications (the run loop's: through the terminal, or
    /// `notify-send`, or the bell, as `AppState.notifyVia` says).
    case sendNotifications([Notice])
    /// Make the request of `endpoint`'s list (its first page, with the
    /// filters, sort and search in force: `params`) a curl command and
    /// copy it (`.copyText`); secrets as `${VARIABLE}`.
    case copyAsCurl(endpoint: String, params: [String: String])
    /// Draw the whole screen again, from nothing (the run loop's: it owns the terminal).
    case redrawScreen
    /// The thumbnails the screen wants now, in priority order (visible
    /// first, then the next screen); the queue drops what is not listed.
    case wantImages([ImageRequest])
    /// Forget the failure of this image URL so it is fetched again.
    case retryImage(url: String)
    /// Measure the cache and answer with `.cacheMeasured`.
    case measureCache
    /// Remove cached responses and images; answer with `.cacheCleared`.
    case clearCache
    /// Do an action's jobs (an interactive run is the UI thread's: it hands
    /// the terminal over); the outcome comes back as `.actionFinished`.
    case performAction(ActionPlan, runID: Int)
    /// Stop the actions of these runs.
    case cancelActions([Int])
    /// Keep these runs for the next sessions (the last `ActionRuns.kept`).
    case saveActionHistory([ActionRecord])
}
