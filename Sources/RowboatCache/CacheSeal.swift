import Foundation

/// What the file was when a run that ended cleanly left it: its device,
/// inode, size and modification time, kept next to it (`<file>.sealed`)
/// once the run's log was folded in and emptied (`CacheStore.checkpoint`).
/// An open that finds the file just so, with no log since, skips reading
/// it whole (`PRAGMA quick_check`: 3.6 ms of a 30 ms start for a 2.2 MB
/// file, 90 ms for 200 MB): what could have damaged it since — truncation,
/// a copy over it, another program's writes, a crash with a log left —
/// changes one of them or leaves a log. SQLite's own writes need no check:
/// they are whole or not there.
struct CacheSeal: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    /// The seal of the file at `path` as it is now; nil when it cannot be read.
    static func of(_ path: String) -> CacheSeal? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return CacheSeal(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                         seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }

    /// Where the seal of the file at `path` is kept.
    static func file(for path: String) -> String { path + ".sealed" }

    /// True when the file at `path` is as the last clean end left it and
    /// its log holds no frame (a log's header alone is 32 bytes).
    static func holds(for path: String) -> Bool {
        guard let kept = try? String(contentsOfFile: file(for: path), encoding: .utf8),
              let now = of(path), kept == now.line else { return false }
        var log = stat()
        return stat(path + "-wal", &log) != 0 || log.st_size <= 32
    }

    /// Keeps the seal of the file at `path` as it is now (after its log was
    /// emptied); a failure leaves none, and the next open checks the file.
    static func keep(for path: String) {
        guard let now = of(path) else { return forget(for: path) }
        do { try now.line.write(toFile: file(for: path), atomically: true, encoding: .utf8) } catch { forget(for: path) }
    }

    /// Drops the seal (the file is changing or has moved aside).
    static func forget(for path: String) {
        unlink(file(for: path))
    }

    var line: String { "\(device) \(inode) \(size) \(seconds) \(nanoseconds)\n" }
}
