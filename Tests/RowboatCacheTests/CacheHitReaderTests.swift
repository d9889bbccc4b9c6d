import Foundation
import GRDB
@testable import RowboatCache
import Testing

/// The image hit read through SQLite's C API on the store's own
/// connection gives back the row exactly as stored.
@Suite struct CacheHitReaderTests {
    @Test func aHitIsTheRowAsStored() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite")
        let blob = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try store.storeImage(url: "http://h/big.png", bytes: blob, etag: "W/\"é ü\"", now: 5)
        try store.storeImage(url: "http://h/empty.png", bytes: [], etag: nil, now: 6)
        let big = try #require(try store.image(url: "http://h/big.png", now: 7))
        #expect(big.bytes == blob && big.etag == "W/\"é ü\"" && big.fetchedAt == 5 && big.lastAccess == 5)
        let empty = try #require(try store.image(url: "http://h/empty.png", now: 7))
        #expect(empty.bytes.isEmpty && empty.etag == nil && empty.fetchedAt == 6)
    }

    @Test func aRowOfAnotherURLUnderTheSameHashIsNotAHit() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite")
        let pool = try #require(store.pool)
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO image (hash, url, bytes, size, fetchedAt, lastAccess) VALUES (?, 'http://h/other', x'01', 1, 1, 1)
                """, arguments: [StableHash.hex("http://h/a")])
        }
        #expect(try store.image(url: "http://h/a", now: 2) == nil)
        #expect(try store.image(url: "http://h/other", now: 2) == nil)   // stored under another hash than its own
    }

    @Test func aFileThatCannotBeOpenedSendsHitsToThePool() throws {
        let reader = CacheHitReader(path: "/nonexistent-\(UUID().uuidString)/c.sqlite")
        guard case .unavailable = try reader.image(hash: "h", url: "http://h/a") else {
            Issue.record("a connection to a missing file")
            return
        }
    }
}
