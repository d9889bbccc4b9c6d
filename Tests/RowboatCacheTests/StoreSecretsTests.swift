import Foundation
import RowboatCache
import RowboatSpec
import Testing

/// Nothing the cache writes holds a registered secret: the bytes of the
/// SQLite file (and its WAL) are read back raw and searched.
@Suite struct StoreSecretsTests {
    @Test func storedKeysURLsHeadersBodiesAndFavoritesHoldNoSecret() throws {
        let secret = "cache-secret-\(UUID().uuidString.prefix(8))"
        Secrets.register([secret])
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite", expireSeconds: 60)
        let key = ResponseKey(endpoint: "items", params: ["token": .one(secret)], cursor: .url("https://h/x?k=\(secret)"))
        let body = Array(#"{"msg":"you sent \#(secret)","list":[{"id":1,"title":"ok"}]}"#.utf8)
        try store.storeResponse(key, body: body, etag: nil, lastModified: nil, url: "https://h/x?api_key=\(secret)",
                                headers: [StoredHeader(name: "X-Echo", value: "Bearer \(secret)")], now: 1000)
        try store.addFavorite(Favorite(endpoint: "items", itemID: "1", rowJSON: #"{"title":"\#(secret)"}"#, addedAt: 1))
        // Looked up by the same key, the stored response is found, redacted.
        let back = try #require(try store.response(key))
        #expect(String(decoding: back.body, as: UTF8.self) == #"{"msg":"you sent ***","list":[{"id":1,"title":"ok"}]}"#)
        #expect(back.url == "https://h/x?api_key=***")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file))
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds the secret")
        }
    }
}
