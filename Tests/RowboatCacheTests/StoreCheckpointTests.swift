import Foundation
import GRDB
import RowboatCache
import RowboatSpec
import Testing

/// A run's end folds the cache's write-ahead log into the file, so the next
/// process to open the file has (almost) no log to read back.
@Suite struct StoreCheckpointTests {
    func key(_ page: Int) -> ResponseKey { ResponseKey(endpoint: "items", params: [:], cursor: .page(page)) }

    func logBytes(_ path: String) -> Int {
        var info = stat()
        return stat(path + "-wal", &info) == 0 ? Int(info.st_size) : -1
    }

    @Test func theLogIsFoldedInAndEmptiedAndTheStoreGoesOn() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        let store = CacheStore(path: path)
        try store.storeResponse(key(1), body: [UInt8](repeating: 1, count: 20_000), etag: nil, lastModified: nil, now: 1)
        #expect(logBytes(path) > 20_000)
        store.checkpoint()
        // Folded in: what is left in the log is the one small transaction kept for the next open.
        #expect(logBytes(path) > 0 && logBytes(path) < 20_000)
        #expect(FileManager.default.fileExists(atPath: path + ".sealed"))
        // The next open leaves the log as it is (GRDB writes only to an empty one).
        let kept = logBytes(path)
        let next = CacheStore(path: path)
        #expect(logBytes(path) == kept)
        withExtendedLifetime(next) {}
        // What was written is read back, and the store still reads and writes.
        #expect(try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM response") } == 1)
        try store.storeResponse(key(2), body: [2], etag: nil, lastModified: nil, now: 2)
        #expect(try store.response(key(1))?.body.count == 20_000 && store.response(key(2))?.body == [2])
    }

    @Test func anotherProcesssReaderKeepsTheLogAndTheEndDoesNotWaitForIt() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        let store = CacheStore(path: path)
        try store.storeResponse(key(1), body: [1], etag: nil, lastModified: nil, now: 1)
        // Another connection reads an older state while this one writes on and ends.
        let other = try DatabaseQueue(path: path)
        let held = try other.read { db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM response")
            try store.storeResponse(key(2), body: [UInt8](repeating: 2, count: 20_000), etag: nil, lastModified: nil, now: 2)
            let before = logBytes(path)
            let start = Date()
            store.checkpoint(patience: 0.05)
            // Given up after its patience (the store's own busy timeout is 5 s), the log left as it was.
            #expect(Date().timeIntervalSince(start) < 3)
            #expect(logBytes(path) == before)
            // Nor is the file sealed: the next open reads the log and checks the file.
            #expect(!FileManager.default.fileExists(atPath: path + ".sealed"))
            return count
        }
        #expect(held == 1)
        // That reader done, the next end empties the log; the newer row was kept all along.
        store.checkpoint()
        #expect(logBytes(path) < 20_000)
        #expect(try store.response(key(2))?.body.count == 20_000)
    }
}
