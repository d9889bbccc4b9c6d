/// One set of rules for a walk over pages, the same for the list (the
/// reducer), `rowboat fetch` and the probe: after each page, the next page,
/// the end of data (`WalkEnd`, by `PagingPlan`'s rules or a page of
/// repeats), or a stop short of it (`WalkStop`: a paging loop, the page
/// cap). Pure: whoever walks does the fetching and counts the items.
///
/// A page of repeats: in the page and offset styles, a page after the first
/// that holds items, none of them new, ends the data (a server that answers
/// past the end with the last page again); in the other styles the cursor
/// moved, so the walk goes on, and `broughtNothingNew` says so (the list
/// stops its automatic loads, the probe drops the guess).
public struct PageWalk: Sendable, Equatable {
    /// Pages landed, the first included.
    public var pages = 0
    /// The server-chosen cursors followed (a loop is one of them again).
    public var trail = CursorTrail()
    /// How many items the first page held: a full page when no size is
    /// sent (kept only for `endOnShortPage`).
    public var firstPageItems: Int?

    public init() {}

    /// A walk that starts at `cursor`.
    public init(from cursor: PageCursor) {
        trail.insert(cursor)
    }

    /// What comes after a page.
    public enum Step: Sendable, Equatable {
        /// The page to fetch next.
        case next(PageCursor)
        /// The data ended.
        case end(WalkEnd)
        /// The walk stops short of the end.
        case stop(WalkStop)

        /// The next page's cursor, if there is one.
        public var cursor: PageCursor? {
            if case .next(let cursor) = self { return cursor }
            return nil
        }
    }

    /// A page fetched with `cursor` landed: `loaded` distinct items are in
    /// now, `fresh` of its items were not seen before. `cap` is the most
    /// pages the walk may take (`paging.maxPages` unless given). A page past
    /// the end (`PageFacts.pastEnd`) or of repeats that ends the data is not
    /// counted.
    public mutating func land(_ facts: PageFacts, from cursor: PageCursor, paging: Paging, loaded: Int, fresh: Int,
                              cap: Int? = nil) -> Step {
        if let why = facts.pastEnd { return .end(why) }
        if Self.isRepeatOfTheEnd(facts, paging: paging, pages: pages, fresh: fresh) { return .end(.repeatedPage) }
        pages += 1
        if pages == 1, paging.endOnShortPage { firstPageItems = facts.itemCount }
        trail.insert(cursor)
        let plan = PagingPlan(paging: paging)
        switch plan.step(after: cursor, page: facts, loadedCount: loaded, fullPage: paging.size ?? firstPageItems) {
        case .end(let why):
            return .end(why)
        case .next(let next):
            if trail.contains(next) { return .stop(.loop(next)) }
            if pages >= (cap ?? paging.maxPages) { return .stop(.pageCap(pages)) }
            return .next(next)
        }
    }

    /// A page of repeats that ends the data (page and offset styles).
    static func isRepeatOfTheEnd(_ facts: PageFacts, paging: Paging, pages: Int, fresh: Int) -> Bool {
        guard pages > 0, facts.itemCount > 0, fresh == 0 else { return false }
        switch paging.style {
        case .pageNumber, .offset: return true
        default: return false
        }
    }

    /// True for a page after the first that brought no item not seen
    /// before (the list then stops loading by itself).
    public func broughtNothingNew(fresh: Int) -> Bool {
        pages > 1 && fresh == 0
    }
}
