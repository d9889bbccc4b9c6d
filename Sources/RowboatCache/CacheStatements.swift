/// The statements that read a whole table's sizes, ages or expiry: the
/// size cap's total and eviction order, `sizes()` and the prune at open.
/// Each is answered from an index that holds the columns it reads
/// (`CacheSchema` v2), not from the rows, whose columns after a blob lie
/// at the end of its overflow pages (a total over 200 MB of pictures read
/// all 200 MB). `CacheStatementPlanTests` asks SQLite's plan of each.
enum CacheStatements {
    /// Content bytes of both kinds.
    static let totalBytes = """
        SELECT (SELECT IFNULL(SUM(size), 0) FROM response) + (SELECT IFNULL(SUM(size), 0) FROM image)
        """
    /// Bytes and entries of each kind.
    static let responseSizes = "SELECT SUM(size), COUNT(*) FROM response"
    static let imageSizes = "SELECT SUM(size), COUNT(*) FROM image"
    /// Responses that expired by the argument.
    static let deleteExpired = "DELETE FROM response WHERE expiresAt <= ?"

    /// What the size cap evicts first, in order: the least recently used
    /// images, then the oldest responses (table, its key, its age column).
    static let evictionPlans = [("image", "hash", "lastAccess"), ("response", "key", "fetchedAt")]

    /// Keys and sizes of `table` in eviction order.
    static func evictionOrder(_ table: String, key: String, age: String) -> String {
        "SELECT \(key), size FROM \(table) ORDER BY \(age), \(key)"
    }
}
