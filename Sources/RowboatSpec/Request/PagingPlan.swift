/// Decides which page comes next, or that the data has ended, from the
/// endpoint's paging rules and what the last page said.
///
/// Any rule that says "the end" wins: an empty page (page, offset and
/// lastId styles, or `endOnEmptyPage`), `hasMore == false`, no
/// next cursor / next URL (or the same one again: no progress), the total
/// pages reached (page style; it decides alone when known), or the total
/// count reached.
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
        case .cursor, .nextURL, .link, .lastID: .first
        }
    }

    /// The cursor after `cursor`, given what its page said and how many items
    /// are loaded in all (after de-duplication); nil at the end of data.
    public func next(after cursor: PageCursor, page: PageFacts, loadedCount: Int) -> PageCursor? {
        if page.hasMore == false || (page.itemCount == 0 && paging.endsOnEmptyPage) { return nil }
        let countReached = page.totalCount.map { loadedCount >= $0 } ?? false
        switch paging.style {
        case .none:
            return nil
        case .pageNumber(_, let firstNumber):
            let number: Int
            if case .page(let n) = cursor { number = n } else { number = firstNumber }
            if let totalPages = page.totalPages { return number - firstNumber + 1 < totalPages ? .page(number + 1) : nil }
            return countReached ? nil : .page(number + 1)
        case .offset:
            var offset = 0
            if case .offset(let n) = cursor { offset = n }
            let next = offset + page.itemCount
            if let total = page.totalCount, next >= total { return nil }
            return .offset(next)
        case .cursor:
            return token(page.nextToken, after: cursor, countReached: countReached)
        case .lastID:
            return token(page.lastItemID, after: cursor, countReached: countReached)
        case .nextURL, .link:
            guard let url = page.nextURL, !url.isEmpty, !countReached else { return nil }
            if case .url(let current) = cursor, current == url { return nil }
            return .url(url)
        }
    }

    func token(_ value: String?, after cursor: PageCursor, countReached: Bool) -> PageCursor? {
        guard let value, !value.isEmpty, !countReached else { return nil }
        if case .token(let current) = cursor, current == value { return nil }
        return .token(value)
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
    /// The next cursor the body gave (cursor style).
    public var nextToken: String?
    /// The absolute next-page URL (nextURL and link styles).
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
