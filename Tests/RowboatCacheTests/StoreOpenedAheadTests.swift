import Foundation
import RowboatCache
import RowboatSpec
import Testing

/// A browse's cache begun as soon as its config is read: the next open of
/// the same file with the same settings is that store, once; any other
/// open is its own.
@Suite(.serialized)
struct StoreOpenedAheadTests {
    let key = ResponseKey(endpoint: "items", params: [:], cursor: .page(1))

    func config(in dir: String) -> RowboatConfig {
        var config = RowboatConfig(source: "/ahead.yaml", server: "http://127.0.0.1:1", communication: Communication(),
                                   endpoints: [])
        config.localCache.path = dir
        return config
    }

    @Test func theSameFileAndSettingsTakeTheStoreOnce() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let config = config(in: dir)
        let ahead = CacheStore.openAhead(for: config)
        let taken = CacheStore.open(for: config, inBackground: true)
        let again = CacheStore.open(for: config, inBackground: true)
        #expect(taken === ahead)
        #expect(again !== ahead)
        // The store taken works as one opened on the spot, and sees the other's writes.
        try taken.storeResponse(key, body: [4, 2], etag: nil, lastModified: nil, now: Date().timeIntervalSince1970)
        #expect(try again.response(key)?.body == [4, 2])
        #expect(taken.path == CacheLocation.file(for: config))
    }

    @Test func otherSettingsOrAnotherFileOpenTheirOwn() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let config = config(in: dir)
        let ahead = CacheStore.openAhead(for: config)
        var shorter = config
        shorter.localCache.expireSeconds = 5
        var other = config
        other.source = "/other.yaml"
        let first = CacheStore.open(for: shorter)
        let second = CacheStore.open(for: other)
        #expect(first !== ahead && second !== ahead)
        #expect(first.expireSeconds == 5)
        #expect(second.path == CacheLocation.file(for: other))
        // Neither took it: the open of the same file and settings still does.
        #expect(CacheStore.open(for: config) === ahead)
        #expect(CacheStore.open(for: config) !== ahead)
    }
}
