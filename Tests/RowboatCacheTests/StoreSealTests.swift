import Foundation
@testable import RowboatCache
import RowboatSpec
import Testing

/// A file as the last clean end left it (sealed) is not read whole again
/// at the next open; a file changed since, or with a log left, is.
@Suite struct StoreSealTests {
    func key(_ page: Int) -> ResponseKey { ResponseKey(endpoint: "items", params: [:], cursor: .page(page)) }

    /// A small cache (checked at open when not sealed), its run ended cleanly or not.
    /// The store is returned to be held: a process ends without closing it (a
    /// store let go closes its connections, and SQLite's last close folds and
    /// removes the log, which the next open then writes and checks anew).
    func populated(_ path: String, ended: Bool) throws -> CacheStore {
        let store = CacheStore(path: path)
        for page in 1...40 {
            try store.storeResponse(key(page), body: [UInt8](repeating: UInt8(page), count: 3000), etag: nil,
                                    lastModified: nil, now: 1)
        }
        if ended { store.checkpoint() }
        return store
    }

    /// `body` with the path of a cache whose run ended cleanly (sealed), its
    /// store held for the test (as a process that ends without closing it).
    func withEndedCache(_ body: (String) throws -> Void) throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        let ended = try populated(path, ended: true)
        defer { withExtendedLifetime(ended) {} }
        try body(path)
    }

    /// Overwrites the middle of the file, then gives it back its modification time.
    func damageKeepingTime(_ path: String) throws {
        var info = stat()
        #expect(stat(path, &info) == 0)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(info.st_size / 2))
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 8192))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aCleanEndSealsTheFileAndTheNextOpenTrustsIt() throws {
        try withEndedCache { path in
            #expect(CacheSeal.holds(for: path))
            // Damage no change of size or time shows: the seal is trusted, the file not read whole.
            try damageKeepingTime(path)
            #expect(CacheSeal.holds(for: path))
            let store = CacheStore(path: path)
            #expect(store.isEnabled && store.notice == nil)
        }
    }

    @Test func aFileChangedSinceItsSealIsChecked() throws {
        try withEndedCache { path in
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(truncate(path, off_t(info.st_size / 3)) == 0)
            #expect(!CacheSeal.holds(for: path))
            let store = CacheStore(path: path)
            #expect(store.notice?.hasPrefix("cache database was damaged; moved it to \(path).corrupt-") == true)
            // The fresh file is not taken for the old one.
            #expect(!FileManager.default.fileExists(atPath: CacheSeal.file(for: path)))
        }
    }

    @Test func aLogLeftBehindMeansTheFileIsChecked() throws {
        try withEndedCache { path in
            // The next run writes and ends without folding its log in (killed, say).
            let killed = CacheStore(path: path)
            defer { withExtendedLifetime(killed) {} }
            try killed.storeResponse(key(99), body: [9], etag: nil, lastModified: nil, now: 2)
            #expect(!CacheSeal.holds(for: path))
            try damageKeepingTime(path)
            let store = CacheStore(path: path)
            #expect(store.notice?.hasPrefix("cache database was damaged; moved it to \(path).corrupt-") == true)
        }
    }

    @Test func aSealThatIsNotTheFilesIsNotTrusted() throws {
        try withEndedCache { path in
            // A torn or foreign seal (half a line, another file's stamps) vouches for nothing.
            let line = try String(contentsOfFile: CacheSeal.file(for: path), encoding: .utf8)
            for kept in [String(line.prefix(line.count / 2)), line.replacingOccurrences(of: " ", with: "  "), ""] {
                try kept.write(toFile: CacheSeal.file(for: path), atomically: false, encoding: .utf8)
                #expect(!CacheSeal.holds(for: path))
            }
            try damageKeepingTime(path)
            let store = CacheStore(path: path)
            #expect(store.notice?.hasPrefix("cache database was damaged; moved it to \(path).corrupt-") == true)
        }
    }
}
