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

int rb_encode_begin(const uint8_t *rgb, int width, int height, uint8_t **out, size_t *out_len,
                    char *err, size_t err_len) {
    if (out == NULL || out_len == NULL) {
        rb_set_error(err, err_len, "output pointers must not be NULL");
        return RB_ERR_ARGUMENT;
    }
    *out = NULL;
    *out_len = 0;
    if (rgb == NULL || width <= 0 || height <= 0) {
        rb_set_error(err, err_len, "invalid pixels or dimensions");
        return RB_ERR_ARGUMENT;
    }
    return RB_OK;
}

void rb_free(void *p) {
    free(p);
}
