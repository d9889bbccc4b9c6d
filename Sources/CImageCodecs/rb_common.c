/* Shared helpers: error message copying and buffer release. */
#include "rowboat_codecs.h"
#include "rb_common.h"

#include <stdlib.h>
#include <string.h>

void rb_set_error(char *err, size_t err_len, const char *message) {
    if (err == NULL || err_len == 0) {
        return;
    }
    if (message == NULL) {
        message = "unknown error";
    }
    size_t n = strlen(message);
    if (n >= err_len) {
        n = err_len - 1;
    }
    memcpy(err, message, n);
    err[n] = '\0';
}

void rb_free(void *p) {
    free(p);
}
