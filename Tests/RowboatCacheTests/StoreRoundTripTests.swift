import Foundation
import RowboatCache
import RowboatSpec
import Testing

@Suite struct StoreRoundTripTests {
    let key = ResponseKey(endpoint: "items", params: ["q": .one("a b")], cursor: .page(2))

    @Test func responseRoundTripKeepsBodyAndValidators() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite", expireSeconds: 60)
        #expect(store.isEnabled && store.notice == nil && store.disabledReason == nil)
        #expect(try store.response(key) == nil)
        let body = (0..<10_000).map { UInt8($0 % 251) }
        try store.storeResponse(key, body: body, etag: "\"v1\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT",
                                now: 1000)
        let back = try #require(try store.response(key))
        #expect(back.body == body)
        #expect(back.etag == "\"v1\"" && back.lastModified == "Sat, 21 Nov 2026 10:00:00 GMT")
        #expect(back.fetchedAt == 1000 && back.expiresAt == 1060)
        #expect(back.isFresh(now: 1059) && !back.isFresh(now: 1060))
        // A second store on the same file sees it too.
        let again = CacheStore(path: dir + "/c.sqlite", expireSeconds: 60)
        #expect(try again.response(key)?.body == body)
    }

    @Test func touchAfter304RefreshesTimestampsOnly() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite", expireSeconds: 60)
        try store.storeResponse(key, body: [1, 2, 3], etag: "\"e\"", lastModified: nil, now: 1000)
        #expect(try store.touchResponse(key, now: 5000))
        let back = try #require(try store.response(key))
        #expect(back.body == [1, 2, 3] && back.etag == "\"e\"")
        #expect(back.fetchedAt == 5000 && back.expiresAt == 5060)
        let other = ResponseKey(endpoint: "items", params: [:], cursor: .page(9))
        #expect(try store.touchResponse(other, now: 5000) == false)
    }

    @Test func keysAreStableAndDistinct() {
        let a = ResponseKey(endpoint: "items", params: ["b": .one("2"), "a": .one("1")], cursor: .page(1))
        let b = ResponseKey(endpoint: "items", params: ["a": .one("1"), "b": .one("2")], cursor: .page(1))
        #expect(a == b)
        #expect(a.description == "items?a=1&b=2#page:1")
        let keys: [ResponseKey] = [
            a,
            ResponseKey(endpoint: "items", params: ["a": .one("1"), "b": .one("2")], cursor: .page(2)),
            ResponseKey(endpoint: "items", params: ["a": .one("1&b=2")], cursor: .page(1)),
            ResponseKey(endpoint: "items", params: ["a": .many(["1", "2"])], cursor: .page(1)),
            ResponseKey(endpoint: "items", params: ["a": .many(["2", "1"])], cursor: .page(1)),
            ResponseKey(endpoint: "other", params: ["a": .one("1"), "b": .one("2")], cursor: .page(1)),
            ResponseKey(endpoint: "items", params: [:], cursor: .token("page:1")),
            ResponseKey(endpoint: "items", params: [:], cursor: .first),
            ResponseKey(endpoint: "items", params: [:], cursor: .offset(1)),
            ResponseKey(endpoint: "items", params: [:], cursor: .url("http://h/x?page=1")),
        ]
        #expect(Set(keys.map(\.description)).count == keys.count)
    }

    @Test func imagesAreKeyedByURLHashAndTrackAccess() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite")
        let url = "http://127.0.0.1:1/images/../../etc/passwd.png"
        try store.storeImage(url: url, bytes: [9, 8, 7], etag: "\"i\"", now: 10)
        // A hit within a minute of the last recorded access is a pure read.
        let soon = try #require(try store.image(url: url, now: 20))
        #expect(soon.bytes == [9, 8, 7] && soon.etag == "\"i\"" && soon.fetchedAt == 10 && soon.lastAccess == 10)
        let later = try #require(try store.image(url: url, now: 10 + CacheStore.accessGranularity))
        #expect(later.lastAccess == 10 + CacheStore.accessGranularity)
        #expect(try store.image(url: url, now: 11 + CacheStore.accessGranularity)?.lastAccess
                == 10 + CacheStore.accessGranularity)
        #expect(try store.image(url: url + "?x", now: 20) == nil)
        #expect(try store.touchImage(url: url, now: 30))
        #expect(try store.image(url: url, now: 31)?.fetchedAt == 30)
        // Only the database file (and its WAL companions) is in the directory.
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.allSatisfy { $0.hasPrefix("c.sqlite") })
    }

    @Test func favoritesAddListRemove() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite")
        try store.addFavorite(Favorite(endpoint: "items", itemID: "1", rowJSON: #"{"title":"A"}"#, addedAt: 1))
        try store.addFavorite(Favorite(endpoint: "items", itemID: "2", rowJSON: #"{"title":"B"}"#, addedAt: 2))
        try store.addFavorite(Favorite(endpoint: "other", itemID: "1", rowJSON: "{}", addedAt: 3))
        #expect(try store.favorites(endpoint: "items").map(\.itemID) == ["2", "1"])
        #expect(try store.removeFavorite(endpoint: "items", itemID: "2"))
        #expect(try store.removeFavorite(endpoint: "items", itemID: "2") == false)
        #expect(try store.favorites(endpoint: "items") == [
            Favorite(endpoint: "items", itemID: "1", rowJSON: #"{"title":"A"}"#, addedAt: 1)])
        #expect(try store.sizes().favorites.entries == 2)
    }
}
