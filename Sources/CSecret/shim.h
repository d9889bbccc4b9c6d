#ifndef ROWBOAT_CSECRET_SHIM_H
#define ROWBOAT_CSECRET_SHIM_H
// libsecret (the Secret Service over D-Bus: gnome-keyring, KeePassXC, …)
// behind four plain calls. libsecret's own store/lookup/clear take their
// attributes as C varargs, which Swift cannot call; these build the
// attribute table here. Include paths come from pkg-config "libsecret-1".
#include <libsecret/secret.h>
#include <stdlib.h>
#include <string.h>

/// Rowboat's items: one per sign-in, found by its `account` attribute.
static inline const SecretSchema *rb_secret_schema(void) {
    static const SecretSchema schema = {
        "org.rowboat.SignIn", SECRET_SCHEMA_NONE,
        {
            {"account", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"NULL", 0},
        }
    };
    return &schema;
}

static inline GHashTable *rb_secret_attributes(const char *account) {
    GHashTable *table = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(table, (gpointer)"account", (gpointer)account);
    return table;
}

/// The error's message (malloc'd, for the caller to free) and the error freed.
static inline char *rb_secret_take_error(GError *error) {
    if (error == NULL) return NULL;
    char *message = strdup(error->message ? error->message : "unknown error");
    g_error_free(error);
    return message;
}

/// Stores `secret` under `account` in the default collection. 0 on success,
/// else -1 and `*error` (free it).
static inline int rb_secret_store(const char *account, const char *label, const char *secret, char **error) {
    GError *failure = NULL;
    GHashTable *attributes = rb_secret_attributes(account);
    gboolean ok = secret_password_storev_sync(rb_secret_schema(), attributes, SECRET_COLLECTION_DEFAULT, label,
                                              secret, NULL, &failure);
    g_hash_table_unref(attributes);
    *error = rb_secret_take_error(failure);
    return ok ? 0 : -1;
}

/// The secret under `account` (free it with rb_secret_free), or NULL: with
/// `*error` set when the Secret Service could not be asked, unset when it
/// has no such item.
static inline char *rb_secret_lookup(const char *account, char **error) {
    GError *failure = NULL;
    GHashTable *attributes = rb_secret_attributes(account);
    gchar *found = secret_password_lookupv_sync(rb_secret_schema(), attributes, NULL, &failure);
    g_hash_table_unref(attributes);
    *error = rb_secret_take_error(failure);
    return found;
}

/// Removes the item under `account`. 0 when removed or absent, else -1 and `*error`.
static inline int rb_secret_clear(const char *account, char **error) {
    GError *failure = NULL;
    GHashTable *attributes = rb_secret_attributes(account);
    secret_password_clearv_sync(rb_secret_schema(), attributes, NULL, &failure);
    g_hash_table_unref(attributes);
    *error = rb_secret_take_error(failure);
    return *error == NULL ? 0 : -1;
}

/// 0 when the default collection exists and is unlocked (an item can be
/// stored without a prompt); 1 when it is missing or locked; -1 and
/// `*error` when the Secret Service could not be asked.
static inline int rb_secret_default_locked(char **error) {
    GError *failure = NULL;
    SecretService *service = secret_service_get_sync(SECRET_SERVICE_NONE, NULL, &failure);
    *error = rb_secret_take_error(failure);
    if (*error != NULL || service == NULL) return -1;
    SecretCollection *collection = secret_collection_for_alias_sync(service, SECRET_COLLECTION_DEFAULT,
                                                                    SECRET_COLLECTION_NONE, NULL, &failure);
    g_object_unref(service);
    *error = rb_secret_take_error(failure);
    if (*error != NULL) return -1;
    if (collection == NULL) return 1;
    int locked = secret_collection_get_locked(collection) ? 1 : 0;
    g_object_unref(collection);
    return locked;
}

/// Wipes and frees a secret from rb_secret_lookup.
static inline void rb_secret_free(char *secret) {
    if (secret != NULL) secret_password_free(secret);
}
#endif
