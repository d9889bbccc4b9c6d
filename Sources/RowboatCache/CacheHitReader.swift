import GRDBSQLite
import Synchronization

/// One read-only SQLite connection of its own for image hits, opened at
/// the first, with the hit's statement prepared once and stepped through
/// SQLite's C API (GRDB's own SQLite module). In one run of `rowboat-bench
/// cache` (a 10 KB image): GRDB's pool read 17 µs (checkout, queue hop),
/// a GRDB queue on this connection 10.5 µs (queue hop, statement lookup,
/// argument checks, row cursor), this 4–5.6 µs, SQLite's own 4.4 µs.
/// Hits from several threads take turns under a mutex (each is a few
/// microseconds). When the connection cannot be opened, hits read
/// through the pool.
final class CacheHitReader: Sendable {
    /// What a hit found.
    enum Hit {
        case found(CachedImage)
        case missing
        /// No connection of its own (it could not be opened): read through the pool.
        case unavailable
    }

    /// The open connection and its prepared statement.
    struct Connection {
        let db: OpaquePointer
        let statement: OpaquePointer
    }

    enum State {
        case unopened, open(Connection), unusable
    }

    static let sql = "SELECT url, bytes, etag, fetchedAt, lastAccess FROM image WHERE hash = ?"

    let path: String
    private let state = Mutex<State>(.unopened)

    init(path: String) {
        self.path = path
    }

    deinit {
        state.withLock { state in
            guard case .open(let connection) = state else { return }
            sqlite3_finalize(connection.statement)
            sqlite3_close_v2(connection.db)
        }
    }

    /// The image stored under `hash` for `url` (a row of another URL with
    /// the same hash is not it).
    func image(hash: String, url: String) throws(CacheError) -> Hit {
        try state.withLock { state throws(CacheError) -> Hit in
            if case .unopened = state { state = Self.open(path).map(State.open) ?? .unusable }
            guard case .open(let connection) = state else { return .unavailable }
            let statement = connection.statement
            defer { sqlite3_reset(statement) }
            let code = hash.withCString { text in
                // SQLITE_STATIC: the text outlives the step, reset before it goes.
                sqlite3_bind_text(statement, 1, text, -1, nil) == SQLITE_OK ? sqlite3_step(statement) : SQLITE_MISUSE
            }
            switch code {
            case SQLITE_DONE: return .missing
            case SQLITE_ROW:
                guard Self.text(statement, 0).map({ url.utf8.elementsEqual($0) }) == true else { return .missing }
                let count = Int(sqlite3_column_bytes(statement, 1))
                let bytes = count > 0 ? [UInt8](UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 1), count: count)) : []
                let etag = Self.text(statement, 2).map { String(decoding: $0, as: UTF8.self) }
                return .found(CachedImage(url: url, bytes: bytes, etag: etag, fetchedAt: sqlite3_column_double(statement, 3),
                                          lastAccess: sqlite3_column_double(statement, 4)))
            default:
                throw CacheError("cache: " + CacheError.oneLine(String(cString: sqlite3_errmsg(connection.db))))
            }
        }
    }

    /// Column `index`'s text bytes (nil: NULL), valid until the next step or reset.
    static func text(_ statement: OpaquePointer, _ index: Int32) -> UnsafeRawBufferPointer? {
        guard sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
        let start = sqlite3_column_text(statement, index)
        return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, index)))
    }

    /// The file opened read-only with the store's busy timeout and the hit
    /// prepared; nil when either fails.
    static func open(_ path: String) -> Connection? {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            return nil
        }
        sqlite3_busy_timeout(db, Int32(CacheOpener.busyTimeout * 1000))
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement else {
            sqlite3_close_v2(db)
            return nil
        }
        return Connection(db: db, statement: statement)
    }
}
