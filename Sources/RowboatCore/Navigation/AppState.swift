import RowboatSpec
import RowboatCells

/// The whole TUI state: the tabs (one per endpoint shown, each with its own
/// list and screen stack), the overlay, the terminal size, toasts, images,
/// and whether the user asked to quit. Which screen is on top is data: the
/// current tab's stack and the overlay; `focus` reads it in one place.
public struct AppState: Sendable, Equatable {
    /// Below this size the UI shows a "terminal too small" notice.
    public static let minimumSize = TerminalSize(columns: 30, rows: 6)

    public var tabs: [TabState]
    public var currentTab = 0
    /// At most one overlay: filter panel, action sheet, dialog or help.
    public var overlay: Overlay?
    public var size: TerminalSize
    /// The app's idea of now, from `.clock` actions (toasts expire by it).
    public var clock: Double = 0
    /// Where notifications go and how often at most (`notifications:`).
    public var notifications = NotifySettings()
    /// A message that goes away by itself.
    public var toast: Toast?
    /// Where each image URL is (badges and card placeholders).
    public var images: [String: ImagePhase] = [:]
    /// Thumbnails that arrived for the requests still wanted.
    public var thumbnails: [ImageRequest: Thumbnail] = [:]
    /// The image URL the user asked to fetch again: its outcome is toasted.
    public var retryingImage: String?
    /// How thumbnails are drawn and why ("sixel (the terminal answered)"),
    /// for the help overlay; nil before the terminal started.
    public var imagesInfo: String?
    /// The help overlay's page (0 when it opens).
    public var helpPage = 0
    /// `--images off` (or `images: off`): no image is fetched, so rows show
    /// no badge column, and cards and the detail say "images off" instead
    /// of waiting with ◌ forever. Set with `turnImagesOff()`.
    public private(set) var imagesOff = false
    /// The thumbnails last asked of the image queue, visible ones first.
    public var wantedImages: [ImageRequest] = []
    /// The tab's list's wanted thumbnails, with what they were worked out
    /// from (see `WantedImagesMemo`).
    var wantedImagesMemo = Unequated<WantedImagesMemo?>(nil)
    /// Actions running, and the last program output.
    public var actionRuns = ActionRuns()
    /// The environment variables action templates name (`${env.X}`), read
    /// once at start: templates are filled in here, not at each run.
    public var environment: [String: String] = [:]
    /// The id the next related strip gets.
    public var nextStripID = 1
    /// Favorited rows by endpoint, newest first (kept in the cache
    /// database, so they work offline); an endpoint is here once loaded.
    public var favoritesByEndpoint: [String: [RowModel]] = [:]
    /// Every endpoint of the config by key (titles, paging, related items).
    public var endpoints: [String: EndpointInfo] = [:]

    /// How endpoint `key` pages: its `EndpointInfo`'s, the one copy, which
    /// the list reducer is given for each of its lists (one the app does
    /// not know pages by the default).
    public func paging(of key: String) -> Paging { endpoints[key]?.paging ?? Paging() }
    /// The views saved from the list (`V`), by endpoint key, in the order saved.
    public var savedViews: [String: [ViewSpec]] = [:]
    /// How text compares in a local sort: the user's collation, given by
    /// the runtime (code point order until then).
    public var collation: TextCollation = .codePoint
    /// What compiles the local filter's `jq:` conditions: given by the
    /// runtime (the `rowboat` app gives jq's), none until then.
    public var expressions: ExpressionCompiler = .none
    /// The action sheet offers "Copy request as curl" (the runtime's
    /// provider makes the command: the `rowboat` app's config lists).
    public var copiesRequests = false
    /// Built-ins the embedding program left out (a kit app's `features`):
    /// their keys are gone from the key map, and the action sheet leaves
    /// their lines out.
    public var withheld: Set<KeyAction> = []
    /// Fields a grid card lists after the title and subtitle (a kit app's
    /// `cardFields`); a card without an image gives them the picture's room.
    public var cardFields: [String] = []
    public var shouldQuit = false
    /// A segment of the embedding program's own in the status bar
    /// ("888 packages · 3.1 GB"); nil: none.
    public var programStatus: String?
    /// What the embedding program says of the marked rows (a sum), after
    /// "3 marked" in the status bar; nil: nothing.
    public var markedNote: String?
    /// Set when the config was guessed from a URL (`rowboat URL`): the
    /// status bar says so and help shows what was guessed.
    public var guessed: GuessedConfig?

    /// One tab for `endpointKey`, an endpoint that pages by `paging` (its
    /// list starts at the first page unless `list` is given).
    public init(endpointKey: String, columns: [ColumnSpec], paging: Paging = Paging(), list: ListState? = nil,
                size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        let list = list ?? ListState(paging: paging)
        self.init(tabs: [TabState(endpointKey: endpointKey, columns: columns, list: list)], size: size)
        endpoints[endpointKey] = EndpointInfo(title: endpointKey, paging: paging)
    }

    /// `tabs` in order, the first one shown.
    public init(tabs: [TabState], size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        precondition(!tabs.isEmpty, "an app has at least one tab")
        self.tabs = tabs
        self.size = size
        let layout = ScreenLayout.of(self)
        for i in self.tabs.indices { self.tabs[i].list.viewportItems = layout.itemsPerScreen(viewMode: self.tabs[i].viewMode) }
    }

    // MARK: the current tab

    /// The tab on screen. Read in place: a copy would retain every one of
    /// its lists' arrays, and the renderer and reducer read it per row.
    public var tab: TabState {
        _read { yield tabs[currentTab] }
        _modify { yield &tabs[currentTab] }
    }

    /// The current tab's list.
    public var list: ListState {
        _read { yield tabs[currentTab].list }
        // In place: a get-then-set would copy every row to change one.
        _modify { yield &tabs[currentTab].list }
    }

    /// The current tab's filters, sort and server search.
    public var query: QueryState {
        _read { yield tabs[currentTab].query }
        set { tabs[currentTab].query = newValue }
    }

    public var viewMode: ViewMode {
        get { tabs[currentTab].viewMode }
        set { tabs[currentTab].viewMode = newValue }
    }

    /// The current tab's favorites.
    public var favorites: [RowModel] {
        get { favoritesByEndpoint[tab.endpointKey] ?? [] }
        set { favoritesByEndpoint[tab.endpointKey] = newValue }
    }

    /// The endpoint whose favorites the star acts on: the detail's item's,
    /// else the current tab's.
    public var favoritesEndpoint: String { detail?.endpointKey ?? tab.endpointKey }

    /// What the list on screen cannot do, so its keys are neither offered
    /// nor listed in help: filters without sections, links and images its
    /// endpoint does not map (when its fields are known), stopping and
    /// showing actions it has none of.
    public var unusableActions: [AppAction] {
        var out: [AppAction] = []
        if query.options.sections.isEmpty { out.append(.filters(.open)) }
        let fields = Set((endpoints[endpointKey]?.fields ?? []).map(\.name))
        if !fields.isEmpty && !showingFavorites {
            if !fields.contains("link") { out += [.openLink, .copyLink] }
            if !fields.contains("image") { out.append(.retryImage) }
        }
        if imagesOff { out.append(.retryImage) }
        let actions = currentActions
        if actions.isEmpty { out.append(.cancelActions) }
        // The console has something to show once an action ran, or one can.
        if actions.isEmpty && actionRuns.records.isEmpty { out.append(.showActionOutput) }
        return out
    }

    /// True when the endpoint on screen shows images (a known image field, images on).
    public var showsImages: Bool {
        let fields = (endpoints[endpointKey]?.fields ?? []).map(\.name)
        return !imagesOff && (fields.isEmpty || fields.contains("image"))
    }

    public var showsImageBadges: Bool {
        get { tabs[currentTab].showsImageBadges }
        set { tabs[currentTab].showsImageBadges = newValue }
    }

    public var endpointKey: String { tab.endpointKey }
    public var columns: [ColumnSpec] { tab.columns }

    /// The screen on top of the current tab; nil when its list is shown.
    public var screen: Screen? { tab.top }

    /// Replaces the top screen of the current tab.
    mutating func replaceTop(_ screen: Screen) {
        guard !tabs[currentTab].stack.isEmpty else { return }
        tabs[currentTab].stack[tabs[currentTab].stack.count - 1] = screen
    }

    // MARK: what is on top

    /// Where keys go: the overlay, else the top screen.
    public var focus: Focus {
        switch overlay {
        case .help: return .help
        case .dialog: return .dialog
        case .sheet: return .sheet
        case .filterPanel: return .filterPanel
        case .output: return .output
        case .columns: return .columnsPanel
        case .views: return .viewsPanel
        case nil: break
        }
        switch screen {
        case .detail: return .detail
        case .search(let s): return s.editing ? .searchPrompt : .searchResults
        case .favorites: return .favorites
        case nil: return .list
        }
    }

    /// What `back` does where the keys go: close the detail or the filter
    /// panel, leave the favorites list or search results (a server
    /// search's too); nil elsewhere.
    public var backAction: AppAction? {
        switch focus {
        case .detail: .closeDetail
        case .favorites: .toggleFavoritesList
        case .searchResults: .search(.cancel)
        case .filterPanel: .filters(.cancel)
        case .list: query.serverSearch != nil ? .search(.clearServer) : nil
        case .help, .dialog, .sheet, .searchPrompt, .output, .columnsPanel: nil
        case .viewsPanel: nil
        }
    }

    /// The detail on top, if one is.
    public var detail: DetailState? {
        if case .detail(let d) = screen { return d }
        return nil
    }

    /// The search on top, or under the detail opened from its results.
    public var search: SearchState? {
        for screen in tab.stack.reversed() {
            switch screen {
            case .search(let s): return s
            case .detail: continue
            case .favorites: return nil
            }
        }
        return nil
    }

    /// The favorites list is on top, or under a detail opened from it.
    public var showingFavorites: Bool {
        for screen in tab.stack.reversed() {
            switch screen {
            case .favorites: return true
            case .detail: continue
            case .search: return false
            }
        }
        return false
    }

    /// The selection in the favorites list.
    public var favoritesSelection: Int {
        for case .favorites(let selection) in tab.stack.reversed() { return selection }
        return 0
    }

    public var filterPanel: FilterPanel? {
        if case .filterPanel(let p) = overlay { return p }
        return nil
    }

    public var sheet: ActionSheet? {
        if case .sheet(let s) = overlay { return s }
        return nil
    }

    public var dialog: ConfirmDialog? {
        if case .dialog(let d) = overlay { return d }
        return nil
    }

    public var showHelp: Bool {
        if case .help = overlay { return true }
        return false
    }

    /// Some list (a tab's, or the strip on screen) waits for a page: the
    /// spinners turn.
    public var isLoading: Bool {
        // A stream's request stays open while it is connected: its events wake the loop, no spinner turns.
        tabs.contains { $0.list.inFlight != nil && $0.list.stream == nil } || detail?.strip?.list.inFlight != nil
    }

    // MARK: rows

    /// True when the terminal is below the minimum size.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    /// True when the row with `id` is a favorite of `endpoint` (by default
    /// the one the star acts on).
    public func isFavorite(_ id: String, endpoint: String? = nil) -> Bool {
        (favoritesByEndpoint[endpoint ?? favoritesEndpoint] ?? []).contains { $0.id == id }
    }

    /// The row the user is on: the detail's item, a favorite, a search
    /// match or the list's selection.
    public var currentRow: RowModel? {
        switch screen {
        case .detail(let d): return d.row
        case .favorites(let selection): return favorites.indices.contains(selection) ? favorites[selection] : nil
        case .search(let search):
            guard search.matches.indices.contains(search.selection) else { return nil }
            let index = search.matches[search.selection]
            return list.rows.indices.contains(index) ? list.rows[index] : nil
        case nil: return list.selectedRow
        }
    }

    /// The index in the tab's list of the row the keys act on: the
    /// selection, or the search match selected; nil elsewhere.
    public var currentListIndex: Int? {
        switch screen {
        case .search(let search):
            guard search.matches.indices.contains(search.selection) else { return nil }
            return search.matches[search.selection]
        case nil: return list.rows.indices.contains(list.selection) ? list.selection : nil
        case .detail, .favorites: return nil
        }
    }

    /// The endpoint whose row the keys act on: a detail's own (a related
    /// item's detail is of another endpoint), else the tab's.
    public var actionEndpoint: String { detail?.endpointKey ?? endpointKey }

    /// The actions of that endpoint.
    public var currentActions: [ActionSpec] { endpoints[actionEndpoint]?.actions ?? [] }

    /// The rows an action runs on: the marked rows of the tab's list in
    /// list order (`marked` true), else the current row. In a detail the
    /// marks count only when its row is one of them (a related item's
    /// detail is of another list).
    public var actionRows: (rows: [RowModel], marked: Bool) {
        let current = currentRow.map { [$0] } ?? []
        guard !list.marks.isEmpty, !showingFavorites else { return (current, false) }
        if let detail {
            guard detail.endpointKey == endpointKey, let index = list.rows.index(ofID: detail.rowID),
                  list.marks.contains(index, in: list.rows) else { return (current, false) }
        }
        return (list.marks.indices(in: list.rows).map { list.rows[$0] }, true)
    }

    /// The phase of `row`'s image (nil when it has none).
    public func imagePhase(of row: RowModel) -> ImagePhase? {
        row.imageURL.map(imagePhase(ofURL:))
    }

    /// The phase of the image at `url`: `.off` when images are off, else
    /// where it is (`.new` until it is asked for).
    public func imagePhase(ofURL url: String) -> ImagePhase {
        imagesOff ? .off : images[url] ?? .new
    }

    /// Images are off for this run: no badge column on any tab, no image
    /// wanted (see `imagesOff`).
    public mutating func turnImagesOff() {
        imagesOff = true
        for i in tabs.indices { tabs[i].showsImageBadges = false }
    }
}
