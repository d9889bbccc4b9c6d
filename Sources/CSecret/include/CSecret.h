#ifndef ROWBOAT_CSECRET_H
#define ROWBOAT_CSECRET_H
// libsecret (the Secret Service over D-Bus: gnome-keyring, KeePassXC, …)
// behind five plain calls. libsecret and the libraries it brings (GIO,
// GObject, libgcrypt, libmount and more) are opened at the first call
// (dlopen of libsecret-1.so.0), not at every start: a run that never signs
// in never loads them. libsecret's own store/lookup/clear take their
// attributes as C varargs, which Swift cannot call; these build the
// attribute table in C. Every error is a message the caller frees; when
// libsecret cannot be opened, that says so.

/// Stores `secret` under `account` in the default collection. 0 on success,
/// else -1 and `*error` (free it).
int rb_secret_store(const char *account, const char *label, const char *secret, char **error);

/// The secret under `account` (free it with rb_secret_free), or NULL: with
/// `*error` set when the Secret Service could not be asked, unset when it
/// has no such item.
char *rb_secret_lookup(const char *account, char **error);

/// Removes the item under `account`. 0 when removed or absent, else -1 and `*error`.
int rb_secret_clear(const char *account, char **error);

/// 0 when the default collection exists and is unlocked (an item can be
/// stored without a prompt); 1 when it is missing or locked; -1 and
/// `*error` when the Secret Service could not be asked.
int rb_secret_default_locked(char **error);

/// Wipes and frees a secret from rb_secret_lookup.
void rb_secret_free(char *secret);

#endif
