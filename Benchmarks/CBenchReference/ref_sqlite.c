/* SQLite's own cache hit, the floor the cache-sqlite row is measured beside:
 * the same database file opened once read-only, the same SELECT prepared
 * once, then per hit: bind the key, step, copy the blob out, reset. No
 * connection pool, no queue hop, no schema check: what SQLite itself costs. */
#include "bench_reference.h"
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

static sqlite3 *ref_db;
static sqlite3_stmt *ref_select;
static char ref_hash[128];
static unsigned char *ref_copy;
static size_t ref_copy_size;

int ref_sqlite_open(const char *path, const char *url) {
    if (sqlite3_open_v2(path, &ref_db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) return 1;
    /* The row's key, looked up once (the cache keys rows by a hash of the URL). */
    sqlite3_stmt *find;
    if (sqlite3_prepare_v2(ref_db, "SELECT hash FROM image WHERE url = ?", -1, &find, NULL) != SQLITE_OK) return 3;
    sqlite3_bind_text(find, 1, url, -1, SQLITE_STATIC);
    int found = sqlite3_step(find) == SQLITE_ROW;
    if (found) strncpy(ref_hash, (const char *)sqlite3_column_text(find, 0), sizeof ref_hash - 1);
    sqlite3_finalize(find);
    if (!found) return 4;
    const char *sql = "SELECT url, bytes, etag, fetchedAt, lastAccess FROM image WHERE hash = ?";
    return sqlite3_prepare_v3(ref_db, sql, -1, SQLITE_PREPARE_PERSISTENT, &ref_select, NULL) == SQLITE_OK ? 0 : 2;
}

long ref_sqlite_hit(void) {
    long got = -1;
    sqlite3_bind_text(ref_select, 1, ref_hash, -1, SQLITE_STATIC);
    if (sqlite3_step(ref_select) == SQLITE_ROW) {
        const void *blob = sqlite3_column_blob(ref_select, 1);
        int size = sqlite3_column_bytes(ref_select, 1);
        if ((size_t)size > ref_copy_size) {
            free(ref_copy);
            ref_copy = malloc((size_t)size);
            ref_copy_size = (size_t)size;
        }
        if (size > 0) memcpy(ref_copy, blob, (size_t)size);
        got = size;
    }
    sqlite3_reset(ref_select);
    return got;
}

void ref_sqlite_close(void) {
    sqlite3_finalize(ref_select);
    sqlite3_close(ref_db);
    free(ref_copy);
    ref_copy = NULL;
    ref_copy_size = 0;
}
