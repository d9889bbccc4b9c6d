/// One page of the catalog as served by `GET /api/items`.
public struct DemoPage: Sendable, Equatable, Encodable {
    /// The items on this page (empty beyond the last page).
    public let list: [DemoItem]
    /// The 1-based page number that was requested.
    public let page: Int
    /// Number of pages at this page size.
    public let totalPage: Int
    /// Number of items in the whole catalog.
    public let total: Int

    public init(list: [DemoItem], page: Int, totalPage: Int, total: Int) {
        self.list = list
        self.page = page
        self.totalPage = totalPage
        self.total = total
    }
}
