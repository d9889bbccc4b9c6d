import Foundation
import RowboatCache
import RowboatSpec
import RowboatParsing
import Testing

/// Expired responses stay for offline use for `keepStale`, then go when the
/// cache opens.
@Suite struct StoreStalePruneTests {
    func key(_ page: Int) -> ResponseKey { ResponseKey(endpoint: "items", params: [:], cursor: .page(page)) }

    @Test(arguments: [false, true])
    func openingPrunesResponsesExpiredLongerAgoThanKeepStale(inBackground: Bool) throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let now = Date().timeIntervalSince1970
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        localCache: {path: \(dir)/c.sqlite, expire: 100, keepStale: 3600}
        interfaces:
          items: {url: /a, item: {title: t}}
        """, file: "test.yaml")
        #expect(config.localCache.keepStaleSeconds == 3600)
        do {
            let store = CacheStore.open(for: config)
            // Expired 2 hours ago: past keepStale. Expired 10 minutes ago: kept. Fresh: kept.
            try store.storeResponse(key(1), body: [1], etag: nil, lastModified: nil, now: now - 7200 - 100)
            try store.storeResponse(key(2), body: [2], etag: nil, lastModified: nil, now: now - 600 - 100)
            try store.storeResponse(key(3), body: [3], etag: nil, lastModified: nil, now: now)
        }
        let reopened = CacheStore.open(for: config, inBackground: inBackground)
        #expect(try reopened.response(key(1)) == nil)
        #expect(try reopened.response(key(2))?.body == [2])
        #expect(try reopened.response(key(3))?.body == [3])
    }

    @Test func keepStaleDefaultsToAWeekAndMustNotBeNegative() throws {
        let config = try ConfigLoader.parse("server: http://x\ninterfaces:\n  a: {url: /a, item: {title: t}}\n",
                                            file: "t.yaml")
        #expect(config.localCache.keepStaleSeconds == 604_800)
        #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.parse("server: http://x\nlocalCache: {keepStale: -1}\ninterfaces:\n  a: {url: /a, item: {title: t}}\n",
                                       file: "t.yaml")
        }
    }
}
