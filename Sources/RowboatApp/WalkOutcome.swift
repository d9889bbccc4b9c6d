import RowboatSpec

/// How a walk over pages (`PageSource.walk`) ended.
public enum WalkOutcome: Sendable, Equatable {
    /// The paging rules said the data has ended.
    case endOfData(pages: Int)
    /// The safety cap on pages was reached first.
    case capReached(pages: Int)
    /// The server sent a cursor (or next-page URL) that the walk had already
    /// followed: a paging loop. `pages` were fetched; the repeat was not.
    case loop(pages: Int, repeated: PageCursor)

    /// The one-line notice for stderr when the walk stopped short of the
    /// end of data; nil when the data ended.
    public var notice: String? {
        switch self {
        case .endOfData: nil
        case .capReached(let pages): WalkStop.pageCap(pages).notice(pages: pages)
        case .loop(let pages, let repeated): WalkStop.loop(repeated).notice(pages: pages)
        }
    }
}

extension WalkOutcome {
    /// True when the walk ended on a paging loop.
    public var isLoop: Bool {
        if case .loop = self { return true }
        return false
    }
}
