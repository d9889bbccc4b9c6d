import Foundation
import RowboatCache
import RowboatCore
import RowboatImages
import RowboatNetwork

/// Performs the effects the reducer asks for, off the UI thread, and posts
/// the resulting actions back. Serves every endpoint of the client's
/// config (tabs and related strips); each answer names the list it is for.
/// Rows are built here, not on the UI thread.
public final class EffectRunner: Sendable {
    let source: PageSource
    let store: CacheStore?
    /// Favorite writes run in order, off the UI thread.
    let favoritesQueue = DispatchQueue(label: "rowboat.favorites")
    /// Browser and clipboard programs run here, one at a time.
    let helperQueue = DispatchQueue(label: "rowboat.helpers")
    let cacheKeeper: CacheKeeper
    /// The thumbnail fetch queue's feed (nil: no images are fetched).
    let images: ImageFeed?
    let endpoints: [String: Endpoint]
    /// The get mode for every endpoint; nil: each endpoint's own.
    let mode: GetMode?
    let post: @Sendable (AppAction) -> Void
    /// Page requests in flight, cancellable by list and id.
    let fetches = FetchTasks()
    let clock: @Sendable () -> Double
    /// How money is written in rows (the user's locale).
    let money: MoneyFormatter

    /// `store` nil (or disabled) means no caching; `mode` nil means each
    /// endpoint's configured mode.
    /// `imageTransport` (nil: no thumbnails) downloads images, rendered
    /// with `imageColors`.
    public init(client: DataClient, store: CacheStore? = nil, mode: GetMode? = nil,
                imageTransport: HTTPTransport? = nil, imageColors: ThumbnailColors = .indexed240,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                money: MoneyFormatter = MoneyFormatter(),
                post: @escaping @Sendable (AppAction) -> Void) {
        self.money = money
        self.images = imageTransport.map {
            ImageFeed(transport: $0, store: store, colors: imageColors, decodeMemory: client.config.images.decodeMemory,
                      clock: clock, post: post)
        }
        self.source = PageSource(client: client, store: store, clock: clock)
        self.store = store
        self.cacheKeeper = CacheKeeper(store: store)
        self.endpoints = Dictionary(client.config.endpoints.map { ($0.key, $0) }) { first, _ in first }
        self.mode = mode
        self.clock = clock
        self.post = post
    }

    /// Stops background image work (on quit).
    public func stop() {
        images?.send(.stop)
    }

    public func run(_ effect: AppEffect) {
        switch effect {
        case .fetchPage(let list, let endpoint, let id, let cursor, let params):
            fetches.start(list, id) { await self.fetchPage(list: list, endpoint: endpoint, id: id, cursor: cursor, params: params) }
        case .cancelFetch(let list, let id):
            fetches.cancel(list, id)
        case .loadFavorites(let endpoint):
            let keeper = FavoritesKeeper(store: store, endpointKey: endpoint)
            favoritesQueue.async { self.post(.favoritesLoaded(endpoint: endpoint, keeper.load())) }
        case .saveFavorite(let endpoint, let row):
            let keeper = FavoritesKeeper(store: store, endpointKey: endpoint)
            favoritesQueue.async {
                do throws(CacheError) { try keeper.save(row, now: self.clock()) } catch {
                    self.post(.favoriteWriteFailed(endpoint: endpoint, error.description))
                }
            }
        case .removeFavorite(let endpoint, let id):
            let keeper = FavoritesKeeper(store: store, endpointKey: endpoint)
            favoritesQueue.async {
                do throws(CacheError) { try keeper.remove(id: id) } catch {
                    self.post(.favoriteWriteFailed(endpoint: endpoint, error.description))
                }
            }
        case .openURL(let url):
            let opener = LinkOpener(environment: ProcessInfo.processInfo.environment)
            helperQueue.async {
                if case .failure(let e) = opener.open(url) { self.post(.notify(e.description, isError: true)) }
            }
        case .copyToClipboard(let text):
            let clipboard = Clipboard(environment: ProcessInfo.processInfo.environment)
            helperQueue.async {
                switch clipboard.copy(text) {
                case .success(let tool): self.post(.notify("link copied (\(tool))", isError: false))
                case .failure(let e): self.post(.notify("cannot copy: \(e.description)", isError: true))
                }
            }
        case .wantImages(let requests):
            images?.send(.want(requests))
        case .retryImage(let url):
            images?.send(.retry(url))
        case .measureCache:
            favoritesQueue.async { self.post(self.cacheKeeper.measure()) }
        case .clearCache:
            favoritesQueue.async { self.post(self.cacheKeeper.clear()) }
        }
    }

    /// Gets one page of `endpoint` for `list` in the get mode and posts
    /// `.answer(list, .pageLoaded)` (twice for a cached page the network then
    /// replaces) or `.answer(list, .pageFailed)`; a cancelled request posts
    /// nothing.
    public func fetchPage(list: ListID, endpoint key: String, id: Int, cursor: PageCursor,
                          params: [String: String] = [:]) async {
        let post = self.post
        guard let endpoint = endpoints[key] else {
            post(.answer(list, .pageFailed(requestID: id, message: "no endpoint named \"\(key)\"")))
            return
        }
        let builder = RowModelBuilder(mapping: endpoint.item, money: money)
        do {
            try await source.get(endpoint, cursor: cursor, params: params.mapValues { .one($0) },
                                 mode: mode ?? endpoint.mode) { delivery in
                let load = PageLoad(rows: delivery.page.items.map(builder.row), facts: delivery.page.facts,
                                    fetchedAt: delivery.fetchedAt, origin: delivery.origin, final: delivery.final)
                post(.answer(list, .pageLoaded(requestID: id, load)))
            }
        } catch {
            // A cancelled request was superseded: nobody waits for its answer.
            guard !Task.isCancelled else { return }
            post(.answer(list, .pageFailed(requestID: id, message: error.description)))
        }
    }
}
