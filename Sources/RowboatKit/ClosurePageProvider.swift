import Foundation
import RowboatCore
import RowboatSpec
import Synchronization

/// A `ListController`'s data source: its reload closure for the first page
/// (cursor page 0) and its load-more closure for the next ones, mapped
/// into pages the runtime pages on (`isLast` ends the data).
final class ClosurePageProvider: PageProvider {
    let reload: @Sendable () async throws -> ListPage
    let loadMore: (@Sendable (ListLoadMore) async throws -> ListPage)?
    /// A live tick's first page (nil: the reload's).
    let live: (@Sendable () async throws -> ListPage)?
    /// The search hook: the pages of what the source holds for a query
    /// (nil: `/` searches the loaded rows only).
    let search: (@Sendable (String, ListLoadMore) async throws -> ListPage)?
    let clock: @Sendable () -> Double
    /// Makes the runtime's rows (noting the actions that do not apply).
    let modeller: RowModeller
    /// The detail hook (nil: the row is the detail).
    let detailHook: (@Sendable (ListRow) async throws -> ListDetail)?
    /// What was loaded so far (reset by each first page): the count and
    /// the last row, for the next load-more.
    let loaded = Mutex<(count: Int, last: ListRow?)>((0, nil))

    init(reload: @escaping @Sendable () async throws -> ListPage,
         loadMore: (@Sendable (ListLoadMore) async throws -> ListPage)?,
         live: (@Sendable () async throws -> ListPage)? = nil,
         search: (@Sendable (String, ListLoadMore) async throws -> ListPage)? = nil,
         clock: @escaping @Sendable () -> Double,
         modeller: RowModeller = RowModeller(appliesTo: []),
         detail: (@Sendable (ListRow) async throws -> ListDetail)? = nil) {
        self.modeller = modeller
        self.detailHook = detail
        self.reload = reload
        self.loadMore = loadMore
        self.live = live
        self.search = search
        self.clock = clock
    }

    func load(_ request: PageRequest, deliver: @escaping @Sendable (PageLoad<RowTable>) -> Void) async throws {
        guard case .page(let number) = request.cursor else { return }
        let page: ListPage
        if let query = request.params[Self.searchParam], let search {
            if request.live {
                // A live tick asks again for as many of the search's rows as are loaded (a snapshot
                // of them all; the first page alone would drop the rest).
                let wanted = loaded.withLock { $0.count }
                var rows: [ListRow] = []
                var part: ListPage
                var asked = 0
                repeat {
                    part = try await search(query, ListLoadMore(page: asked, loadedCount: rows.count, lastRow: rows.last))
                    rows += part.rows
                    asked += 1
                } while !part.isLast && !part.rows.isEmpty && rows.count < wanted
                page = ListPage(rows, isLast: part.isLast, total: part.total)
            } else {
                let so = number == 0 ? (count: 0, last: nil) : loaded.withLock { $0 }
                page = try await search(query, ListLoadMore(page: number, loadedCount: so.count, lastRow: so.last))
                loaded.withLock { $0 = number == 0 ? (page.rows.count, page.rows.last) : ($0.count + page.rows.count, page.rows.last ?? $0.last) }
            }
        } else if request.live {
            // Merged into the rows: where the next load-more starts does not move.
            page = try await (live ?? reload)()
        } else if number == 0 {
            page = try await reload()
            loaded.withLock { $0 = (page.rows.count, page.rows.last) }
        } else {
            guard let loadMore else {
                deliver(Self.load(ListPage([ListRow](), isLast: true), at: clock(), modeller: modeller))
                return
            }
            let so = loaded.withLock { $0 }
            page = try await loadMore(ListLoadMore(page: number, loadedCount: so.count, lastRow: so.last))
            loaded.withLock { $0 = ($0.count + page.rows.count, page.rows.last ?? $0.last) }
        }
        try Task.checkCancellation()
        deliver(Self.load(page, at: clock(), modeller: modeller))
    }

    func detail(of row: RowModel, endpoint: String) async throws -> RowModel {
        guard let detailHook else { return row }
        return try await detailHook(ListRow(model: row)).model(of: row)
    }

    static func load(_ page: ListPage, at time: Double, modeller: RowModeller) -> PageLoad<RowTable> {
        PageLoad(rows: page.rows.map(modeller.model), facts: PageFacts(itemCount: page.rows.count, totalCount: page.total,
                                                                           hasMore: !page.isLast),
                 fetchedAt: time, origin: .network, final: true)
    }

    /// The param a search's query goes in (the runtime's server search).
    static let searchParam = "query"

    /// Paging by page number from 0, ended by `isLast`.
    static let paging = Paging(style: .pageNumber(param: "page", first: 0))
}
