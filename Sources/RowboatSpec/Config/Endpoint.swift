/// One endpoint key of a config: its URL, static params, paging, response
/// shape, item mapping and table columns.
public struct Endpoint: Sendable, Equatable {
    public var key: String
    /// Absolute URL, or a path relative to the config's `server`.
    public var url: String
    public var method: HTTPMethodName?
    public var params: [String: ParamValue]
    public var headers: [String: String]
    public var paging: Paging
    public var response: ResponseShape
    public var item: ItemMapping
    public var columns: [ColumnSpec]
    /// How pages are got (network and/or cache); `network` when not set.
    public var mode: GetMode
    /// Filter and sort sections and the server search param.
    public var query: QueryOptions
    /// A JSON request body as the config writes it (typed), into which
    /// `$.`-named values are placed; POST only.
    public var body: JSONValue?
    /// The name on its tab; nil: the key.
    public var title: String?
    /// Related items shown in an item's detail, if any.
    public var related: RelatedSpec?
    /// The body size cap for this endpoint; nil: `communication.maxBodyBytes`.
    public var maxBodyBytes: Int?
    /// The whole-request deadline for this endpoint; nil: `communication.timeout`.
    public var timeoutSeconds: Double?
    /// This endpoint's own actions (after the config's top-level ones).
    public var actions: [ActionSpec] = []
    /// `refresh.every`: a live list's first page is fetched again this
    /// often (seconds) while it is on screen; nil: not live.
    public var refreshEvery: Double?
    /// `refresh.gone`: what a tick does with rows gone from the first page
    /// (shown dimmed for a tick, then kept — or dropped).
    public var refreshGone: GoneRows = .keep
    /// `stream:`: the endpoint is a stream of items, not pages; nil: pages.
    public var stream: StreamSpec?
    /// `notify:`: when a row that comes sends a notification.
    public var notify: [NotifyRule] = []
    /// `views:`: named views of the list, shown as sub-tabs under the tab line.
    public var views: [ViewSpec] = []

    public init(key: String, url: String, method: HTTPMethodName? = nil,
                params: [String: ParamValue] = [:], headers: [String: String] = [:],
                paging: Paging = Paging(), response: ResponseShape = ResponseShape(),
                item: ItemMapping, columns: [ColumnSpec] = [], mode: GetMode = .network,
                query: QueryOptions = QueryOptions()) {
        self.key = key
        self.url = url
        self.method = method
        self.params = params
        self.headers = headers
        self.paging = paging
        self.response = response
        self.item = item
        self.columns = columns
        self.mode = mode
        self.query = query
    }

    /// The endpoint's title for its tab and strips: `title`, else the key.
    public var displayTitle: String { title ?? key }
}

/// How an endpoint pages, and how the end of data is recognised.
///
/// The data ends at the first page that says so by any configured rule: an
/// empty page, a false has-more flag, a missing next cursor / next URL /
/// `Link: rel="next"`, or the total pages / total count (from a body path or
/// a response header) being reached.
public struct Paging: Sendable, Equatable {
    /// How the next page is asked for.
    public enum Style: Sendable, Equatable {
        /// A single page: no paging parameters.
        case none
        /// A page number parameter, counting from `first` (0 or 1).
        case pageNumber(param: String, first: Int)
        /// An item offset parameter starting at 0; the next offset is the
        /// offset plus the items received.
        case offset(param: String)
        /// An opaque cursor read from the body at `next`, sent back as `param`.
        case cursor(param: String, next: JSONPath)
        /// A full next-page URL read from the body at `path`, fetched as is.
        case nextURL(path: JSONPath)
        /// The `Link` response header's `rel="next"` URL, fetched as is.
        case link
        /// The last item's mapped id, sent as `param`.
        case lastID(param: String)
        /// A full next-page URL read from the response header `name`
        /// (`Next-Page: <url>`; angle brackets optional), fetched as is.
        case nextURLHeader(name: String)
        /// An object read from the body at `path` whose members all go back
        /// as params (MediaWiki's `continue: {"sroffset": 20, "continue":
        /// "-||"}`), until it is absent, null or empty.
        case continuation(path: JSONPath)
    }

    public var style: Style
    /// Parameter carrying the page size, and the size sent.
    public var sizeParam: String?
    public var size: Int?
    /// Where the body says how many pages / items there are.
    public var totalPagesPath: JSONPath?
    public var totalCountPath: JSONPath?
    /// Response headers saying how many pages / items there are (used when
    /// the body path is not configured or finds nothing).
    public var totalPagesHeader: String?
    public var totalCountHeader: String?
    /// Where the body holds a has-more flag (false ends the data).
    public var hasMorePath: JSONPath?
    /// Safety cap on pages walked by `--pages all`.
    public var maxPages: Int
    /// Cursor style: `next` is a path inside the last list element, not
    /// from the body's root (Elasticsearch's `sort` for `search_after`).
    public var cursorInLastItem = false
    /// How a cursor or last id is sent back.
    public var cursorFormat: CursorFormat = .text
    /// Cursor, nextURL and link styles: an empty page ends the data even
    /// while the page still gives a next cursor or URL (by default those
    /// styles end only when the cursor does).
    public var endOnEmptyPage = false
    /// A page with fewer items than a full one (`size`, else the first
    /// page's count) ends the data.
    public var endOnShortPage = false
    /// Statuses that, answering a page after the first, mean "past the end"
    /// (404, 400, 416): the data ends there instead of failing.
    public var endOnStatus: [Int] = []
    /// A page after the first whose body lacks the list (an object saying
    /// "no such page") ends the data instead of failing.
    public var endOnMissingList = false
    /// Offset style: how far the offset moves after a page.
    public var offsetStep: OffsetStep = .items
    /// Cursor style: the response header that holds the next cursor
    /// (instead of the body path).
    public var nextCursorHeader: String?
    /// Where the body holds an is-last flag (true ends the data: Spring's `last`).
    public var isLastPath: JSONPath?
    /// A response header whose value is a JSON object holding the paging
    /// facts (`X-Pagination: {"total_pages": 3, …}`): the paging paths
    /// (totals, flags, cursors, next URL, continuation) are read in it
    /// instead of in the body.
    public var pagingHeader: String?

    public static let defaultMaxPages = 1000

    /// How far the offset moves after a page.
    public enum OffsetStep: String, Sendable, Equatable, CaseIterable {
        /// By the items the page held (the default).
        case items
        /// By the page size asked for (`size`), whatever the page held.
        case size
    }

    public init(style: Style = .none, sizeParam: String? = nil, size: Int? = nil,
                totalPagesPath: JSONPath? = nil, totalCountPath: JSONPath? = nil,
                totalPagesHeader: String? = nil, totalCountHeader: String? = nil,
                hasMorePath: JSONPath? = nil, maxPages: Int = Paging.defaultMaxPages) {
        self.style = style
        self.sizeParam = sizeParam
        self.size = size
        self.totalPagesPath = totalPagesPath
        self.totalCountPath = totalCountPath
        self.totalPagesHeader = totalPagesHeader
        self.totalCountHeader = totalCountHeader
        self.hasMorePath = hasMorePath
        self.maxPages = maxPages
    }
}

/// Where the list sits in a response and how server success is checked.
public struct ResponseShape: Sendable, Equatable {
    /// Path to the array of items; the empty path means the root is the array.
    public var listPath: JSONPath
    /// Path to a success flag or code, and the values that mean success.
    public var successPath: JSONPath?
    public var successValues: [String]
    /// Path to the server's message, shown when the success check fails.
    public var messagePath: JSONPath?
    /// One JSON document, or one per line (NDJSON); anti-XSSI prefixes are always dropped.
    public var format: ResponseFormat = .auto
    /// The list is an object whose values are the items (its keys read by `$key`).
    public var keyed = false
    /// Where the body holds the column names of a list whose items are
    /// arrays (`{"columns": ["id", "name"], "rows": [[1, "x"]]}`): each
    /// row becomes an object of those names before it is mapped.
    public var columnNamesPath: JSONPath?

    public init(listPath: JSONPath = JSONPath("")!, successPath: JSONPath? = nil,
                successValues: [String] = [], messagePath: JSONPath? = nil) {
        self.listPath = listPath
        self.successPath = successPath
        self.successValues = successValues
        self.messagePath = messagePath
    }
}

/// A table column: which mapped field it shows, its header and its width.
public struct ColumnSpec: Sendable, Equatable {
    /// How a column's width is decided.
    public enum Width: Sendable, Equatable {
        case fixed(Int)
        /// A share of the space left after fixed columns, never below `min`.
        case weight(Int, min: Int)
    }
    /// Horizontal alignment of a column's text.
    public enum Alignment: String, Sendable, Equatable {
        case left, right
    }

    public var field: String
    public var title: String
    public var width: Width
    public var alignment: Alignment

    public init(field: String, title: String, width: Width, alignment: Alignment = .left) {
        self.field = field
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}

/// `refresh.gone`: rows a live tick finds gone from the first page are
/// shown dimmed until the next tick, then kept as any row, or dropped.
public enum GoneRows: String, Sendable, Equatable, CaseIterable {
    case keep
    case drop

    /// The ids of `before` (a first page) that `after` no longer has, but
    /// for those the new rows pushed past the page's end: the old page's
    /// last rows, when all after them are missing too, as many as `after`
    /// has ids `before` had not. Gone, not moved down. (The one rule of
    /// the list's ticks and `fetch --watch --changes`.)
    public static func ids(from before: [String], to after: [String]) -> [String] {
        let now = Set(after), was = Set(before)
        let added = after.reduce(0) { $0 + (was.contains($1) ? 0 : 1) }
        var trailing = 0
        while trailing < before.count, !now.contains(before[before.count - 1 - trailing]) { trailing += 1 }
        let pushed = min(added, trailing)
        return before.dropLast(pushed).filter { !now.contains($0) }
    }
}
