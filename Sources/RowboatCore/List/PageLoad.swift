import RowboatSpec

/// A page as it arrives, the one shape a page has from the page source to
/// the list's reducer: what it holds (`content`), its paging facts, when
/// it was fetched, where it came from, and whether it is the request's
/// last answer (a cached page that the network will replace, and a
/// streamed body's parts, are not `final`: the request stays in flight).
///
/// The list takes its rows as a table already written off the UI thread
/// (`PageLoad<RowTable>`: the list adopts its pages, see
/// `RowTable.append(table:)`); the page source hands on the decoded items
/// (`PageLoad<PageItems>`), which the config's provider writes into rows
/// and `fetch` prints. The facts are the load's alone: no content carries
/// its own.
public struct PageLoad<Content: Sendable>: Sendable {
    public var content: Content
    public var facts: PageFacts
    public var fetchedAt: Double
    public var origin: PageOrigin
    public var final: Bool
    /// A stream's part: what its events said beside their rows.
    public var stream: StreamNews?

    public init(_ content: Content, facts: PageFacts, fetchedAt: Double, origin: PageOrigin = .network,
                final: Bool = true) {
        self.content = content
        self.facts = facts
        self.fetchedAt = fetchedAt
        self.origin = origin
        self.final = final
    }

    /// The same arrival holding `transform(content)`.
    public func map<Other: Sendable>(_ transform: (Content) throws -> Other) rethrows -> PageLoad<Other> {
        var load = PageLoad<Other>(try transform(content), facts: facts, fetchedAt: fetchedAt, origin: origin,
                                   final: final)
        load.stream = stream
        return load
    }
}

extension PageLoad: Equatable where Content: Equatable {}

extension PageLoad where Content == RowTable {
    /// The list's rows.
    public var rows: RowTable {
        get { content }
        set { content = newValue }
    }

    public init(rows: [RowModel], facts: PageFacts, fetchedAt: Double, origin: PageOrigin = .network,
                final: Bool = true) {
        self.init(RowTable(rows), facts: facts, fetchedAt: fetchedAt, origin: origin, final: final)
    }

    /// A page whose rows were written into `table` by whoever made it.
    public init(table: RowTable, facts: PageFacts, fetchedAt: Double, origin: PageOrigin = .network,
                final: Bool = true) {
        self.init(table, facts: facts, fetchedAt: fetchedAt, origin: origin, final: final)
    }

    public init(rows: [RowModel], totalPages: Int? = nil, totalCount: Int? = nil, fetchedAt: Double,
                origin: PageOrigin = .network, final: Bool = true) {
        self.init(rows: rows, facts: PageFacts(itemCount: rows.count, totalPages: totalPages, totalCount: totalCount),
                  fetchedAt: fetchedAt, origin: origin, final: final)
    }
}
