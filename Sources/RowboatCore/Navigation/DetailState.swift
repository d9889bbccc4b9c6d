import RowboatSpec

/// The detail screen: the item it shows (kept as it was when opened), how
/// far the text is scrolled, and the strip of related items, if the
/// endpoint declares one.
public struct DetailState: Sendable, Equatable {
    public var row: RowModel
    /// The endpoint the item came from (a related item's is not the tab's).
    public var endpointKey: String
    public var scroll: Int
    public var strip: RelatedStrip?
    /// The fresh detail on its way, or why it could not be had (nil: the
    /// row is all there is, or the fresh detail is in).
    public var load: DetailLoad?

    public init(row: RowModel, endpointKey: String, scroll: Int = 0, strip: RelatedStrip? = nil) {
        self.row = row
        self.endpointKey = endpointKey
        self.scroll = scroll
        self.strip = strip
    }

    /// The id of the item shown.
    public var rowID: String { row.id }
}

/// The related items of a detail: a list of another endpoint, fetched with
/// params taken from the item, shown as a horizontal strip of cards.
public struct RelatedStrip: Sendable, Equatable {
    /// Unique for the session, so an answer for a strip that was popped
    /// finds nothing to land in.
    public var id: Int
    public var endpointKey: String
    /// The strip's heading (the related endpoint's title).
    public var title: String
    public var params: [String: String]
    public var list: ListState

    public init(id: Int, endpointKey: String, title: String, params: [String: String], list: ListState) {
        self.id = id
        self.endpointKey = endpointKey
        self.title = title
        self.params = params
        self.list = list
    }
}
