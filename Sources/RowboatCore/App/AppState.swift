/// The whole TUI state: which endpoint is browsed, its list, the terminal
/// size and whether the user asked to quit.
public struct AppState: Sendable, Equatable {
    /// Rows taken by chrome: header, footer and status bar.
    public static let chromeRows = 3
    /// Below this size the UI shows a "terminal too small" notice.
    public static let minimumSize = TerminalSize(columns: 30, rows: 6)

    public var endpointKey: String
    public var columns: [ColumnSpec]
    public var list: ListState
    public var size: TerminalSize
    /// The detail screen over the list, when open.
    public var detail: DetailState?
    /// The help overlay is shown.
    public var showHelp = false
    public var shouldQuit = false

    public init(endpointKey: String, columns: [ColumnSpec], list: ListState = ListState(),
                size: TerminalSize = TerminalSize(columns: 80, rows: 24)) {
        self.endpointKey = endpointKey
        self.columns = columns
        self.list = list
        self.size = size
        self.list.viewportRows = Self.viewportRows(for: size)
    }

    /// True when the terminal is below the minimum size.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    static func viewportRows(for size: TerminalSize) -> Int {
        max(1, size.rows - chromeRows)
    }
}

/// A terminal size in character cells.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// The detail screen: which row it shows and how far it is scrolled.
public struct DetailState: Sendable, Equatable {
    public var rowID: String
    public var scroll: Int

    public init(rowID: String, scroll: Int = 0) {
        self.rowID = rowID
        self.scroll = scroll
    }
}

/// Things that happen in the app: list actions, screens, resizes, quit.
public enum AppAction: Sendable, Equatable {
    case list(ListAction)
    case openDetail
    case closeDetail
    case scrollDetail(Int)
    case toggleHelp
    case resized(TerminalSize)
    case quit
}

/// IO the app asks for, as plain data.
public enum AppEffect: Sendable, Equatable {
    case fetchPage(requestID: Int, cursor: PageCursor)
}

/// The app reducer: routes actions to the list and handles app-wide ones.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .list(let a):
            return ListReducer.reduce(&state.list, a).map(effect)
        case .resized(let size):
            state.size = size
            return ListReducer.reduce(&state.list, .viewportChanged(rows: AppState.viewportRows(for: size))).map(effect)
        case .openDetail:
            guard let row = state.list.selectedRow else { return [] }
            state.detail = DetailState(rowID: row.id)
            return []
        case .closeDetail:
            state.detail = nil
            return []
        case .scrollDetail(let delta):
            if var detail = state.detail {
                detail.scroll = max(0, detail.scroll + delta)
                state.detail = detail
            }
            return []
        case .toggleHelp:
            state.showHelp.toggle()
            return []
        case .quit:
            state.shouldQuit = true
            return []
        }
    }

    static func effect(_ e: ListEffect) -> AppEffect {
        switch e {
        case .fetchPage(let id, let cursor): .fetchPage(requestID: id, cursor: cursor)
        }
    }
}
