import Foundation
import RowboatCache
import RowboatCore
import RowboatSpec
import RowboatParsing
import RowboatNetwork

/// Gets pages by get mode, combining the `DataClient` with the on-disk
/// `CacheStore`: serves fresh cached pages, revalidates stale ones with
/// If-None-Match / If-Modified-Since (a 304 only refreshes the timestamps),
/// stores what the server sends, and falls back to the cache when the
/// server cannot be reached. Cache failures never reach the caller.
public final class PageSource: Sendable {
    public let client: DataClient
    public let store: CacheStore?
    let clock: @Sendable () -> Double

    public init(client: DataClient, store: CacheStore?,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.client = client
        self.store = store
        self.clock = clock
    }

    /// Gets one page of `endpoint` in `mode`, calling `deliver` once, or
    /// twice for cache-then-network with a cached copy (first not final),
    /// each time with the decoded page's items, its facts and how it arrived
    /// (`PageLoad<PageItems>`).
    /// A huge body from the network whose list can stream is delivered in
    /// parts while it arrives (`facts.continues`, not final), then the last
    /// part with the paging facts; with `rows`, the streamed items come
    /// written into rows as `rows` builds them (`PageItems.rows`). Throws
    /// when no final page could be got
    /// (cache-only: `.cacheMiss`, or `.cacheUnusable` with the reason the
    /// cache could not be opened).
    public func get(_ endpoint: Endpoint, cursor: PageCursor, params: [String: ParamValue] = [:], mode: GetMode,
                    streaming: Bool = true, rows: RowModelBuilder? = nil,
                    deliver: @Sendable (PageLoad<PageItems>) async -> Void) async throws(DataError) {
        try await withoutActuallyEscaping(deliver) { (deliver) async throws(DataError) in
            try await get(endpoint, cursor: cursor, params: params, mode: mode,
                          parts: streaming ? Parts(deliver: deliver, rows: rows) : nil, deliver: deliver)
        }
    }

    /// Where a streamed body's parts go, and the rows they are written as.
    struct Parts {
        var deliver: @Sendable (PageLoad<PageItems>) async -> Void
        var rows: RowModelBuilder?
    }

    func get(_ endpoint: Endpoint, cursor: PageCursor, params: [String: ParamValue], mode: GetMode,
             parts: Parts?, deliver: @Sendable (PageLoad<PageItems>) async -> Void) async throws(DataError) {
        let key = ResponseKey(endpoint: endpoint.key, params: params, cursor: cursor)
        let cached = cachedPage(key, endpoint: endpoint)
        switch mode {
        case .network:
            await deliver(try await network(key, endpoint, cursor, params, stored: nil, parts: parts))
        case .cacheOnly:
            guard let cached else { throw store?.disabledReason.map(DataError.cacheUnusable) ?? .cacheMiss }
            await deliver(PageLoad(page: cached.page, origin: .cache(fetchedAt: cached.entry.fetchedAt, offline: false),
                                   fetchedAt: cached.entry.fetchedAt, final: true))
        case .cacheElseNetwork:
            if let cached, cached.entry.isFresh(now: clock()) {
                await deliver(PageLoad(page: cached.page,
                                       origin: .cache(fetchedAt: cached.entry.fetchedAt, offline: false),
                                       fetchedAt: cached.entry.fetchedAt, final: true))
                return
            }
            do {
                await deliver(try await network(key, endpoint, cursor, params, stored: cached, parts: parts))
            } catch let error where Self.isOffline(error) && cached != nil {
                await deliver(cached!.offline)
            }
        case .cacheThenNetwork:
            if let cached {
                await deliver(PageLoad(page: cached.page,
                                       origin: .cache(fetchedAt: cached.entry.fetchedAt, offline: false),
                                       fetchedAt: cached.entry.fetchedAt, final: false))
            }
            await deliver(try await network(key, endpoint, cursor, params, stored: cached, parts: parts))
        }
    }

    /// A live tick's page (`refresh.every`): always from the server, since
    /// only it knows what is new. In a mode that keeps a cache (`mode` not
    /// `network`), the stored copy is revalidated (a 304 costs no body)
    /// and, when the server cannot be reached, delivered instead marked
    /// offline, so the list pauses its ticks rather than fail each one.
    public func getLive(_ endpoint: Endpoint, cursor: PageCursor, params: [String: ParamValue] = [:], mode: GetMode,
                        streaming: Bool = true, rows: RowModelBuilder? = nil,
                        deliver: @Sendable (PageLoad<PageItems>) async -> Void) async throws(DataError) {
        guard mode != .network else {
            try await get(endpoint, cursor: cursor, params: params, mode: .network, streaming: streaming, rows: rows,
                          deliver: deliver)
            return
        }
        let key = ResponseKey(endpoint: endpoint.key, params: params, cursor: cursor)
        let cached = cachedPage(key, endpoint: endpoint)
        do {
            try await withoutActuallyEscaping(deliver) { (deliver) async throws(DataError) in
                await deliver(try await network(key, endpoint, cursor, params, stored: cached,
                                                parts: streaming ? Parts(deliver: deliver, rows: rows) : nil))
            }
        } catch let error where Self.isOffline(error) && cached != nil {
            await deliver(cached!.offline)
        }
    }

    /// `getLive`'s final page, for a caller that takes it whole (`fetch
    /// --watch`): not streamed in parts; nil when none came.
    public func getLiveFinal(_ endpoint: Endpoint, cursor: PageCursor, params: [String: ParamValue] = [:],
                             mode: GetMode) async throws(DataError) -> PageLoad<PageItems>? {
        let box = FinalDelivery()
        try await getLive(endpoint, cursor: cursor, params: params, mode: mode, streaming: false) { delivery in
            if delivery.final { box.set(delivery) }
        }
        return box.delivery
    }

    /// Walks pages from the first until the end of data, `maxPages`, or a
    /// paging loop, by the walk's rules (`PageWalk`, as the list and the
    /// probe have them), handing only final pages to `onPage`. Items are
    /// de-duplicated by id for the end-of-data count, as the list does; a
    /// page of repeats that ends the data (page and offset styles: a server
    /// that answers a page past the end with the last page again) is not
    /// handed on.
    public func walk(_ endpoint: Endpoint, params: [String: ParamValue] = [:], mode: GetMode, maxPages: Int,
                     onPage: (PageLoad<PageItems>) async throws -> Void) async throws -> WalkOutcome {
        let paging = endpoint.paging
        var cursor = PagingPlan(paging: paging).first
        var walk = PageWalk(from: cursor)
        var seen = Set<String>()
        let hasIDs = endpoint.item.field("id") != nil
        while true {
            let box = FinalDelivery()
            try await get(endpoint, cursor: cursor, params: params, mode: mode, streaming: false) { delivery in
                if delivery.final { box.set(delivery) }
            }
            guard let page = box.delivery else { throw DataError.cacheMiss }
            var after = seen
            for item in page.items { after.insert(item.id) }
            let fresh = hasIDs ? after.count - seen.count : page.items.count
            let pagesBefore = walk.pages
            let step = walk.land(page.facts, from: cursor, paging: paging, loaded: after.count, fresh: fresh, cap: maxPages)
            if walk.pages > pagesBefore {
                seen = after
                try await onPage(page)
            }
            switch step {
            case .next(let next): cursor = next
            case .end: return .endOfData(pages: walk.pages)
            case .stop(.pageCap(let pages)): return .capReached(pages: pages)
            case .stop(.loop(let repeated)): return .loop(pages: walk.pages, repeated: repeated)
            }
        }
    }

    /// Asks the server, revalidating `stored` when it has validators, and
    /// stores a new body; a 304 refreshes the stored entry's timestamps.
    /// With `parts`, a streamed body's items go there as they arrive (and
    /// the body, never held whole, is not stored).
    func network(_ key: ResponseKey, _ endpoint: Endpoint, _ cursor: PageCursor, _ params: [String: ParamValue],
                 stored: Cached?, parts: Parts? = nil) async throws(DataError) -> PageLoad<PageItems> {
        let validators = stored.flatMap { cached -> Validators? in
            let entry = cached.entry
            return entry.etag == nil && entry.lastModified == nil
                ? nil : Validators(etag: entry.etag, lastModified: entry.lastModified)
        }
        let clock = self.clock
        let onPart = parts.map { parts in
            { @Sendable (page: PageResult) async -> Void in
                await parts.deliver(PageLoad(page: page, origin: .network, fetchedAt: clock(), final: false))
            }
        }
        let reply = try await client.fetchPageReply(endpoint, cursor: cursor, params: params,
                                                    validators: validators, onPart: onPart, rows: parts?.rows)
        let now = clock()
        switch reply {
        case .notModified:
            _ = try? store?.touchResponse(key, now: now)
            return PageLoad(page: stored!.page, origin: .network, fetchedAt: now, final: true)
        case .page(let page, let http) where http.streamed:
            return PageLoad(page: page, origin: .network, fetchedAt: now, final: true)
        case .page(let page, _) where page.facts.pastEnd != nil:
            // Past the end (an error status or no list): nothing worth keeping.
            return PageLoad(page: page, origin: .network, fetchedAt: now, final: true)
        case .page(let page, let http):
            try? store?.storeResponse(key, body: http.body, etag: http.header("etag"),
                                      lastModified: http.header("last-modified"), url: http.url,
                                      headers: http.headers.map { StoredHeader(name: $0.0, value: $0.1) }, now: now)
            return PageLoad(page: page, origin: .network, fetchedAt: now, final: true)
        }
    }

    /// A stored entry and its page, decoded with today's config.
    struct Cached {
        var entry: CachedResponse
        var page: PageResult

        /// Delivered because the server could not be reached.
        var offline: PageLoad<PageItems> {
            PageLoad(page: page, origin: .cache(fetchedAt: entry.fetchedAt, offline: true), fetchedAt: entry.fetchedAt,
                     final: true)
        }
    }

    /// The stored page for `key`; a body that no longer decodes (the config
    /// changed) counts as a miss.
    func cachedPage(_ key: ResponseKey, endpoint: Endpoint) -> Cached? {
        guard let entry = (try? store?.response(key)) ?? nil else { return nil }
        let reply = HTTPReply(status: 200, headers: entry.headers.map { ($0.name, $0.value) }, body: entry.body,
                              url: entry.url)
        guard let page = try? client.decodePage(endpoint, reply: reply) else { return nil }
        return Cached(entry: entry, page: page)
    }

    /// Failures that mean the server could not answer, so a stale copy is
    /// better than nothing.
    static func isOffline(_ error: DataError) -> Bool {
        switch error {
        case .network, .timeout: true
        case .httpStatus(let code, _), .rateLimited(let code, _, _): code >= 500
        default: false
        }
    }
}

/// Holds the final delivery of one `get` for `walk` and `getLiveFinal`.
private final class FinalDelivery: @unchecked Sendable {
    // Written by the deliver closure, which runs before `get` returns, on
    // the same task; read afterwards.
    private(set) var delivery: PageLoad<PageItems>?

    func set(_ delivery: PageLoad<PageItems>) { self.delivery = delivery }
}
