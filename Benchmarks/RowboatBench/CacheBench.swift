import CBenchReference
import Foundation
import GRDB
import RowboatCache
import RowboatSpec

/// A 10 KB cache hit: the memory layer against memcpy of 10 KB, and the
/// SQLite layer against open/read/close of a 10 KB file.
enum CacheBench {
    static func run(reps: Int, directory: String) throws -> [BenchResult] {
        let payload = (0..<10_240).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let memory = MemoryCache<String, [UInt8]>(maxCost: 1 << 20)
        memory.insert(payload, for: "k", cost: payload.count)
        var destination = [UInt8](repeating: 0, count: payload.count)
        var sink = 0
        let (mem, copy) = Bench.compare(reps: reps, inner: 2000, ours: {
            let value = memory.value(for: "k")!
            sink &+= Int(value[value.count - 1])
        }, reference: {
            payload.withUnsafeBytes { src in
                destination.withUnsafeMutableBytes { dst in _ = memcpy(dst.baseAddress!, src.baseAddress!, src.count) }
            }
            sink &+= Int(destination[destination.count - 1])
        })

        let store = CacheStore(path: directory + "/bench.sqlite")
        try store.storeImage(url: "http://127.0.0.1/bench.png", bytes: payload, etag: nil, now: 1)
        let file = directory + "/bench.bin"
        FileManager.default.createFile(atPath: file, contents: Data(payload))
        var buffer = [UInt8](repeating: 0, count: payload.count)
        let (sqlite, fileRead) = Bench.compare(reps: reps, inner: 200, ours: {
            let hit = try? store.image(url: "http://127.0.0.1/bench.png", now: 2)
            sink &+= hit?.bytes.count ?? 0
        }, reference: {
            let fd = open(file, O_RDONLY)
            let n = read(fd, &buffer, buffer.count)
            close(fd)
            sink &+= n
        })
        // The libraries' own hits beside ours (the floor under the row): SQLite's C API on one connection
        // with the statement prepared once, and GRDB's pool read of the same row (what `CacheStore` asks GRDB).
        let path = directory + "/bench.sqlite"
        precondition(ref_sqlite_open(path, "http://127.0.0.1/bench.png") == 0, "the reference could not open the cache")
        let pool = try DatabasePool(path: path)
        let (grdb, sqliteC) = Bench.compare(reps: reps, inner: 200, ours: {
            let bytes = try? pool.unsafeRead { db -> Int in
                let statement = try db.cachedStatement(sql: "SELECT url, bytes, etag, fetchedAt, lastAccess FROM image WHERE url = ?")
                statement.arguments = ["http://127.0.0.1/bench.png"]
                guard let row = try Row.fetchCursor(statement).next() else { return 0 }
                return try row.withUnsafeData(atIndex: 1) { data in data.map { [UInt8]($0).count } ?? 0 }
            }
            sink &+= bytes ?? 0
        }, reference: {
            sink &+= ref_sqlite_hit()
        })
        ref_sqlite_close()
        try pool.close()
        precondition(sink != 42)
        return [
            BenchResult(name: "cache-memory", unit: "10 KB hit", ours: mem, reference: copy,
                        referenceName: "memcpy 10 KB", target: nil,
                        note: "reported (a trivial copy, no external cache to compare): the hit hands back the stored "
                            + "buffer (copy-on-write), so no bytes move"),
            BenchResult(name: "cache-sqlite", unit: "10 KB hit", ours: sqlite, reference: fileRead,
                        referenceName: "open/read/close", target: 2.0,
                        note: "one SELECT prepared once on the store's read-only hit connection, stepped through SQLite's C API, no transaction (the access time is written at most once a minute); "
                            + "the libraries' own hit of the same row: GRDB's pool read " + Bench.time(grdb) + ", SQLite's C API (one connection, "
                            + "the statement prepared once) " + Bench.time(sqliteC) + String(format: " — ours %.2f× GRDB's, %.2f× SQLite's", sqlite / grdb, sqlite / sqliteC)),
        ]
    }
}
