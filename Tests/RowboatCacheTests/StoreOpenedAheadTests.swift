import Foundation
@testable import RowboatCache
import RowboatSpec
import Testing

/// A cache file whose open began before its store asked: the next store of
/// that file takes it, once, whatever its settings, and applies its own
/// (caching off, the stale responses pruned).
@Suite(.serialized)
struct StoreOpenedAheadTests {
    let key = ResponseKey(endpoint: "items", params: [:], cursor: .page(1))

    func config(in dir: String) -> RowboatConfig {
        var config = RowboatConfig(source: "/ahead.yaml", server: "http://127.0.0.1:1", communication: Communication(),
                                   endpoints: [])
        config.localCache.path = dir
        return config
    }

    @Test func theNextStoreOfTheFileTakesItOnceWithItsOwnSettings() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        var config = config(in: dir)
        let path = CacheLocation.file(for: config)
        // A response stale for a week already, written by an earlier run.
        do {
            let earlier = CacheStore.open(for: config)
            try earlier.storeResponse(key, body: [1], etag: nil, lastModified: nil, now: 1)
            earlier.checkpoint()
        }
        CacheStore.openAhead(for: config)
        config.localCache.expireSeconds = 5
        config.localCache.keepStaleSeconds = 60
        let store = CacheStore.open(for: config, inBackground: true)
        #expect(CacheOpenedAhead.take(path: path) == nil)
        #expect(store.expireSeconds == 5)
        #expect(store.path == path && store.notice == nil && store.isEnabled)
        // This store's settings pruned what they keep no longer.
        #expect(try store.response(key) == nil)
        let now = Date().timeIntervalSince1970
        try store.storeResponse(key, body: [4, 2], etag: nil, lastModified: nil, now: now)
        #expect(try store.response(key)?.body == [4, 2])
        // Caching off is the store's too: the file still keeps favorites.
        CacheStore.openAhead(for: config)
        config.localCache.enabled = false
        let off = CacheStore.open(for: config)
        #expect(off.disabledReason == "cache disabled: localCache.enabled is false")
        #expect(off.keepsFavorites && !off.isEnabled)
    }

    @Test func beforeTheConfigIsReadOnlyAFileThatIsThere() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let environment = ["XDG_CACHE_HOME": dir, "HOME": dir]
        let source = dir + "/ahead.yaml"
        let path = CacheLocation.file(forSource: source, settings: LocalCacheSettings(), environment: environment)
        CacheStore.openAhead(forConfigAt: source, environment: environment)
        #expect(CacheOpenedAhead.take(path: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        var config = RowboatConfig(source: source, server: "http://127.0.0.1:1", communication: Communication(),
                                   endpoints: [])
        config.localCache = LocalCacheSettings()
        #expect(CacheLocation.file(for: config, environment: environment) == path)
        _ = CacheStore.open(for: config, environment: environment).path
        CacheStore.openAhead(forConfigAt: source, environment: environment)
        let begun = try #require(CacheOpenedAhead.take(path: path))
        #expect(begun.value.path == path)
    }
}
