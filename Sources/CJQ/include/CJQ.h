#ifndef ROWBOAT_CJQ_H
#define ROWBOAT_CJQ_H
// libjq 1.6 (Debian's libjq1) and its JSON values, opened at the first
// call (dlopen of libjq.so.1, which brings Oniguruma, jq's regular
// expressions), not at every start: 0.5 ms of a start's dynamic loading
// before `main` (docs/benchmarks.md). The types and prototypes are jq's own
// headers' (jq.h, jv.h); jq's functions are called as rb_<name>, each an
// inline call through a table filled once, so a value's copy or free costs
// what a call into the shared library did. The table is checked for at
// each call (one load); when libjq cannot be opened, rb_jq_init returns
// NULL and rb_jq_failure says why (every other call needs a jq_state first).
#include <jq.h>
#include <jv.h>
#include <malloc.h>
#include <stdatomic.h>

/// libjq's functions, once rb_jq_load has run.
typedef struct {
    __typeof__(jq_init) *jq_init;
    __typeof__(jq_set_error_cb) *jq_set_error_cb;
    __typeof__(jq_compile) *jq_compile;
    __typeof__(jq_start) *jq_start;
    __typeof__(jq_next) *jq_next;
    __typeof__(jq_halt) *jq_halt;
    __typeof__(jq_teardown) *jq_teardown;
    __typeof__(jv_copy) *jv_copy;
    __typeof__(jv_free) *jv_free;
    __typeof__(jv_get_kind) *jv_get_kind;
    __typeof__(jv_get_refcnt) *jv_get_refcnt;
    __typeof__(jv_null) *jv_null;
    __typeof__(jv_true) *jv_true;
    __typeof__(jv_false) *jv_false;
    __typeof__(jv_invalid) *jv_invalid;
    __typeof__(jv_invalid_has_msg) *jv_invalid_has_msg;
    __typeof__(jv_invalid_get_msg) *jv_invalid_get_msg;
    __typeof__(jv_number) *jv_number;
    __typeof__(jv_number_value) *jv_number_value;
    __typeof__(jv_string) *jv_string;
    __typeof__(jv_string_sized) *jv_string_sized;
    __typeof__(jv_string_value) *jv_string_value;
    __typeof__(jv_string_length_bytes) *jv_string_length_bytes;
    __typeof__(jv_array) *jv_array;
    __typeof__(jv_array_append) *jv_array_append;
    __typeof__(jv_object) *jv_object;
    __typeof__(jv_object_set) *jv_object_set;
    __typeof__(jv_object_delete) *jv_object_delete;
    __typeof__(jv_parse_sized) *jv_parse_sized;
    __typeof__(jv_dump_string) *jv_dump_string;
} rb_jq_functions;

extern rb_jq_functions rb_jq;
extern atomic_int rb_jq_loaded;

/// Opens libjq once (every call below does, first); 1 when every function
/// was found.
int rb_jq_load(void);

/// Why libjq could not be opened, or NULL.
const char *rb_jq_failure(void);

static inline int rb_jq_ready(void) {
    return __builtin_expect(atomic_load_explicit(&rb_jq_loaded, memory_order_acquire) == 1, 1) || rb_jq_load();
}

/// libjq's function `name`, once the table is filled.
#define RB_JQ(name) (rb_jq_ready(), rb_jq.name)

static inline jq_state *rb_jq_init(void) { return rb_jq_ready() ? rb_jq.jq_init() : NULL; }
static inline void rb_jq_set_error_cb(jq_state *state, jq_msg_cb callback, void *context) { RB_JQ(jq_set_error_cb)(state, callback, context); }
static inline int rb_jq_compile(jq_state *state, const char *program) { return RB_JQ(jq_compile)(state, program); }
static inline void rb_jq_start(jq_state *state, jv value, int flags) { RB_JQ(jq_start)(state, value, flags); }
static inline jv rb_jq_next(jq_state *state) { return RB_JQ(jq_next)(state); }
static inline void rb_jq_halt(jq_state *state, jv exit_code, jv message) { RB_JQ(jq_halt)(state, exit_code, message); }
static inline void rb_jq_teardown(jq_state **state) { RB_JQ(jq_teardown)(state); }
static inline jv rb_jv_copy(jv value) { return RB_JQ(jv_copy)(value); }
static inline void rb_jv_free(jv value) { RB_JQ(jv_free)(value); }
static inline jv_kind rb_jv_get_kind(jv value) { return RB_JQ(jv_get_kind)(value); }
static inline int rb_jv_get_refcnt(jv value) { return RB_JQ(jv_get_refcnt)(value); }
static inline jv rb_jv_null(void) { return RB_JQ(jv_null)(); }
static inline jv rb_jv_true(void) { return RB_JQ(jv_true)(); }
static inline jv rb_jv_false(void) { return RB_JQ(jv_false)(); }
static inline jv rb_jv_invalid(void) { return RB_JQ(jv_invalid)(); }
static inline int rb_jv_invalid_has_msg(jv value) { return RB_JQ(jv_invalid_has_msg)(value); }
static inline jv rb_jv_invalid_get_msg(jv value) { return RB_JQ(jv_invalid_get_msg)(value); }
static inline jv rb_jv_number(double number) { return RB_JQ(jv_number)(number); }
static inline double rb_jv_number_value(jv value) { return RB_JQ(jv_number_value)(value); }
static inline jv rb_jv_string(const char *text) { return RB_JQ(jv_string)(text); }
static inline jv rb_jv_string_sized(const char *text, int length) { return RB_JQ(jv_string_sized)(text, length); }
static inline const char *rb_jv_string_value(jv value) { return RB_JQ(jv_string_value)(value); }
static inline int rb_jv_string_length_bytes(jv value) { return RB_JQ(jv_string_length_bytes)(value); }
static inline jv rb_jv_array(void) { return RB_JQ(jv_array)(); }
static inline jv rb_jv_array_append(jv array, jv value) { return RB_JQ(jv_array_append)(array, value); }
static inline jv rb_jv_object(void) { return RB_JQ(jv_object)(); }
static inline jv rb_jv_object_set(jv object, jv key, jv value) { return RB_JQ(jv_object_set)(object, key, value); }
static inline jv rb_jv_object_delete(jv object, jv key) { return RB_JQ(jv_object_delete)(object, key); }
static inline jv rb_jv_parse_sized(const char *text, int length) { return RB_JQ(jv_parse_sized)(text, length); }
static inline jv rb_jv_dump_string(jv value, int flags) { return RB_JQ(jv_dump_string)(value, flags); }

#endif
