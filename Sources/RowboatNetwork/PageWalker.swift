import RowboatCore

/// How a walk over pages ended.
public enum WalkOutcome: Sendable, Equatable {
    /// The paging rules said the data has ended.
    case endOfData(pages: Int)
    /// The safety cap on pages was reached first.
    case capReached(pages: Int)
}

extension DataClient {
    /// Fetches pages of `endpointKey` from the first until the end of data
    /// or `maxPages` (default: the endpoint's `paging.maxPages`), handing
    /// each page to `onPage` as it arrives. Items are de-duplicated by id
    /// for the end-of-data count, as the list does.
    public func walk(_ endpointKey: String, params: [String: ParamValue] = [:], maxPages: Int? = nil,
                     onPage: (PageResult) async throws -> Void) async throws -> WalkOutcome {
        guard let endpoint = config.endpoint(endpointKey) else { throw DataError.unknownEndpoint(endpointKey) }
        let plan = PagingPlan(paging: endpoint.paging)
        let cap = maxPages ?? endpoint.paging.maxPages
        var cursor: PageCursor? = plan.first
        var seen = Set<String>()
        var pages = 0
        while let current = cursor {
            if pages >= cap { return .capReached(pages: pages) }
            let page = try await fetchPage(endpointKey, cursor: current, params: params)
            pages += 1
            for item in page.items { seen.insert(item.id) }
            try await onPage(page)
            cursor = plan.next(after: current, page: page.facts, loadedCount: seen.count)
        }
        return .endOfData(pages: pages)
    }
}
