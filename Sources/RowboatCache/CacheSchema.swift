import GRDB

/// The cache's tables, created and upgraded by one migrator.
///
/// A row's columns after its blob (`body`, `bytes`) lie at the end of the
/// blob's overflow pages, which SQLite walks one by one to reach them: the
/// size cap's total and order, and the expired responses, are read from
/// indexes that hold those columns (v2), never from the rows, so a write
/// or an open costs what it touches, not what the cache holds.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "response") { t in
                t.primaryKey("key", .text)
                t.column("endpoint", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("size", .integer).notNull()
                t.column("fetchedAt", .double).notNull().indexed()
                t.column("expiresAt", .double).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("url", .text).notNull()
                t.column("headers", .text).notNull()
            }
            try db.create(table: "image") { t in
                t.primaryKey("hash", .text)
                t.column("url", .text).notNull()
                t.column("bytes", .blob).notNull()
                t.column("size", .integer).notNull()
                t.column("etag", .text)
                t.column("fetchedAt", .double).notNull()
                t.column("lastAccess", .double).notNull().indexed()
            }
            try db.create(table: "favorite") { t in
                t.column("endpoint", .text).notNull()
                t.column("itemID", .text).notNull()
                t.column("row", .text).notNull()
                t.column("addedAt", .double).notNull()
                t.primaryKey(["endpoint", "itemID"])
            }
        }
        migrator.registerMigration("v2") { db in
            try db.drop(index: "image_on_lastAccess")
            try db.create(index: "image_on_lastAccess_hash_size", on: "image", columns: ["lastAccess", "hash", "size"])
            try db.drop(index: "response_on_fetchedAt")
            try db.create(index: "response_on_fetchedAt_key_size", on: "response", columns: ["fetchedAt", "key", "size"])
            try db.create(index: "response_on_expiresAt", on: "response", columns: ["expiresAt"])
        }
        return migrator
    }
}
