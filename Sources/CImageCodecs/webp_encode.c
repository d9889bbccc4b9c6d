/* WebP encoding with libwebp's simple API (lossy at a quality, or
   lossless), copied into a malloc'd buffer so rb_free releases it. */
#include "rowboat_codecs.h"
#include "rb_common.h"

#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>

int rb_webp_encode_rgb(const uint8_t *rgb, int width, int height, int quality, int lossless,
                       uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    if (out == NULL || out_len == NULL || rgb == NULL) {
        rb_set_error(err, err_len, "null argument");
        return RB_ERR_ARGUMENT;
    }
    *out = NULL;
    *out_len = 0;
    if (width <= 0 || height <= 0 || width > 16383 || height > 16383) {
        rb_set_error(err, err_len, "WebP sides must be 1...16383");
        return RB_ERR_ARGUMENT;
    }
    if (!lossless && (quality < 0 || quality > 100)) {
        rb_set_error(err, err_len, "quality must be 0...100");
        return RB_ERR_ARGUMENT;
    }
    uint8_t *encoded = NULL;
    size_t size = lossless
        ? WebPEncodeLosslessRGB(rgb, width, height, width * 3, &encoded)
        : WebPEncodeRGB(rgb, width, height, width * 3, (float)quality, &encoded);
    if (size == 0 || encoded == NULL) {
        WebPFree(encoded);
        rb_set_error(err, err_len, "libwebp could not encode the image");
        return RB_ERR_CODEC;
    }
    uint8_t *copy = malloc(size);
    if (copy == NULL) {
        WebPFree(encoded);
        rb_set_error(err, err_len, "out of memory");
        return RB_ERR_MEMORY;
    }
    memcpy(copy, encoded, size);
    WebPFree(encoded);
    *out = copy;
    *out_len = size;
    return RB_OK;
}
