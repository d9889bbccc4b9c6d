/// Decides which page comes next, or that the data has ended, from the
/// endpoint's paging rules and what the last page said.
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
        }
    }

    /// The cursor after `cursor`, given what its page said and how many items
    /// are loaded in all (after de-duplication); nil at the end of data.
    public func next(after cursor: PageCursor, page: PageFacts, loadedCount: Int) -> PageCursor? {
        guard case .pageNumber(_, let firstNumber) = paging.style else { return nil }
        let number: Int
        switch cursor {
        case .first: number = firstNumber
        case .page(let n): number = n
        }
        if page.itemCount == 0 { return nil }
        if let totalPages = page.totalPages { return number - firstNumber + 1 < totalPages ? .page(number + 1) : nil }
        if let totalCount = page.totalCount { return loadedCount < totalCount ? .page(number + 1) : nil }
        return .page(number + 1)
    }
}

/// What a page said about paging, apart from its items.
public struct PageFacts: Sendable, Equatable {
    /// Items in the page as received (before de-duplication).
    public var itemCount: Int
    public var totalPages: Int?
    public var totalCount: Int?

    public init(itemCount: Int, totalPages: Int? = nil, totalCount: Int? = nil) {
        self.itemCount = itemCount
        self.totalPages = totalPages
        self.totalCount = totalCount
    }
}
