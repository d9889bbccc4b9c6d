import Foundation
@testable import RowboatCache
import RowboatSpec
import Testing

@Suite struct StoreFaultTests {
    let key = ResponseKey(endpoint: "items", params: [:], cursor: .page(1))

    /// A database with enough rows to span many pages, closed again.
    func populated(_ path: String) throws {
        let store = CacheStore(path: path)
        for page in 1...40 {
            try store.storeResponse(ResponseKey(endpoint: "items", params: [:], cursor: .page(page)),
                                    body: [UInt8](repeating: UInt8(page), count: 3000), etag: nil,
                                    lastModified: nil, now: 1)
        }
    }

    func expectRebuilt(_ dir: String, _ path: String) throws {
        let store = CacheStore(path: path)
        #expect(store.isEnabled)
        let notice = try #require(store.notice)
        #expect(notice.hasPrefix("cache database was damaged; moved it to \(path).corrupt-"))
        #expect(!notice.contains("\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.contains { $0.hasPrefix("c.sqlite.corrupt-") })
        try store.storeResponse(key, body: [1], etag: nil, lastModified: nil, now: 1)
        #expect(try store.response(key)?.body == [1])
        #expect(try store.integrityCheck() == "ok")
        // The next open is clean: the notice is given once.
        #expect(CacheStore(path: path).notice == nil)
    }

    @Test func aLargeFileIsCheckedOnceOpenAndMovedAsideAtTheNextOpenWhenDamaged() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        do {
            let store = CacheStore(path: path)
            for page in 1...36 {
                try store.storeResponse(ResponseKey(endpoint: "items", params: [:], cursor: .page(page)),
                                        body: [UInt8](repeating: UInt8(page), count: 300_000), etag: nil,
                                        lastModified: nil, now: 1)
            }
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > CacheOpener.checkedAtOpenBytes)
        // Sound: opened without reading it whole, then found sound.
        do {
            let store = CacheStore(path: path)
            #expect(store.isEnabled && store.notice == nil)
            #expect(store.waitForCheck(timeout: 60) == true)
        }
        // Damaged in the middle (the header and schema are sound): opened all the same, then found damaged.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(size / 2))
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 65_536))
        try handle.close()
        do {
            let store = CacheStore(path: path)
            #expect(store.isEnabled && store.notice == nil)
            #expect(store.waitForCheck(timeout: 60) == false)
        }
        #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
        // The next open moves it aside, with the notice, and forgets the marker.
        try expectRebuilt(dir, path)
        #expect(!FileManager.default.fileExists(atPath: path + ".damaged"))
    }

    @Test func zeroedHeaderIsMovedAsideAndRebuilt() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        try populated(path)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.write(contentsOf: Data(count: 100))
        try handle.close()
        try expectRebuilt(dir, path)
    }

    @Test func truncatedFileIsMovedAsideAndRebuilt() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        try populated(path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 100_000)
        #expect(truncate(path, off_t(size / 3)) == 0)
        try expectRebuilt(dir, path)
    }

    @Test func garbageFileIsMovedAsideAndRebuilt() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path))
        try expectRebuilt(dir, path)
    }

    @Test func unwritableDirectoryDisablesTheCacheQuietly() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        // A directory that cannot exist: its parent is a regular file.
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        let store = CacheStore(path: dir + "/file/sub/c.sqlite")
        #expect(!store.isEnabled)
        let reason = try #require(store.disabledReason)
        #expect(reason.hasPrefix("cache disabled: cannot create \(dir)/file/sub"))
        #expect(!reason.contains("\n"))
        // Every operation is a harmless no-op.
        try store.storeResponse(key, body: [1], etag: nil, lastModified: nil, now: 1)
        #expect(try store.response(key) == nil)
        #expect(try store.sizes().totalBytes == 0)
    }

    @Test(.enabled(if: getuid() != 0, "root ignores directory permissions"))
    func readOnlyDirectoryDisablesTheCache() throws {
        let dir = try TempDir.make()
        defer { chmod(dir, 0o700); TempDir.remove(dir) }
        #expect(chmod(dir, 0o500) == 0)
        let store = CacheStore(path: dir + "/c.sqlite")
        #expect(store.disabledReason == "cache disabled: the cache is read-only (\(dir): Permission denied)")
    }

    /// `localCache.enabled: false` turns caching off, not favorites: they
    /// are the user's, and a restart finds them (a real file in a temp dir).
    @Test func disabledByConfigKeepsFavoritesOnly() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        var config = RowboatConfig(source: "/x.yaml", server: "http://h", communication: Communication(),
                                   endpoints: [])
        config.localCache.enabled = false
        config.localCache.path = dir
        let store = CacheStore.open(for: config)
        #expect(store.disabledReason == "cache disabled: localCache.enabled is false")
        #expect(!store.isEnabled && store.keepsFavorites)
        try store.storeResponse(key, body: [1], etag: nil, lastModified: nil, now: 1)
        #expect(try store.response(key) == nil)
        try store.storeImage(url: "http://h/1.png", bytes: [1, 2], etag: nil, now: 1)
        #expect(try store.image(url: "http://h/1.png", now: 1) == nil)
        try store.addFavorite(Favorite(endpoint: "items", itemID: "7", rowJSON: "{}", addedAt: 1))
        let again = CacheStore.open(for: config)
        #expect(try again.favorites(endpoint: "items").map(\.itemID) == ["7"])
        // Turned back on, the same file: the favorite is there, and nothing else was stored.
        config.localCache.enabled = true
        let on = CacheStore.open(for: config)
        #expect(try on.favorites(endpoint: "items").map(\.itemID) == ["7"])
        #expect(try on.sizes().responses.entries == 0 && on.sizes().images.entries == 0)
    }

    /// A store that could not be opened cannot keep a favorite: it says
    /// why instead of pretending (the UI's toast shows the line).
    @Test func aDisabledStoreRefusesAFavoriteWithItsReason() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        let store = CacheStore(path: dir + "/file/sub/c.sqlite")
        #expect(throws: CacheError.self) {
            try store.addFavorite(Favorite(endpoint: "items", itemID: "7", rowJSON: "{}", addedAt: 1))
        }
        do {
            try store.addFavorite(Favorite(endpoint: "items", itemID: "7", rowJSON: "{}", addedAt: 1))
        } catch {
            #expect(error.description == store.disabledReason)
        }
        #expect(try store.favorites(endpoint: "items").isEmpty)
    }

    @Test func locationFollowsConfigThenXDGThenHome() {
        var config = RowboatConfig(source: "/etc/a.yaml", server: "http://h", communication: Communication(),
                                   endpoints: [])
        let env = ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]
        let name = CacheLocation.fileName(for: config)
        #expect(name.hasPrefix("rowboat-") && name.hasSuffix(".sqlite") && name.count == 8 + 16 + 7)
        #expect(CacheLocation.file(for: config, environment: env) == "/xdg/rowboat/" + name)
        #expect(CacheLocation.file(for: config, environment: ["HOME": "/home/u"]) == "/home/u/.cache/rowboat/" + name)
        config.localCache.path = "/tmp/mine"
        #expect(CacheLocation.file(for: config, environment: env) == "/tmp/mine/" + name)
        config.localCache.path = "localCache"                    // relative: inside the default directory
        #expect(CacheLocation.file(for: config, environment: env) == "/xdg/rowboat/localCache/" + name)
        var other = config
        other.source = "/etc/b.yaml"
        #expect(CacheLocation.fileName(for: other) != name)
    }

    @Test func twoPoolsOnOneFileBothWork() async throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let a = CacheStore(path: dir + "/c.sqlite")
        let b = CacheStore(path: dir + "/c.sqlite")
        await withTaskGroup(of: Void.self) { group in
            for (name, store) in [("a", a), ("b", b)] {
                group.addTask {
                    for i in 0..<100 {
                        let key = ResponseKey(endpoint: name, params: [:], cursor: .page(i))
                        try? store.storeResponse(key, body: [UInt8](repeating: 1, count: 500), etag: nil,
                                                 lastModified: nil, now: Double(i))
                    }
                }
            }
        }
        #expect(try a.sizes().responses.entries == 200)
        #expect(try b.sizes().responses.entries == 200)
        #expect(try a.integrityCheck() == "ok")
    }
}
