import RowboatSpec

/// One decoded page: its mapped items and what the body and headers say
/// about paging (`facts`, whose `itemCount` follows `items` and `rows`).
/// The facts' fields read as the page's own: `page.nextToken` is
/// `page.facts.nextToken`.
@dynamicMemberLookup
public struct PageResult: Sendable, Equatable {
    public var items: [Item] {
        didSet { facts.itemCount = items.count + (rows?.count ?? 0) }
    }
    /// Items written straight into rows instead (a streamed body decoded
    /// for the list: `StreamingPageDecoder.feed(_:writer:into:)`), after `items`.
    public var rows: WrittenRows? {
        didSet { facts.itemCount = items.count + (rows?.count ?? 0) }
    }
    public var facts: PageFacts

    /// `facts` default to none but the count; their `itemCount` is `items.count`.
    public init(items: [Item], facts: PageFacts = PageFacts(itemCount: 0)) {
        self.items = items
        self.facts = facts
        self.facts.itemCount = items.count
    }

    public subscript<T>(dynamicMember path: KeyPath<PageFacts, T>) -> T {
        facts[keyPath: path]
    }
}
