import GRDB

/// A cache operation that failed, as one sanitized line.
public struct CacheError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    /// One line for any error from GRDB or the file system.
    public static func from(_ error: any Error) -> CacheError {
        if let cache = error as? CacheError { return cache }
        return CacheError("cache: " + text(error))
    }

    /// The error's own words, one line, without the "cache: " prefix.
    static func text(_ error: any Error) -> String {
        if let db = error as? DatabaseError {
            return oneLine(db.message ?? "SQLite error \(db.resultCode.rawValue)")
        }
        return oneLine("\(error)")
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 }.prefix(200))
    }
}
