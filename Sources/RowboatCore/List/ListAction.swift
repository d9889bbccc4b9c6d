import RowboatSpec

/// Things that happen to a list: keys the user pressed and answers that came
/// back from the effect runner.
public enum ListAction: Sendable, Equatable {
    /// The screen opened: fetch the first page.
    case appeared
    case refresh
    /// Drop every row and paging position and load the first page again
    /// (the query changed). Answers to earlier requests are dropped.
    case restart
    case loadMore
    case retry
    case move(Movement)
    /// How many items the screen shows now (table rows, or grid cards).
    case viewportChanged(items: Int)
    case pageLoaded(requestID: Int, PageLoad<RowTable>)
    case pageFailed(requestID: Int, message: String)
    /// Cache-only: the page asked for is not in the cache (`message` says
    /// so). For a load-more that is where the cached pages end, not a
    /// failure; any other load fails with `message`.
    case pageNotCached(requestID: Int, message: String)
    /// An action took these rows away (`then: remove`).
    case removeRows([String])
    /// An action's answers replace these rows, by id (`then: replace`).
    case replaceRows([RowModel])
    /// Select the row with this id, when it is loaded (a program's own
    /// code asked: `ListRemote.select(id:)`).
    case select(id: String)
    /// A request failed and the server asked to be asked again no sooner
    /// than `retryAfter` seconds (a 429 or 503 with `Retry-After`); a
    /// live tick waits that long, any other load fails as `pageFailed`.
    case pageDeferred(requestID: Int, message: String, retryAfter: Double)
    /// A live list's tick is due: fetch the first page to merge it
    /// (the app reducer sends it when the list is on screen).
    case liveTick
    /// Pause a live list, or resume it (at once).
    case toggleLive
    /// Sort the loaded rows locally (nil: back to the server's order).
    case sort(LocalSort?)
    /// Filter the loaded rows locally (nil or no condition: every row again).
    case filter(RowFilter?)
    /// The order a `sortRows` effect worked out (`order[i]` is the row
    /// that goes to place `i` of the rows it was given).
    case rowsSorted(requestID: Int, order: [Int32], rows: RowTable? = nil)
    /// The rows a `filterRows` effect found meet its filter (ascending;
    /// numbered as `RowTable.rowsWithAside` numbers them when it tested
    /// the rows set aside too), and the rows it was given as the filter
    /// leaves them (`RowTable.showOnly`), taken as they are when no row
    /// came meanwhile (nil: made from `kept` here).
    case rowsFiltered(requestID: Int, kept: [Int], rows: RowTable? = nil)
}

/// A selection movement.
public enum Movement: Sendable, Equatable {
    case up, down, pageUp, pageDown, home, end
    case to(Int)

    /// Where this movement leads from `index` in a list whose last index is
    /// `last`, moving `page` rows per page; clamped to the list.
    public func target(from index: Int, last: Int, page: Int) -> Int {
        let target: Int
        switch self {
        case .up: target = index - 1
        case .down: target = index + 1
        case .pageUp: target = index - page
        case .pageDown: target = index + page
        case .home: target = 0
        case .end: target = last
        case .to(let i): target = i
        }
        return min(max(0, target), max(0, last))
    }
}

/// IO the reducer asks for, as plain data; the effect runner performs it.
public enum ListEffect: Sendable, Equatable {
    case fetchPage(requestID: Int, cursor: PageCursor)
    /// A request the list no longer waits for (a refresh or a new query
    /// overtook it): stop it rather than let it finish for nothing.
    case cancelFetch(requestID: Int)
    /// A live tick's request for the first page (its answer is merged).
    case fetchLive(requestID: Int, cursor: PageCursor)
    /// Work out the order of `rows` by `sort` (nil: the order they came
    /// in) off the UI thread and answer `rowsSorted` (a large list: keys
    /// are answered meanwhile).
    case sortRows(requestID: Int, LocalSort?, RowTable)
    /// Find the rows of `rows` that meet `filter` off the UI thread and
    /// answer `rowsFiltered` (a long list: keys are answered meanwhile);
    /// `aside`: the rows the filter in force set aside are tested too
    /// (`RowTable.rowsWithAside`), else only the rows shown; `sort`, the
    /// sort in force, puts the rows let back in its order.
    /// A nil filter finds no row: every row is put back, in order.
    case filterRows(requestID: Int, RowFilter?, RowTable, aside: Bool, sort: LocalSort? = nil)
    /// A `filterRows` request the list no longer waits for (another
    /// filter, or none, overtook it): stop its scan.
    case stopFilter(requestID: Int)
    /// What the list's `notify:` rules made of an update (the app decides
    /// whether now is too soon after the last).
    case notify([Notice])
}
