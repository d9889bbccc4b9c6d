#if canImport(Glibc)
import Glibc
#endif

/// What the cache file and its log were when a run that ended cleanly
/// left them (`CacheStore.checkpoint`): for each, its device, inode, size
/// and modification time, kept next to the file (`<file>.sealed`). An open
/// that finds both just so skips reading the file whole
/// (`PRAGMA quick_check`: 3.6 ms of a 30 ms start for a 2.2 MB file, 90 ms
/// for 200 MB): whatever could have damaged them since — truncation, a
/// copy over them, another program's writes, a run killed with its log
/// grown — changes one of them. SQLite's own writes need no check: they
/// are whole or not there.
enum CacheSeal {
    /// The line kept for the file at `path` and its log as they are now;
    /// nil when either cannot be read.
    static func line(for path: String) -> String? {
        guard let file = stamp(path), let log = stamp(path + "-wal") else { return nil }
        return file + " " + log + "\n"
    }

    /// Device, inode, size and modification time of the file at `path`.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)"
    }

    /// Where the seal of the file at `path` is kept.
    static func file(for path: String) -> String { path + ".sealed" }

    /// True when the file at `path` and its log are as the last clean end left them.
    static func holds(for path: String) -> Bool {
        guard let now = line(for: path) else { return false }
        let fd = open(file(for: path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 && Array(buffer[..<n]) == Array(now.utf8)
    }

    /// Keeps the seal of the file at `path` and its log as they are now. It
    /// is not synced: a seal lost or torn in a crash only means the next
    /// open checks the file.
    static func keep(for path: String) {
        guard let now = line(for: path) else { return forget(for: path) }
        let fd = open(file(for: path), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let bytes = Array(now.utf8)
        let written = write(fd, bytes, bytes.count)
        close(fd)
        if written != bytes.count { forget(for: path) }
    }

    /// Drops the seal (the file has moved aside, or its end was not clean).
    static func forget(for path: String) {
        unlink(file(for: path))
    }
}
