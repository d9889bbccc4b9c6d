// libjq, opened at the first call (see CJQ.h): each function looked up
// once by name, all of them or none.
#include "CJQ.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

rb_jq_functions rb_jq;
atomic_int rb_jq_loaded;

static pthread_once_t rb_jq_once = PTHREAD_ONCE_INIT;
static char rb_jq_why[512];

/// A call made with no libjq: only possible without a jq_state, which
/// rb_jq_init does not give then. Says so and stops.
static void rb_jq_missing(void) {
    fprintf(stderr, "rowboat: %s\n", rb_jq_why);
    abort();
}

static void rb_jq_open(void) {
    static const char *const names[] = {
    "jq_init",
    "jq_set_error_cb",
    "jq_compile",
    "jq_start",
    "jq_next",
    "jq_halt",
    "jq_teardown",
    "jv_copy",
    "jv_free",
    "jv_get_kind",
    "jv_get_refcnt",
    "jv_null",
    "jv_true",
    "jv_false",
    "jv_invalid",
    "jv_invalid_has_msg",
    "jv_invalid_get_msg",
    "jv_number",
    "jv_number_value",
    "jv_string",
    "jv_string_sized",
    "jv_string_value",
    "jv_string_length_bytes",
    "jv_array",
    "jv_array_append",
    "jv_object",
    "jv_object_set",
    "jv_object_delete",
    "jv_parse_sized",
    "jv_dump_string",
    };
    _Static_assert(sizeof names / sizeof names[0] == sizeof rb_jq / sizeof(void *),
                   "one name for each function of rb_jq");
    void *found[sizeof names / sizeof names[0]];
    const char *library = "libjq.so.1";
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    const char *missing = NULL;
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(rb_jq_why, sizeof rb_jq_why, "libjq could not be opened: %s", why ? why : library);
    } else {
        for (size_t i = 0; i < sizeof names / sizeof names[0] && missing == NULL; i++) {
            found[i] = dlsym(handle, names[i]);
            if (found[i] == NULL) missing = names[i];
        }
        if (missing != NULL) {
            snprintf(rb_jq_why, sizeof rb_jq_why, "libjq has no %s (jq 1.6 or later is needed)", missing);
            dlclose(handle);
            handle = NULL;
        }
    }
    if (handle == NULL) {
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) found[i] = (void *)rb_jq_missing;
    }
    memcpy(&rb_jq, found, sizeof rb_jq);
    atomic_store_explicit(&rb_jq_loaded, handle != NULL ? 1 : 2, memory_order_release);
}

int rb_jq_load(void) {
    pthread_once(&rb_jq_once, rb_jq_open);
    return atomic_load_explicit(&rb_jq_loaded, memory_order_acquire) == 1;
}

const char *rb_jq_failure(void) {
    return rb_jq_load() ? NULL : rb_jq_why;
}
