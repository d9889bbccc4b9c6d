import Foundation
import RowboatCore
import RowboatNetwork

/// Performs the effects the reducer asks for, off the UI thread, and posts
/// the resulting actions back. Rows are built here, not on the UI thread.
public final class EffectRunner: Sendable {
    let client: DataClient
    let endpoint: Endpoint
    let post: @Sendable (AppAction) -> Void
    let clock: @Sendable () -> Double

    public init(client: DataClient, endpoint: Endpoint,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                post: @escaping @Sendable (AppAction) -> Void) {
        self.client = client
        self.endpoint = endpoint
        self.clock = clock
        self.post = post
    }

    public func run(_ effect: AppEffect) {
        switch effect {
        case .fetchPage(let id, let cursor):
            Task { await self.fetchPage(id: id, cursor: cursor) }
        }
    }

    /// Fetches one page and posts `.pageLoaded` or `.pageFailed`.
    public func fetchPage(id: Int, cursor: PageCursor) async {
        do {
            let result = try await client.fetchPage(endpoint.key, cursor: cursor)
            let builder = RowModelBuilder(mapping: endpoint.item)
            let load = PageLoad(rows: result.items.map(builder.row), facts: result.facts, fetchedAt: clock())
            post(.list(.pageLoaded(requestID: id, load)))
        } catch {
            post(.list(.pageFailed(requestID: id, message: error.description)))
        }
    }
}
