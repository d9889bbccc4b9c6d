import RowboatSpec
import RowboatParsing
import RowboatCore

/// A decoded page's items without its paging facts: what a `PageLoad`
/// from `PageSource` holds. The facts are the load's (`PageLoad.facts`),
/// so a page says them in one place.
public struct PageItems: Sendable, Equatable {
    public var items: [Item]
    /// Items written straight into rows instead (a streamed body decoded
    /// for the list: `PageResult.rows`), after `items`.
    public var rows: WrittenRows?

    public init(items: [Item], rows: WrittenRows? = nil) {
        self.items = items
        self.rows = rows
    }
}

extension PageLoad where Content == PageItems {
    /// The page's items (`content.items`).
    public var items: [Item] { content.items }

    /// A decoded page as the source hands it on: its items the content,
    /// its facts the load's.
    init(page: PageResult, origin: PageOrigin, fetchedAt: Double, final: Bool) {
        self.init(PageItems(items: page.items, rows: page.rows), facts: page.facts, fetchedAt: fetchedAt,
                  origin: origin, final: final)
    }
}
