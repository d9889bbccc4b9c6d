/// Decides which page comes next, or that the data has ended, from the
/// endpoint's paging rules and what the last page said.
///
/// Any rule that says "the end" wins: a page past the end (`endOnStatus`,
/// `endOnMissingList`), `hasMore == false`, an empty page (page, offset and
/// lastId styles, or `endOnEmptyPage`), a short page (`endOnShortPage`), no
/// next cursor / next URL (or the same one again: no progress), the total
/// pages reached (page style; it decides alone when known), or the total
/// count reached. `step` says which (`WalkEnd`); `PageWalk` adds the rules
/// of the walk as a whole (repeats, loops, the page cap).
public struct PagingPlan: Sendable {
    public let paging: Paging

    public init(paging: Paging) {
        self.paging = paging
    }

    /// The cursor of the first page.
    public var first: PageCursor {
        switch paging.style {
        case .none: .page(0)
        case .pageNumber(_, let first): .page(first)
        case .offset: .offset(0)
        case .cursor, .nextURL, .link, .lastID, .nextURLHeader, .continuation: .first
        }
    }

    /// The cursor after `cursor`, given what its page said and how many items
    /// are loaded in all (after de-duplication); nil at the end of data.
    public func next(after cursor: PageCursor, page: PageFacts, loadedCount: Int) -> PageCursor? {
        if case .next(let next) = step(after: cursor, page: page, loadedCount: loadedCount) { return next }
        return nil
    }

    /// What follows a page.
    public enum Step: Sendable, Equatable {
        case next(PageCursor)
        case end(WalkEnd)
    }

    /// The page after `cursor`, or which rule ended the data. `fullPage`
    /// is how many items a full page holds (`size`, else what the first
    /// page held), for `endOnShortPage`.
    public func step(after cursor: PageCursor, page: PageFacts, loadedCount: Int, fullPage: Int? = nil) -> Step {
        if let pastEnd = page.pastEnd { return .end(pastEnd) }
        if page.hasMore == false {
            return .end(paging.isLastPath != nil && paging.hasMorePath == nil ? .isLast : .hasMoreFalse)
        }
        if page.itemCount == 0 && paging.endsOnEmptyPage { return .end(.emptyPage) }
        if paging.endOnShortPage, let full = fullPage ?? paging.size, page.itemCount < full {
            return .end(.shortPage(items: page.itemCount, full: full))
        }
        let countReached = page.totalCount.map { loadedCount >= $0 } ?? false
        let total = WalkEnd.totalCount(page.totalCount ?? 0)
        switch paging.style {
        case .none:
            return .end(.onePage)
        case .pageNumber(_, let firstNumber):
            let number: Int
            if case .page(let n) = cursor { number = n } else { number = firstNumber }
            if let totalPages = page.totalPages {
                return number - firstNumber + 1 < totalPages ? .next(.page(number + 1)) : .end(.lastOfPages(totalPages))
            }
            return countReached ? .end(total) : .next(.page(number + 1))
        case .offset:
            var offset = 0
            if case .offset(let n) = cursor { offset = n }
            let step = paging.offsetStep == .size ? (paging.size ?? page.itemCount) : page.itemCount
            let next = offset + step
            if let count = page.totalCount, next >= count { return .end(total) }
            return .next(.offset(next))
        case .cursor:
            return token(page.nextToken, after: cursor, countReached: countReached, total: total, none: .noNextCursor)
        case .continuation:
            return token(page.nextToken, after: cursor, countReached: countReached, total: total, none: .noContinuation)
        case .lastID:
            return token(page.lastItemID, after: cursor, countReached: countReached, total: total, none: .noNextCursor)
        case .nextURL, .link, .nextURLHeader:
            if countReached { return .end(total) }
            guard let url = page.nextURL, !url.isEmpty else { return .end(.noNextLink) }
            if case .url(let current) = cursor, current == url { return .end(.sameNextLink) }
            return .next(.url(url))
        }
    }

    func token(_ value: String?, after cursor: PageCursor, countReached: Bool, total: WalkEnd, none: WalkEnd) -> Step {
        if countReached { return .end(total) }
        guard let value, !value.isEmpty else { return .end(none) }
        if case .token(let current) = cursor, current == value { return .end(.sameCursor) }
        return .next(.token(value))
    }
}

/// What a page said about paging, apart from its items.
public struct PageFacts: Sendable, Equatable {
    /// Items in the page as received (before de-duplication).
    public var itemCount: Int
    public var totalPages: Int?
    public var totalCount: Int?
    /// The page's has-more flag, when the endpoint reads one.
    public var hasMore: Bool?
    /// The next cursor the body gave (cursor style), or the continuation
    /// object's members as a query (continuation style).
    public var nextToken: String?
    /// The absolute next-page URL (nextURL, nextURL header and link styles).
    public var nextURL: String?
    /// The last item's mapped id (lastId style).
    public var lastItemID: String?
    /// Configured paging paths (`paging.nextCursor "data.after"`) that
    /// the body does not hold at all: on a first page, most likely a typo.
    public var absentPaths: [String] = []
    /// More items of the same response follow (a body decoded while it
    /// arrives): these are appended, and the paging facts come with the
    /// last part.
    public var continues = false
    /// The page was past the end (an `endOnStatus` status, or no list with
    /// `endOnMissingList`): it holds nothing and ends the data.
    public var pastEnd: WalkEnd?

    public init(itemCount: Int, totalPages: Int? = nil, totalCount: Int? = nil, hasMore: Bool? = nil,
                nextToken: String? = nil, nextURL: String? = nil, lastItemID: String? = nil) {
        self.itemCount = itemCount
        self.totalPages = totalPages
        self.totalCount = totalCount
        self.hasMore = hasMore
        self.nextToken = nextToken
        self.nextURL = nextURL
        self.lastItemID = lastItemID
    }
}
