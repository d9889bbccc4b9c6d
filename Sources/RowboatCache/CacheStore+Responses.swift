import Foundation
import GRDB
import RowboatSpec

/// Stored responses: read, write, refresh after a 304. Nothing is written
/// with a secret in it: the key, URL, headers and body pass through
/// `Secrets.redact` (a key is looked up the same way, so it still matches).
extension CacheStore {
    /// The stored response for `key`, fresh or not.
    public func response(_ key: ResponseKey) throws(CacheError) -> CachedResponse? {
        try read(nil) { db in
            try Row.fetchOne(db, sql: """
                SELECT body, fetchedAt, expiresAt, etag, lastModified, url, headers FROM response WHERE key = ?
                """, arguments: [Secrets.redact(key.description)]).map { row in
                let headers = (try? JSONDecoder().decode([StoredHeader].self, from: Data((row["headers"] as String).utf8)))
                return CachedResponse(key: key.description, body: [UInt8](row["body"] as Data),
                                      fetchedAt: row["fetchedAt"], expiresAt: row["expiresAt"],
                                      etag: row["etag"], lastModified: row["lastModified"],
                                      url: row["url"], headers: headers ?? [])
            }
        }
    }

    /// Stores a response body with its validators; fresh for `expireSeconds`
    /// from `now`. The size cap is enforced afterwards.
    public func storeResponse(_ key: ResponseKey, body: [UInt8], etag: String?, lastModified: String?,
                              url: String = "", headers: [StoredHeader] = [], now: Double) throws(CacheError) {
        let endpoint = key.endpoint
        let headerText = Secrets.redact(
            String(decoding: (try? JSONEncoder().encode(headers)) ?? Data("[]".utf8), as: UTF8.self))
        let body = Secrets.redact(bytes: body)
        let url = Secrets.redact(url)
        let key = Secrets.redact(key.description)
        try write(()) { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO response
                (key, endpoint, body, size, fetchedAt, expiresAt, etag, lastModified, url, headers)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [key, endpoint, Data(body), body.count, now,
                                 now + expireSeconds, etag, lastModified, url, headerText])
            _ = try Self.enforce(maxBytes, db)
        }
    }

    /// A 304 said the stored body is current: it counts as fetched `now`.
    /// Returns false when there is no such entry.
    @discardableResult
    public func touchResponse(_ key: ResponseKey, now: Double) throws(CacheError) -> Bool {
        try write(false) { db in
            try db.execute(sql: "UPDATE response SET fetchedAt = ?, expiresAt = ? WHERE key = ?",
                           arguments: [now, now + expireSeconds, Secrets.redact(key.description)])
            return db.changesCount > 0
        }
    }
}
