import RowboatSpec

/// The fresh detail of an endpoint that loads its own when it opens (a
/// kit's detail hook): "loading…" until it comes, then its fields in
/// place of the row's; a failure says why, and the refresh key asks again.
/// An answer for a detail no longer open is dropped.
extension AppReducer {
    static func reduceDetailLoad(_ state: inout AppState, _ action: DetailLoadAction) -> [AppEffect] {
        guard var detail = state.detail else { return [] }
        switch action {
        case .loaded(let endpoint, let row):
            guard detail.endpointKey == endpoint, detail.rowID == row.id, detail.load != nil else { return [] }
            detail.row = row
            detail.load = nil
        case .failed(let endpoint, let rowID, let message):
            guard detail.endpointKey == endpoint, detail.rowID == rowID, detail.load != nil else { return [] }
            detail.load = .failed(message)
        case .retry:
            guard case .failed? = detail.load else { return [] }
            detail.load = .loading
            state.replaceTop(.detail(detail))
            return [.loadDetail(endpoint: detail.endpointKey, row: detail.row)]
        }
        state.replaceTop(.detail(detail))
        return []
    }
}

/// What happens to a detail that loads its own.
public enum DetailLoadAction: Sendable, Equatable {
    /// The fresh detail of row `row.id` arrived.
    case loaded(endpoint: String, RowModel)
    case failed(endpoint: String, rowID: String, message: String)
    /// Ask for it again (after a failure).
    case retry
}

/// A detail's own load in progress or failed.
public enum DetailLoad: Sendable, Equatable {
    case loading
    case failed(String)
}
