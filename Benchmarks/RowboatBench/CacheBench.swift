import Foundation
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
        precondition(sink != 42)
        return [
            BenchResult(name: "cache-memory", unit: "10 KB hit", ours: mem, reference: copy,
                        referenceName: "memcpy 10 KB", target: nil,
                        note: "reported (a trivial copy, no external cache to compare): the hit hands back the stored "
                            + "buffer (copy-on-write), so no bytes move"),
            BenchResult(name: "cache-sqlite", unit: "10 KB hit", ours: sqlite, reference: fileRead,
                        referenceName: "open/read/close", target: 2.0,
                        note: "one cached SELECT on a pooled reader, no transaction (the access time is written at most once a minute)"),
        ]
    }
}
