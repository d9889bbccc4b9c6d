import Foundation
import RowboatCache
import RowboatSpec
import Testing

@Suite struct StoreMaintenanceTests {
    func key(_ page: Int) -> ResponseKey { ResponseKey(endpoint: "items", params: [:], cursor: .page(page)) }

    @Test func pruneRemovesOnlyExpiredResponses() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite", expireSeconds: 100)
        try store.storeResponse(key(1), body: [1], etag: nil, lastModified: nil, now: 0)
        try store.storeResponse(key(2), body: [2], etag: nil, lastModified: nil, now: 50)
        try store.storeResponse(key(3), body: [3], etag: nil, lastModified: nil, now: 120)
        #expect(try store.pruneExpiredResponses(now: 150) == 2)
        #expect(try store.response(key(1)) == nil && store.response(key(2)) == nil)
        #expect(try store.response(key(3))?.body == [3])
    }

    @Test func sizeLimitEvictsLeastRecentImagesThenOldestResponses() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite", maxBytes: 1000)
        let chunk = [UInt8](repeating: 7, count: 200)
        try store.storeResponse(key(1), body: chunk, etag: nil, lastModified: nil, now: 1)
        try store.storeResponse(key(2), body: chunk, etag: nil, lastModified: nil, now: 2)
        try store.storeImage(url: "http://h/a", bytes: chunk, etag: nil, now: 3)
        try store.storeImage(url: "http://h/b", bytes: chunk, etag: nil, now: 4)
        _ = try store.image(url: "http://h/a", now: 100)        // a is now the most recent image
        #expect(try store.sizes().totalBytes == 800)
        // 1000 bytes: b (least recently used image) goes first.
        try store.storeResponse(key(3), body: chunk, etag: nil, lastModified: nil, now: 6)
        try store.storeResponse(key(4), body: chunk, etag: nil, lastModified: nil, now: 7)
        #expect(try store.image(url: "http://h/b", now: 8) == nil)
        #expect(try store.image(url: "http://h/a", now: 8) != nil)
        // Another 400 bytes: image a, then the oldest response (1).
        try store.storeResponse(key(5), body: chunk + chunk, etag: nil, lastModified: nil, now: 9)
        #expect(try store.image(url: "http://h/a", now: 10) == nil)
        #expect(try store.response(key(1)) == nil)
        #expect(try store.response(key(2)) != nil)
        let sizes = try store.sizes()
        #expect(sizes.totalBytes <= 1000)
        #expect(sizes.images.entries == 0 && sizes.responses.entries == 4)
    }

    @Test func clearPerKindAndSizes() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite")
        try store.storeResponse(key(1), body: [UInt8](repeating: 1, count: 300), etag: nil, lastModified: nil, now: 1)
        try store.storeResponse(key(2), body: [UInt8](repeating: 1, count: 100), etag: nil, lastModified: nil, now: 1)
        try store.storeImage(url: "http://h/a", bytes: [UInt8](repeating: 2, count: 50), etag: nil, now: 1)
        try store.addFavorite(Favorite(endpoint: "items", itemID: "1", rowJSON: "{}", addedAt: 1))
        var sizes = try store.sizes()
        #expect(sizes.responses == .init(bytes: 400, entries: 2))
        #expect(sizes.images == .init(bytes: 50, entries: 1))
        #expect(try store.clear([.images]) == 1)
        sizes = try store.sizes()
        #expect(sizes.images.entries == 0 && sizes.responses.entries == 2)
        try store.storeImage(url: "http://h/a", bytes: [2], etag: nil, now: 1)
        #expect(try store.clear([.responses]) == 2)
        sizes = try store.sizes()
        #expect(sizes.responses.entries == 0 && sizes.images.entries == 1)
        #expect(try store.clear() == 1)
        sizes = try store.sizes()
        #expect(sizes.responses.entries == 0 && sizes.images.entries == 0 && sizes.favorites.entries == 1)
    }

    @Test func humanSizes() {
        #expect(CacheSizes.human(0) == "0 B")
        #expect(CacheSizes.human(1023) == "1023 B")
        #expect(CacheSizes.human(1_258_291) == "1.2 MB")
        #expect(CacheSizes.human(45 * 1024 * 1024) == "45.0 MB")
    }

    @Test func memoryCacheEvictsLeastRecentlyUsedByCost() {
        let cache = MemoryCache<String, [UInt8]>(maxCost: 100)
        cache.insert([1], for: "a", cost: 40)
        cache.insert([2], for: "b", cost: 40)
        #expect(cache.value(for: "a") == [1])          // a used: b is the oldest
        cache.insert([3], for: "c", cost: 40)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == [1] && cache.value(for: "c") == [3])
        #expect(cache.totalCost == 80 && cache.count == 2)
        cache.insert([4], for: "huge", cost: 101)
        #expect(cache.value(for: "huge") == nil && cache.count == 2)
    }
}
