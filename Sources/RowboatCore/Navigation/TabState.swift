import RowboatSpec

/// One endpoint of the config as a tab: its list, query, view mode and
/// screen stack, all kept while another tab is shown.
public struct TabState: Sendable, Equatable {
    public var endpointKey: String
    /// The name on the tabs line (the endpoint's `title`, else its key).
    public var title: String
    /// The columns shown (as the config says, or as the user arranged them).
    public var columns: [ColumnSpec]
    /// The config's columns, which the columns panel restores.
    public var configColumns: [ColumnSpec]
    public var list: ListState
    /// Filters, sort and server search in force.
    public var query = QueryState()
    /// Table or grid of cards.
    public var viewMode: ViewMode = .table
    /// The endpoint maps an image: the table shows a badge column.
    public var showsImageBadges = false
    /// Screens pushed over the list, bottom first.
    public var stack: [Screen] = []
    /// The tab was shown at least once (its first page was asked for).
    public var visited = false
    /// When its `notify:` rules last sent a notification.
    public var notifyGate = NotifyGate()
    /// The view last applied (`V`, or a sub-tab), as the list was right
    /// after it: the status bar names it, and says when the list has
    /// changed since; nil: none.
    public var view: ViewSpec?
    /// The columns added in the columns panel whose values are jq
    /// expressions (`ExpressionColumn`), each shown among `columns`.
    public var expressionColumns: [ExpressionColumn] = []
    /// The last `searchRows` request's number.
    public var lastSearchID = 0

    public init(endpointKey: String, title: String? = nil, columns: [ColumnSpec], list: ListState = ListState()) {
        self.endpointKey = endpointKey
        self.title = title ?? endpointKey
        self.columns = columns
        self.configColumns = columns
        self.list = list
    }

    /// The screen on top of the stack; nil when the list itself is shown.
    public var top: Screen? { stack.last }
}

/// How the list is shown.
public enum ViewMode: Sendable, Equatable {
    case table, grid
}
