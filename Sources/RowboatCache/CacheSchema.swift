import GRDB

/// The cache's tables, created and upgraded by one migrator.
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
        return migrator
    }
}
