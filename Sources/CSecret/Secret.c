// libsecret, opened at the first call (see CSecret.h). Only the functions
// below are used, each looked up once by name; the types are libsecret's
// and GLib's public ABI (pointers, and GError's first three fields).
#include "CSecret.h"
#include <dlfcn.h>
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// GError's public fields (GLib's ABI since 2.0).
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} rb_gerror;

typedef void *(*rb_hash_table_new_fn)(void *hash, void *equal);
typedef int (*rb_hash_table_insert_fn)(void *table, void *key, void *value);
typedef void (*rb_unref_fn)(void *object);
typedef void *(*rb_schema_newv_fn)(const char *name, int flags, void *attributes);
typedef int (*rb_storev_fn)(const void *schema, void *attributes, const char *collection, const char *label,
                            const char *password, void *cancellable, rb_gerror **error);
typedef char *(*rb_lookupv_fn)(const void *schema, void *attributes, void *cancellable, rb_gerror **error);
typedef int (*rb_clearv_fn)(const void *schema, void *attributes, void *cancellable, rb_gerror **error);
typedef void *(*rb_service_get_fn)(int flags, void *cancellable, rb_gerror **error);
typedef void *(*rb_collection_for_alias_fn)(void *service, const char *alias, int flags, void *cancellable,
                                            rb_gerror **error);
typedef int (*rb_get_locked_fn)(void *collection);
typedef void (*rb_free_fn)(void *pointer);
typedef void (*rb_error_free_fn)(rb_gerror *error);

/// What the first call found: the functions, or why libsecret is not there.
static struct {
    rb_hash_table_new_fn hash_table_new;
    rb_hash_table_insert_fn hash_table_insert;
    rb_unref_fn hash_table_unref;
    void *str_hash, *str_equal;
    rb_error_free_fn error_free;
    rb_unref_fn object_unref;
    rb_storev_fn storev;
    rb_lookupv_fn lookupv;
    rb_clearv_fn clearv;
    rb_service_get_fn service_get;
    rb_collection_for_alias_fn collection_for_alias;
    rb_get_locked_fn get_locked;
    rb_free_fn password_free;
    /// Rowboat's items: one per sign-in, found by its `account` attribute.
    void *schema;
    char failure[512];
} rb_secret;

static pthread_once_t rb_secret_once = PTHREAD_ONCE_INIT;

static void rb_secret_open(void) {
    const char *library = "libsecret-1.so.0";
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(rb_secret.failure, sizeof rb_secret.failure, "libsecret could not be opened: %s",
                 why ? why : library);
        return;
    }
    // Each symbol by name, in libsecret or the libraries it brings (GLib, GObject).
    const char *missing = NULL;
#define RB_FIND(field, name) \
    do { \
        *(void **)&rb_secret.field = dlsym(handle, name); \
        if (rb_secret.field == NULL && missing == NULL) missing = name; \
    } while (0)
    RB_FIND(hash_table_new, "g_hash_table_new");
    RB_FIND(hash_table_insert, "g_hash_table_insert");
    RB_FIND(hash_table_unref, "g_hash_table_unref");
    RB_FIND(str_hash, "g_str_hash");
    RB_FIND(str_equal, "g_str_equal");
    RB_FIND(error_free, "g_error_free");
    RB_FIND(object_unref, "g_object_unref");
    RB_FIND(storev, "secret_password_storev_sync");
    RB_FIND(lookupv, "secret_password_lookupv_sync");
    RB_FIND(clearv, "secret_password_clearv_sync");
    RB_FIND(service_get, "secret_service_get_sync");
    RB_FIND(collection_for_alias, "secret_collection_for_alias_sync");
    RB_FIND(get_locked, "secret_collection_get_locked");
    RB_FIND(password_free, "secret_password_free");
    rb_schema_newv_fn schema_newv = NULL;
    *(void **)&schema_newv = dlsym(handle, "secret_schema_newv");
    if (schema_newv == NULL && missing == NULL) missing = "secret_schema_newv";
#undef RB_FIND
    if (missing != NULL) {
        snprintf(rb_secret.failure, sizeof rb_secret.failure, "libsecret lacks %s", missing);
        return;
    }
    // The schema: "org.rowboat.SignIn", no flags, one string attribute
    // (SECRET_SCHEMA_ATTRIBUTE_STRING is 0, the table's value).
    void *types = rb_secret.hash_table_new(rb_secret.str_hash, rb_secret.str_equal);
    rb_secret.hash_table_insert(types, (void *)"account", NULL);
    rb_secret.schema = schema_newv("org.rowboat.SignIn", 0, types);
    rb_secret.hash_table_unref(types);
    if (rb_secret.schema == NULL) snprintf(rb_secret.failure, sizeof rb_secret.failure, "libsecret made no schema");
}

/// True when libsecret is open; else `*error` says why (free it).
static int rb_secret_ready(char **error) {
    pthread_once(&rb_secret_once, rb_secret_open);
    if (rb_secret.schema != NULL) return 1;
    *error = strdup(rb_secret.failure[0] ? rb_secret.failure : "libsecret could not be opened");
    return 0;
}

static void *rb_secret_attributes(const char *account) {
    void *table = rb_secret.hash_table_new(rb_secret.str_hash, rb_secret.str_equal);
    rb_secret.hash_table_insert(table, (void *)"account", (void *)account);
    return table;
}

/// The error's message (malloc'd, for the caller to free) and the error freed.
static char *rb_secret_take_error(rb_gerror *error) {
    if (error == NULL) return NULL;
    char *message = strdup(error->message ? error->message : "unknown error");
    rb_secret.error_free(error);
    return message;
}

int rb_secret_store(const char *account, const char *label, const char *secret, char **error) {
    *error = NULL;
    if (!rb_secret_ready(error)) return -1;
    rb_gerror *failure = NULL;
    void *attributes = rb_secret_attributes(account);
    int ok = rb_secret.storev(rb_secret.schema, attributes, "default", label, secret, NULL, &failure);
    rb_secret.hash_table_unref(attributes);
    *error = rb_secret_take_error(failure);
    return ok ? 0 : -1;
}

char *rb_secret_lookup(const char *account, char **error) {
    *error = NULL;
    if (!rb_secret_ready(error)) return NULL;
    rb_gerror *failure = NULL;
    void *attributes = rb_secret_attributes(account);
    char *found = rb_secret.lookupv(rb_secret.schema, attributes, NULL, &failure);
    rb_secret.hash_table_unref(attributes);
    *error = rb_secret_take_error(failure);
    return found;
}

int rb_secret_clear(const char *account, char **error) {
    *error = NULL;
    if (!rb_secret_ready(error)) return -1;
    rb_gerror *failure = NULL;
    void *attributes = rb_secret_attributes(account);
    rb_secret.clearv(rb_secret.schema, attributes, NULL, &failure);
    rb_secret.hash_table_unref(attributes);
    *error = rb_secret_take_error(failure);
    return *error == NULL ? 0 : -1;
}

int rb_secret_default_locked(char **error) {
    *error = NULL;
    if (!rb_secret_ready(error)) return -1;
    rb_gerror *failure = NULL;
    void *service = rb_secret.service_get(0, NULL, &failure);
    *error = rb_secret_take_error(failure);
    if (*error != NULL || service == NULL) return -1;
    void *collection = rb_secret.collection_for_alias(service, "default", 0, NULL, &failure);
    rb_secret.object_unref(service);
    *error = rb_secret_take_error(failure);
    if (*error != NULL) return -1;
    if (collection == NULL) return 1;
    int locked = rb_secret.get_locked(collection) ? 1 : 0;
    rb_secret.object_unref(collection);
    return locked;
}

void rb_secret_free(char *secret) {
    // A secret exists only once libsecret was opened.
    if (secret != NULL) rb_secret.password_free(secret);
}
