import Foundation
import GRDB
@testable import RowboatCache
import RowboatSpec
import Testing

/// The statements that read a whole table's sizes, ages or expiry are
/// answered from indexes (`CacheStatements`, `CacheSchema` v2): a row's
/// columns after its blob lie at the end of the blob's overflow pages, so a
/// plan that reads the rows reads every byte the cache holds.
@Suite struct CacheStatementPlanTests {
    /// SQLite's plan of `sql`, one line a step.
    func plan(_ sql: String, in pool: DatabasePool) throws -> [String] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql.replacingOccurrences(of: "?", with: "0"))
                .map { $0["detail"] as String }
        }
    }

    /// Every step that reads `response` or `image` goes through an index
    /// holding what it reads.
    func expectIndexesOnly(_ steps: [String], _ sql: String) {
        let tables = steps.filter { $0.contains(" response") || $0.contains(" image") }
        #expect(!tables.isEmpty, "\(sql): \(steps)")
        for step in tables {
            #expect(step.contains("USING COVERING INDEX") || step.contains("USING INDEX response_on_expiresAt"),
                    "\(sql): \(step)")
        }
    }

    @Test func sizesAgesAndExpiryAreReadFromIndexes() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let store = CacheStore(path: dir + "/c.sqlite")
        let pool = try #require(store.pool)
        var statements = [CacheStatements.totalBytes, CacheStatements.responseSizes, CacheStatements.imageSizes,
                          CacheStatements.deleteExpired]
        statements += CacheStatements.evictionPlans.map { CacheStatements.evictionOrder($0.0, key: $0.1, age: $0.2) }
        for sql in statements { expectIndexesOnly(try plan(sql, in: pool), sql) }
        // The eviction order is the index's own: no sort step.
        for (table, key, age) in CacheStatements.evictionPlans {
            let steps = try plan(CacheStatements.evictionOrder(table, key: key, age: age), in: pool)
            #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
        }
    }

    @Test func aCacheMadeBeforeTheIndexesGetsThemAndKeepsItsEntries() throws {
        let dir = try TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/c.sqlite"
        do {
            // The file as the first schema left it, with one entry of each kind.
            let pool = try DatabasePool(path: path)
            try CacheSchema.migrator.migrate(pool, upTo: "v1")
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO response (key, endpoint, body, size, fetchedAt, expiresAt, url, headers)
                    VALUES ('k', 'items', x'0102', 2, 1, 1e12, 'http://h/p', '{}');
                    INSERT INTO image (hash, url, bytes, size, fetchedAt, lastAccess)
                    VALUES ('h', 'http://h/a', x'010203', 3, 1, 1);
                    """)
            }
            try pool.close()
        }
        let store = CacheStore(path: path)
        let sizes = try store.sizes()
        #expect(sizes.responses == .init(bytes: 2, entries: 1))
        #expect(sizes.images == .init(bytes: 3, entries: 1))
        let pool = try #require(store.pool)
        let indexes = try pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
        #expect(indexes == ["image_on_lastAccess_hash_size", "response_on_expiresAt", "response_on_fetchedAt_key_size"])
        expectIndexesOnly(try plan(CacheStatements.totalBytes, in: pool), CacheStatements.totalBytes)
    }
}
