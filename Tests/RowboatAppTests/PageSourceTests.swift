import Foundation
import RowboatApp
import RowboatCache
import RowboatCore
import RowboatSpec
@testable import RowboatKit
import RowboatKitHTTP
import RowboatDemo
import RowboatNetwork
import RowboatParsing
import Synchronization
import Testing
import RowboatTestSupport

/// Get modes against the real demo server and a real SQLite file.
@Suite(.timeLimit(.minutes(1)))
struct PageSourceTests {
    /// A settable clock (seconds since the epoch).
    final class Clock: Sendable {
        let value = Mutex(1_000_000.0)
        var now: Double { value.withLock { $0 } }
        func advance(_ seconds: Double) { value.withLock { $0 += seconds } }
    }

    /// One test's world: demo server, cache directory, store, source.
    struct World {
        let server: CountedDemoServer
        let dir: String
        let config: RowboatConfig
        let transport: HTTPTransport
        let clock = Clock()

        static func start(expire: Double = 600) async throws -> World {
            let server = try await CountedDemoServer.start(port: 0)
            var config = try ConfigFile.load(ConfigFile.demoConfigPath())
            config.server = server.baseURL
            config.communication.timeoutSeconds = 20
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-ps-\(UUID().uuidString)").path
            config.localCache.path = dir
            config.localCache.expireSeconds = expire
            return World(server: server, dir: dir, config: config,
                         transport: HTTPTransport(connectTimeoutSeconds: 2, retryPolicy: RetryPolicy(maxRetries: 0)))
        }

        var endpoint: Endpoint { config.endpoints[0] }
        var requests: Int { server.requestCount(path: "/api/items") }

        func source(store: CacheStore? = nil) -> PageSource {
            let clock = self.clock
            return PageSource(client: DataClient(config: config, transport: transport),
                              store: store ?? CacheStore.open(for: config, now: clock.now), clock: { clock.now })
        }

        func finish() async {
            await transport.shutdown()
            await server.stop()
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    /// Runs one `get` and returns every delivery (and the error, if any).
    static func get(_ source: PageSource, _ endpoint: Endpoint, mode: GetMode,
                    cursor: PageCursor = .page(1)) async -> ([PageLoad<PageItems>], DataError?) {
        let got = Mutex<[PageLoad<PageItems>]>([])
        do {
            try await source.get(endpoint, cursor: cursor, mode: mode) { d in got.withLock { $0.append(d) } }
            return (got.withLock { $0 }, nil)
        } catch {
            return (got.withLock { $0 }, error)
        }
    }

    @Test func networkModeFetchesAndStores() async throws {
        let world = try await World.start()
        let source = world.source()
        let (deliveries, error) = await Self.get(source, world.endpoint, mode: .network)
        #expect(error == nil)
        try #require(deliveries.count == 1)
        #expect(deliveries[0].origin == .network && deliveries[0].final)
        #expect(deliveries[0].content.items.count == 30)
        #expect(world.requests == 1)
        let stored = try source.store?.response(ResponseKey(endpoint: "items", params: [:], cursor: .page(1)))
        #expect(stored?.etag != nil && stored?.fetchedAt == world.clock.now)
        // network mode asks again even though a fresh copy is stored.
        _ = await Self.get(source, world.endpoint, mode: .network)
        #expect(world.requests == 2)
        await world.finish()
    }

    @Test func cacheOnlyNeverTouchesTheNetwork() async throws {
        let world = try await World.start()
        let source = world.source()
        let (none, miss) = await Self.get(source, world.endpoint, mode: .cacheOnly)
        #expect(none.isEmpty && miss == .cacheMiss)
        #expect(world.server.totalRequests == 0)
        _ = await Self.get(source, world.endpoint, mode: .network)
        let fetchedAt = world.clock.now
        world.clock.advance(10_000)                              // long expired: still served
        let (hit, error) = await Self.get(source, world.endpoint, mode: .cacheOnly)
        #expect(error == nil)
        try #require(hit.count == 1)
        #expect(hit[0].origin == .cache(fetchedAt: fetchedAt, offline: false) && hit[0].final)
        #expect(hit[0].content.items.count == 30)
        #expect(world.server.totalRequests == 1)
        await world.server.stop()
        // With the server gone, cache-only still answers.
        let again = await Self.get(world.source(), world.endpoint, mode: .cacheOnly)
        #expect(again.1 == nil && again.0.count == 1)
        await world.finish()
    }

    @Test func cacheElseNetworkServesFreshThenRevalidatesWith304() async throws {
        let world = try await World.start(expire: 60)
        let source = world.source()
        _ = await Self.get(source, world.endpoint, mode: .cacheElseNetwork)   // miss: network
        #expect(world.requests == 1)
        let first = world.clock.now
        world.clock.advance(30)
        let (fresh, _) = await Self.get(source, world.endpoint, mode: .cacheElseNetwork)
        #expect(fresh.map(\.origin) == [.cache(fetchedAt: first, offline: false)])
        #expect(world.requests == 1)
        world.clock.advance(60)                                   // expired: revalidate
        let (revalidated, error) = await Self.get(source, world.endpoint, mode: .cacheElseNetwork)
        #expect(error == nil)
        #expect(revalidated.map(\.origin) == [.network] && revalidated[0].content.items.count == 30)
        #expect(world.requests == 2)
        let entry = try #require(try source.store?.response(ResponseKey(endpoint: "items", params: [:], cursor: .page(1))))
        #expect(entry.fetchedAt == world.clock.now)              // the 304 refreshed the timestamp
        #expect(entry.expiresAt == world.clock.now + 60)
        await world.finish()
    }

    @Test func cacheElseNetworkFallsBackOfflineWhenServerIsGone() async throws {
        let world = try await World.start(expire: 60)
        let source = world.source()
        _ = await Self.get(source, world.endpoint, mode: .network)
        let fetchedAt = world.clock.now
        await world.server.stop()
        world.clock.advance(600)
        let (deliveries, error) = await Self.get(source, world.endpoint, mode: .cacheElseNetwork)
        #expect(error == nil)
        #expect(deliveries.map(\.origin) == [.cache(fetchedAt: fetchedAt, offline: true)])
        // A page never stored fails with the network's error.
        let (none, failure) = await Self.get(source, world.endpoint, mode: .cacheElseNetwork, cursor: .page(2))
        #expect(none.isEmpty)
        switch failure {
        case .network?, .timeout?: break
        default: Issue.record("expected a network error, got \(String(describing: failure))")
        }
        await world.finish()
    }

    @Test func cacheThenNetworkDeliversCachedThenFinal() async throws {
        let world = try await World.start()
        let source = world.source()
        let (onlyNetwork, _) = await Self.get(source, world.endpoint, mode: .cacheThenNetwork)
        #expect(onlyNetwork.map(\.origin) == [.network] && onlyNetwork.map(\.final) == [true])
        let fetchedAt = world.clock.now
        world.clock.advance(120)
        let (both, error) = await Self.get(source, world.endpoint, mode: .cacheThenNetwork)
        #expect(error == nil)
        #expect(both.map(\.origin) == [.cache(fetchedAt: fetchedAt, offline: false), .network])
        #expect(both.map(\.final) == [false, true])
        try #require(both.count == 2)
        #expect(both[0].content == both[1].content)
        #expect(world.requests == 2)
        // Offline: the cached page, then the failure.
        await world.server.stop()
        let (offline, failure) = await Self.get(source, world.endpoint, mode: .cacheThenNetwork)
        #expect(offline.map(\.final) == [false])
        #expect(failure != nil)
        await world.finish()
    }

    @Test func unwritableCacheDirectoryBrowsesWithoutCache() async throws {
        var world = try await World.start()
        let blocker = world.dir + "-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        var config = world.config
        config.localCache.path = blocker + "/cache"
        let store = CacheStore.open(for: config)
        #expect(store.disabledReason?.hasPrefix("cache disabled: cannot create") == true)
        world = World(server: world.server, dir: world.dir, config: config, transport: world.transport)
        let source = world.source(store: store)
        for mode in [GetMode.network, .cacheElseNetwork, .cacheThenNetwork] {
            let (deliveries, error) = await Self.get(source, world.endpoint, mode: mode)
            #expect(error == nil && deliveries.map(\.origin) == [.network])
        }
        let (none, miss) = await Self.get(source, world.endpoint, mode: .cacheOnly)
        // Cache-only says why nothing can come from the cache.
        #expect(none.isEmpty && miss == .cacheUnusable(store.disabledReason ?? ""))
        #expect(miss?.description.hasPrefix("not in the cache: cache disabled: cannot create") == true)
        await world.finish()
    }

    @Test func effectRunnerPostsCachedThenNetworkLoads() async throws {
        let world = try await World.start()
        let store = CacheStore.open(for: world.config)
        _ = await Self.get(world.source(store: store), world.endpoint, mode: .network)
        let posted = Mutex<[AppAction]>([])
        let clock = world.clock
        let provider = ConfigPageProvider(client: DataClient(config: world.config, transport: world.transport),
                                          store: store, mode: .cacheThenNetwork, clock: { clock.now })
        let runner = EffectRunner(provider: provider, store: CacheListStore(store),
                                  clock: { clock.now }, post: { action in posted.withLock { $0.append(action) } })
        await runner.fetchPage(list: .tab("items"), endpoint: "items", id: 7, cursor: .page(1))
        let loads = posted.withLock { $0 }.compactMap { action -> PageLoad<RowTable>? in
            if case .answer(.tab("items"), .pageLoaded(7, let load)) = action { return load }
            return nil
        }
        #expect(loads.map(\.final) == [false, true])
        #expect(loads.first?.origin == .cache(fetchedAt: clock.now, offline: false))
        #expect(loads.last?.origin == .network && loads.last?.rows.count == 30)
        await world.finish()
    }

    /// A live tick asks the server even when a fresh copy is cached
    /// (revalidating it: the demo answers 304), and with the server gone it
    /// gets the cached copy marked offline, for the list to pause on.
    @Test func aLiveTickAsksTheServerAndFallsBackOffline() async throws {
        let world = try await World.start(expire: 600)
        let source = world.source()
        _ = await Self.get(source, world.endpoint, mode: .cacheElseNetwork)
        #expect(world.requests == 1)
        let fetchedAt = world.clock.now
        world.clock.advance(5)
        let got = Mutex<[PageLoad<PageItems>]>([])
        try await source.getLive(world.endpoint, cursor: .page(1), mode: .cacheElseNetwork) { d in got.withLock { $0.append(d) } }
        #expect(world.requests == 2)
        #expect(got.withLock { $0 }.map(\.origin) == [.network] && got.withLock { $0 }.first?.content.items.count == 30)
        await world.server.stop()
        got.withLock { $0 = [] }
        try await source.getLive(world.endpoint, cursor: .page(1), mode: .cacheThenNetwork) { d in got.withLock { $0.append(d) } }
        #expect(got.withLock { $0 }.map(\.origin) == [.cache(fetchedAt: world.clock.now, offline: true)])
        #expect(world.clock.now == fetchedAt + 5)
        // In network mode there is no copy to fall back on: the tick fails.
        await #expect(throws: DataError.self) {
            try await source.getLive(world.endpoint, cursor: .page(1), mode: .network) { _ in }
        }
        await world.finish()
    }
}
