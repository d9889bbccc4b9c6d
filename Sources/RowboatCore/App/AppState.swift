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

/// Things that happen in the app: list actions, resizes, quit.
public enum AppAction: Sendable, Equatable {
    case list(ListAction)
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
