/* Decode limits: defaults and the checks made before allocating pixels. */
#include "rowboat_codecs.h"
#include "rb_common.h"
#include "decode_common.h"

#include <stdio.h>
#include <string.h>

void rb_decode_limits_default(rb_decode_limits *limits) {
    if (limits == NULL) {
        return;
    }
    limits->max_width = 32768;
    limits->max_height = 32768;
    limits->max_pixels = 50000000u;
    limits->max_input_bytes = 32u * 1024u * 1024u;
    limits->max_scans = 100;
}

int rb_limits_resolve(const rb_decode_limits *limits, rb_decode_limits *resolved,
                      char *err, size_t err_len) {
    if (limits == NULL) {
        rb_decode_limits_default(resolved);
        return RB_OK;
    }
    if (limits->max_width == 0 || limits->max_height == 0 || limits->max_pixels == 0 ||
        limits->max_input_bytes == 0 || limits->max_scans == 0) {
        rb_set_error(err, err_len, "every decode limit must be greater than zero");
        return RB_ERR_ARGUMENT;
    }
    *resolved = *limits;
    return RB_OK;
}

int rb_limits_check_size(const rb_decode_limits *limits, uint32_t width, uint32_t height,
                         char *err, size_t err_len) {
    uint64_t pixels = (uint64_t)width * (uint64_t)height;
    if (width == 0 || height == 0) {
        rb_set_error(err, err_len, "image has no pixels (0 width or height)");
        return RB_ERR_CODEC;
    }
    if (width > limits->max_width || height > limits->max_height ||
        pixels > limits->max_pixels || pixels > (uint64_t)(SIZE_MAX / 4)) {
        char message[64];
        snprintf(message, sizeof message, "too large: %ux%u", (unsigned)width, (unsigned)height);
        rb_set_error(err, err_len, message);
        return RB_ERR_TOO_LARGE;
    }
    return RB_OK;
}

int rb_limits_check_input(const rb_decode_limits *limits, size_t len,
                          char *err, size_t err_len) {
    if ((uint64_t)len > limits->max_input_bytes) {
        char message[80];
        snprintf(message, sizeof message, "too large: %llu bytes of input",
                 (unsigned long long)len);
        rb_set_error(err, err_len, message);
        return RB_ERR_TOO_LARGE;
    }
    return RB_OK;
}

int rb_decode_begin(const uint8_t *data, size_t len, const rb_decode_limits *limits_in,
                    rb_decoded_image *out, rb_decode_limits *limits, char *err, size_t err_len) {
    if (out == NULL) {
        rb_set_error(err, err_len, "output pointer must not be NULL");
        return RB_ERR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    if (data == NULL || len == 0) {
        rb_set_error(err, err_len, "empty input");
        return RB_ERR_NOT_IMAGE;
    }
    int rc = rb_limits_resolve(limits_in, limits, err, err_len);
    if (rc == RB_OK) {
        rc = rb_limits_check_input(limits, len, err, err_len);
    }
    return rc;
}
