import RowboatSpec

/// A screen pushed over a tab's list: the favorites list, the results of a
/// `/` search, or an item's detail. The list itself is the bottom of every
/// tab's stack and is not in it.
public enum Screen: Sendable, Equatable {
    case favorites(selection: Int)
    case search(SearchState)
    case detail(DetailState)
}

/// What sits over the screens, at most one at a time. Help remembers the
/// overlay it was opened over and gives it back when closed.
public indirect enum Overlay: Sendable, Equatable {
    case filterPanel(FilterPanel)
    case sheet(ActionSheet)
    case dialog(ConfirmDialog)
    /// A program's output (`O`).
    case output(OutputPager)
    /// The columns panel (`c`).
    case columns(ColumnsPanel)
    /// The views panel (`V`).
    case views(ViewsPanel)
    case help(over: Overlay?)
}

/// The detail screen: the item it shows (kept as it was when opened), how
/// far the text is scrolled, and the strip of related items, if the
/// endpoint declares one.
public struct DetailState: Sendable, Equatable {
    public var row: RowModel
    /// The endpoint the item came from (a related item's is not the tab's).
    public var endpointKey: String
    public var scroll: Int
    public var strip: RelatedStrip?
    /// The fresh detail on its way, or why it could not be had (nil: the
    /// row is all there is, or the fresh detail is in).
    public var load: DetailLoad?

    public init(row: RowModel, endpointKey: String, scroll: Int = 0, strip: RelatedStrip? = nil) {
        self.row = row
        self.endpointKey = endpointKey
        self.scroll = scroll
        self.strip = strip
    }

    /// The id of the item shown.
    public var rowID: String { row.id }
}

/// The related items of a detail: a list of another endpoint, fetched with
/// params taken from the item, shown as a horizontal strip of cards.
public struct RelatedStrip: Sendable, Equatable {
    /// Unique for the session, so an answer for a strip that was popped
    /// finds nothing to land in.
    public var id: Int
    public var endpointKey: String
    /// The strip's heading (the related endpoint's title).
    public var title: String
    public var params: [String: String]
    public var list: ListState

    public init(id: Int, endpointKey: String, title: String, params: [String: String], list: ListState) {
        self.id = id
        self.endpointKey = endpointKey
        self.title = title
        self.params = params
        self.list = list
    }
}

/// Which list a page request is for: a tab's (by endpoint key) or a
/// related strip's (by its id). Answers are routed by it, so a request of
/// a tab you left lands in that tab, and one for a popped strip nowhere.
public enum ListID: Sendable, Hashable {
    case tab(String)
    case strip(Int)
}

/// The part of the app the keys go to, decided in one place
/// (`AppState.focus`): the overlay if there is one, else the top screen.
public enum Focus: Sendable, Equatable {
    case help, dialog, sheet, filterPanel, output, columnsPanel
    case viewsPanel
    case detail
    case searchPrompt, searchResults
    case favorites
    case list
}

/// What the app knows of each endpoint of the config, tab or not: its
/// title, how it pages (for a related strip's list) and its related items.
public struct EndpointInfo: Sendable, Equatable {
    public var title: String
    public var paging: Paging
    public var related: RelatedSpec?
    /// What can be done to its rows (the config's actions, or a kit
    /// program's), in the order the sheet lists them.
    public var actions: [ActionSpec]
    /// Its rows' detail comes from a loader of its own when it opens (a
    /// kit's detail hook), not from the row alone.
    public var loadsDetail = false
    /// Its static params, for `${params.…}` in action templates.
    public var params: [String: ParamValue]
    /// The fields it maps (the columns panel lists them; their types
    /// decide how a local sort compares).
    public var fields: [FieldInfo]
    /// The views its config declares (`views:`), shown as sub-tabs.
    public var views: [ViewSpec] = []

    public init(title: String, paging: Paging = Paging(), related: RelatedSpec? = nil, actions: [ActionSpec] = [],
                params: [String: ParamValue] = [:], fields: [FieldInfo] = []) {
        self.title = title
        self.paging = paging
        self.related = related
        self.actions = actions
        self.params = params
        self.fields = fields
    }
}
