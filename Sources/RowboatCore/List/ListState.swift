import RowboatSpec

/// Everything a list screen holds: rows, selection and scroll, the phase of
/// loading, paging position and the request in flight. Pure data.
public struct ListState: Sendable, Equatable {
    /// What the list is doing.
    public enum Phase: Sendable, Equatable {
        /// Nothing loaded yet; the first page is on its way (spinner).
        case firstLoad
        case idle
        /// The first page is being fetched again; old rows stay visible.
        case refreshing
        /// At the top row the user pressed up once: the pull is armed and one
        /// more press refreshes.
        case pulling
        case loadingMore
        /// The data has ended: "no more items".
        case exhausted
        /// The last load failed; rows (if any) stay; retry repeats it.
        case failed(String)
    }

    /// Which kind of load a request is.
    public enum LoadKind: Sendable, Equatable {
        case first, refresh, more
        /// A live refresh's tick: the first page again, merged by id
        /// into the rows (`LiveRefresh`).
        case live
    }

    /// The one request whose answer the list waits for.
    public struct InFlight: Sendable, Equatable {
        public var id: Int
        public var kind: LoadKind
        public var cursor: PageCursor
        /// Started by the list itself (near the end of the rows), not by a key.
        public var automatic: Bool = false
        /// Set once a cached (not final) answer was shown: what the list
        /// looked like before it, so the final answer replaces it in place.
        public var provisional: Provisional?
        /// Parts of a streamed body were applied: later parts and the
        /// final answer add to them.
        public var streamed = false
        /// A live tick: the new rows its earlier parts put at the top
        /// (later parts put theirs after them).
        public var liveAdded = 0
        /// The new rows of this tick that got the "new" mark.
        public var liveMarked: [String] = []
        /// A whole-list tick: the ids its parts held so far, in order.
        public var liveSeen: [String] = []
    }

    /// The list before a provisional (cached) page was applied.
    public struct Provisional: Sendable, Equatable {
        /// The rows loaded before it: shown, and set aside by a local filter.
        public var rowCount: Int
        public var pagesLoaded: Int
        public var badge: CacheBadge?
    }

    /// A load that failed: what retry repeats.
    public struct FailedLoad: Sendable, Equatable {
        public var kind: LoadKind
        public var cursor: PageCursor
    }

    public var phase: Phase = .firstLoad
    /// The loaded rows, unique by id (their position by id is
    /// `rows.index(ofID:)`: de-duplication and keeping the selection).
    public var rows: RowTable = []
    public var selection: Int = 0
    public var scrollOffset: Int = 0
    /// Items the screen shows at once: table rows, or grid cards (from
    /// the screen layout); a page move and the automatic load go by it.
    public var viewportItems: Int = 20
    /// Rows from the end at which load-more starts by itself (0: one screen).
    public var loadMoreThreshold: Int = 0
    /// The page to ask for next; nil when the data has ended.
    public var nextCursor: PageCursor?
    /// The walk over pages since the first page or refresh: its pages, the
    /// cursors it followed (a repeat is a paging loop), judged by the rules
    /// `fetch` and the probe use.
    public var walk = PageWalk()
    public var pagesLoaded: Int {
        get { walk.pages }
        set { walk.pages = newValue }
    }
    public var totalCount: Int?
    public var totalPages: Int?
    public var inFlight: InFlight?
    /// The load that failed, repeated by retry.
    public var failedLoad: FailedLoad?
    /// Counter for request ids; never reused.
    public var lastRequestID: Int = 0
    /// A stream's rules (`stream:`): its answers are events merged by
    /// `ListReducer.streamLoaded`, not pages; nil: a list of pages.
    public var stream: StreamSpec?
    /// When the last page arrived (seconds since the epoch).
    public var lastUpdated: Double?
    /// What the last live tick, stream event or refresh changed (`RowChanges`).
    public var changes = RowChanges()
    /// The endpoint's `notify:` rules (none: no notices are worked out).
    public var notifyRules: [NotifyRule] = []
    /// Rows watched (`w`): a notification when one of them changes.
    public var watched: Set<String> = []
    /// Whether an update's new and changed rows are looked at for notices.
    var notifies: Bool { !notifyRules.isEmpty || !watched.isEmpty }
    /// The most recent error line, shown in the status bar.
    public var lastError: String?
    /// Set while cached rows are shown: their age, and whether the server
    /// could not be reached.
    public var cacheBadge: CacheBadge?
    /// A one-time message (the cache was rebuilt or is disabled), shown in
    /// the status bar until the user next acts.
    public var notice: String?
    /// Server-chosen cursors followed since the first page: a repeat is a
    /// paging loop.
    public var trail: CursorTrail {
        get { walk.trail }
        set { walk.trail = newValue }
    }
    /// Why loading stopped short, or stopped by itself (the footer says it).
    public var halt: ListHalt?
    /// Rows that automatic loads added since the last key press.
    public var autoLoadedRows: Int = 0
    /// Paging paths the first page did not have (a likely typo in the
    /// config), shown in the status bar until the next first page.
    public var pagingNotice: String?
    /// The rows marked to act on together.
    public var marks = Marks()
    /// The local sort in force (`LocalSort`): the rows are in its order,
    /// and rows that come later are merged into it. Nil: the server's order.
    public var sort: LocalSort?
    /// The local filter in force (`RowFilter`): only rows that meet its
    /// conditions are shown (the others are set aside in `rows`), and rows
    /// that come later are filtered as they come. Nil: every row.
    public var filter: RowFilter?
    /// A local sort being worked out off the UI thread (`sortRows`), or
    /// the way back to the server's order; the rows keep their order, and
    /// `sort`, until it comes.
    public var sorting: PendingSort?
    /// The sort asked for last: one being worked out, else the one in
    /// force (nil: the server's order).
    public var wantedSort: LocalSort? {
        if let sorting { return sorting.sort }
        return sort
    }
    /// The last `sortRows` request's number.
    public var lastSortID: Int = 0
    /// Lists up to this many rows are sorted at once, in the reducer (a
    /// few milliseconds); a longer one off the UI thread (`sortRows`).
    public var inlineSortRows = 50_000
    /// A local filter being worked out off the UI thread (`filterRows`);
    /// the rows shown, and `filter`, stay until it comes.
    public var filtering: PendingFilter?
    /// The last `filterRows` request's number.
    public var lastFilterID: Int = 0
    /// A local filter tests up to this many rows at once, in the reducer
    /// (a few milliseconds, on one core); more off the UI thread (`filterRows`).
    public var inlineFilterRows = 65_536
    /// The filter last asked for: the one being worked out, else the one
    /// in force (what a condition added or dropped changes).
    public var wantedFilter: RowFilter? { filtering.map(\.filter) ?? filter }
    /// A `/` search looks through up to this many rows at once, in the
    /// reducer (a few milliseconds); more off the UI thread (`searchRows`).
    public var inlineSearchRows = 65_536
    /// The first page fetched again in the background (`refresh.every`);
    /// nil when the list is not live.
    public var live: LiveRefresh?
    /// A refresh still loading pages to find the selected row, the old rows
    /// kept after its own meanwhile (nil: none).
    public var refreshFollow: RefreshFollow?

    /// A list about to walk by `paging` (its endpoint's, which the list
    /// does not keep): no rows, the first page next.
    public init(paging: Paging = Paging()) {
        self.nextCursor = PagingPlan(paging: paging).first
    }

    /// The selected row, if any.
    public var selectedRow: RowModel? { rows.indices.contains(selection) ? rows[selection] : nil }

    /// True when a live tick could start now: the list is live, not
    /// paused, off or offline (a cached copy shown because the server could
    /// not be reached: a refresh that reaches it resumes the ticks), has its
    /// first page, and waits for nothing.
    public var liveTickPossible: Bool {
        guard let live else { return false }
        return !live.paused && live.blocked == nil && !isOffline && inFlight == nil
            && (pagesLoaded > 0 || stream != nil || retriesFirstPage)
    }

    /// A live list whose first page failed: its ticks ask for that page
    /// again, backing off, until it comes.
    public var retriesFirstPage: Bool { live != nil && pagesLoaded == 0 && failedLoad != nil }

    /// How many items the list has in all: what the server said, or, once
    /// every page is loaded, what was loaded (rows a local filter sets
    /// aside too); nil while unknown.
    public var knownTotal: Int? {
        if stream != nil { return rows.count + rows.hiddenCount }   // a stream's rows are all there are
        return totalCount ?? (phase == .exhausted ? rows.count + rows.hiddenCount : nil)
    }

    /// The rows are a cached copy shown because the server could not be reached.
    public var isOffline: Bool { cacheBadge?.offline == true }

    /// What the status bar says of the live refresh or the stream (nil: neither).
    public var liveStatus: String? {
        if stream != nil { return live?.streamStatus(connected: inFlight != nil) }
        return live?.status(inFlight: inFlight?.kind == .live, offline: isOffline)
    }

    /// True when nothing is loaded and the data has ended: the empty view.
    public var isEmpty: Bool { rows.isEmpty && phase == .exhausted }

    /// What the footer line says.
    public var footer: FooterState {
        if let halt, phase == .idle || (phase == .exhausted && !rows.isEmpty) { return .halted(halt) }
        // A stream has no more to load: its rows come by themselves.
        if stream != nil, case .failed = phase { return .failed }
        if stream != nil { return .hidden }
        return switch phase {
        case .firstLoad: .hidden
        case .loadingMore: .loadingMore
        case .exhausted: rows.isEmpty ? .hidden : .noMoreItems
        case .failed: .failed
        case .pulling: .pullArmed
        case .idle, .refreshing: .loadMore
        }
    }
}

/// The footer line under the list.
public enum FooterState: Sendable, Equatable {
    case hidden, loadMore, loadingMore, noMoreItems, failed, pullArmed
    /// Loading stopped short or paused, and why.
    case halted(ListHalt)
}

/// A local sort asked for and not yet in force (nil: the server's order
/// again): the rows it was worked out for are those of `stamp`
/// (`RowTable.stamp`), the first `count` rows.
public struct PendingSort: Sendable, Equatable {
    public var id: Int
    public var sort: LocalSort?
    public var stamp: UInt64
    public var count: Int

    public init(id: Int, sort: LocalSort?, stamp: UInt64, count: Int) {
        self.id = id
        self.sort = sort
        self.stamp = stamp
        self.count = count
    }
}
