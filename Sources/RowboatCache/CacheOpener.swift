import Foundation
import GRDB

/// Opens a cache database: creates its directory, opens a WAL pool with a
/// busy timeout, migrates and checks it. A damaged file is renamed aside
/// with a timestamp suffix and a fresh one created, once.
enum CacheOpener {
    enum Outcome {
        /// `check`: the full check still running, for a large file.
        case opened(DatabasePool, notice: String?, check: CacheCheck?)
        case disabled(String)
    }

    static let busyTimeout: TimeInterval = 5

    /// Files up to this size pass `PRAGMA quick_check` before they are used
    /// (a few milliseconds); a larger one is checked after it is opened,
    /// off the start-up path (`CacheCheck`).
    static let checkedAtOpenBytes = 8 << 20

    static func open(path: String, now: Date) -> Outcome {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .disabled("cache disabled: cannot create \(directory): \(reason(error))")
        }
        guard access(directory, W_OK) == 0 else { return .disabled(readOnly(directory, errno)) }
        if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 { return .disabled(readOnly(path, errno)) }
        // A check after an earlier open found the file damaged (a marker for a file gone since is dropped).
        let marker = CacheCheck.marker(for: path)
        let markedDamaged = FileManager.default.fileExists(atPath: marker)
        if markedDamaged, !FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: marker) }
        do {
            if markedDamaged, FileManager.default.fileExists(atPath: path) {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "quick_check failed after an earlier open")
            }
            let (pool, check) = try makePool(path)
            return .opened(pool, notice: nil, check: check)
        } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_READONLY {
            return .disabled("cache disabled: the cache is read-only (\(path): \(CacheError.text(error)))")
        } catch let error where isDamage(error) {
            let aside: String
            do {
                aside = try moveAside(path, now: now)
            } catch {
                return .disabled("cache disabled: damaged database could not be moved aside: \(reason(error))")
            }
            do {
                let (pool, check) = try makePool(path)
                return .opened(pool, notice: "cache database was damaged; moved it to \(aside) and started a fresh one",
                               check: check)
            } catch {
                return .disabled("cache disabled: \(CacheError.text(error))")
            }
        } catch {
            return .disabled("cache disabled: \(CacheError.text(error))")
        }
    }

    /// The reason for a cache whose directory or file cannot be written
    /// (a read-only file system, or permissions).
    static func readOnly(_ path: String, _ code: Int32) -> String {
        "cache disabled: the cache is read-only (\(path): \(String(cString: strerror(code))))"
    }

    /// A pool that is migrated and passes a quick check — before it is
    /// returned for a file up to `checkedAtOpenBytes`, after (the check
    /// returned with it) for a larger one, whose header and schema have
    /// been read by then; none for a file as the last clean end left it
    /// (`CacheSeal`).
    static func makePool(_ path: String) throws -> (DatabasePool, CacheCheck?) {
        // Asked before the pool opens it: GRDB writes to an empty log at every open.
        let sealed = CacheSeal.holds(for: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "rowboat-cache"
        let pool = try DatabasePool(path: path, configuration: configuration)
        try CacheSchema.migrator.migrate(pool)
        if sealed { return (pool, nil) }
        // stat, not FileManager's attributes: their `as? Int` is the process's first bridging cast
        // (Foundation's boxed values), which cost a start about 2 ms of runtime lookups.
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        if size > checkedAtOpenBytes { return (pool, CacheCheck(pool: pool, path: path)) }
        let check = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        guard check == ["ok"] else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "quick_check failed") }
        return (pool, nil)
    }

    /// Errors that mean the file is not a sound SQLite database.
    static func isDamage(_ error: any Error) -> Bool {
        guard let db = error as? DatabaseError else { return false }
        return [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(db.resultCode.primaryResultCode)
            || db.extendedResultCode == .SQLITE_IOERR_SHORT_READ
    }

    /// Renames the file (and its WAL and shared-memory files) to
    /// `<name>.corrupt-<timestamp>`; returns the new main file's path.
    static func moveAside(_ path: String, now: Date) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        var aside = "\(path).corrupt-\(formatter.string(from: now))"
        var n = 1
        while FileManager.default.fileExists(atPath: aside) {
            n += 1
            aside = "\(path).corrupt-\(formatter.string(from: now))-\(n)"
        }
        try FileManager.default.moveItem(atPath: path, toPath: aside)
        try? FileManager.default.removeItem(atPath: CacheCheck.marker(for: path))
        CacheSeal.forget(for: path)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
        }
        return aside
    }

    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return CacheError.oneLine((error as NSError).localizedDescription)
    }
}
