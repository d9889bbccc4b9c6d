/// Things that happen to a list: keys the user pressed and answers that came
/// back from the effect runner.
public enum ListAction: Sendable, Equatable {
    /// The screen opened: fetch the first page.
    case appeared
    case refresh
    case loadMore
    case retry
    case move(Movement)
    /// How many rows the viewport shows now.
    case viewportChanged(rows: Int)
    case pageLoaded(requestID: Int, PageLoad)
    case pageFailed(requestID: Int, message: String)
}

/// A selection movement.
public enum Movement: Sendable, Equatable {
    case up, down, pageUp, pageDown, home, end
    case to(Int)
}

/// A page as the effect runner delivers it: rows ready to render, paging
/// facts and when it was fetched.
public struct PageLoad: Sendable, Equatable {
    public var rows: [RowModel]
    public var facts: PageFacts
    public var fetchedAt: Double

    public init(rows: [RowModel], facts: PageFacts, fetchedAt: Double) {
        self.rows = rows
        self.facts = facts
        self.fetchedAt = fetchedAt
    }

    public init(rows: [RowModel], totalPages: Int? = nil, totalCount: Int? = nil, fetchedAt: Double) {
        self.init(rows: rows, facts: PageFacts(itemCount: rows.count, totalPages: totalPages, totalCount: totalCount),
                  fetchedAt: fetchedAt)
    }
}

/// IO the reducer asks for, as plain data; the effect runner performs it.
public enum ListEffect: Sendable, Equatable {
    case fetchPage(requestID: Int, cursor: PageCursor)
}
