/* WebP decoding to RGBA with libwebp's advanced API. libwebp reports errors
   as status codes (no longjmp), into a buffer we allocate only after the
   header has passed the limits. Still images only; animations are refused. */
#include "rowboat_codecs.h"
#include "rb_common.h"
#include "decode_common.h"

#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

static int status_code(VP8StatusCode status, char *err, size_t err_len) {
    switch (status) {
    case VP8_STATUS_OK:
        return RB_OK;
    case VP8_STATUS_NOT_ENOUGH_DATA:
        rb_set_error(err, err_len, "truncated WebP");
        return RB_ERR_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY:
        rb_set_error(err, err_len, "out of memory");
        return RB_ERR_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        rb_set_error(err, err_len, "unsupported WebP feature");
        return RB_ERR_UNSUPPORTED;
    case VP8_STATUS_INVALID_PARAM:
        rb_set_error(err, err_len, "invalid WebP parameter");
        return RB_ERR_ARGUMENT;
    default:
        rb_set_error(err, err_len, "corrupt WebP data");
        return RB_ERR_CODEC;
    }
}

int rb_webp_header_size(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height,
                        int *animated, char *err, size_t err_len) {
    *width = 0;
    *height = 0;
    if (animated) *animated = 0;
    WebPBitstreamFeatures features;
    int rc = status_code(WebPGetFeatures(data, len, &features), err, err_len);
    if (rc != RB_OK) {
        return rc;
    }
    if (features.width <= 0 || features.height <= 0) {
        rb_set_error(err, err_len, "WebP header has no size");
        return RB_ERR_CODEC;
    }
    *width = (uint32_t)features.width;
    *height = (uint32_t)features.height;
    if (animated) *animated = features.has_animation;
    return RB_OK;
}

void rb_webp_scaled_size(uint32_t width, uint32_t height, uint32_t target_width, uint32_t target_height,
                         uint32_t *out_width, uint32_t *out_height) {
    *out_width = width;
    *out_height = height;
    if (target_width == 0 && target_height == 0) return;
    double sx = target_width ? (double)target_width / width : 0;
    double sy = target_height ? (double)target_height / height : 0;
    double s = sx > sy ? sx : sy;
    if (s <= 0 || s >= 1) return;
    uint32_t w = (uint32_t)(width * s + 0.999);
    uint32_t h = (uint32_t)(height * s + 0.999);
    *out_width = w < 1 ? 1 : (w > width ? width : w);
    *out_height = h < 1 ? 1 : (h > height ? height : h);
}

int rb_webp_decode(const uint8_t *data, size_t len, const rb_decode_limits *limits_in,
                   uint32_t target_width, uint32_t target_height,
                   rb_decoded_image *out, char *err, size_t err_len) {
    rb_decode_limits limits;
    int rc = rb_decode_begin(data, len, limits_in, out, &limits, err, err_len);
    if (rc != RB_OK) {
        return rc;
    }
    uint32_t width, height;
    int animated;
    rc = rb_webp_header_size(data, len, &width, &height, &animated, err, err_len);
    if (rc != RB_OK) {
        return rc;
    }
    out->source_width = width;
    out->source_height = height;
    rc = rb_limits_check_size(&limits, width, height, err, err_len);
    if (rc != RB_OK) {
        return rc;
    }
    if (animated) {
        rb_set_error(err, err_len, "animated WebP is not supported");
        return RB_ERR_UNSUPPORTED;
    }
    uint32_t out_width, out_height;
    rb_webp_scaled_size(width, height, target_width, target_height, &out_width, &out_height);
    size_t stride = (size_t)out_width * 4;
    size_t size = stride * out_height;
    uint8_t *pixels = malloc(size);
    if (pixels == NULL) {
        rb_set_error(err, err_len, "out of memory");
        return RB_ERR_MEMORY;
    }
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        free(pixels);
        rb_set_error(err, err_len, "libwebp version mismatch");
        return RB_ERR_CODEC;
    }
    if (out_width != width || out_height != height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)out_width;
        config.options.scaled_height = (int)out_height;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = size;
    rc = status_code(WebPDecode(data, len, &config), err, err_len);
    WebPFreeDecBuffer(&config.output); /* external memory: frees nothing of ours */
    if (rc != RB_OK) {
        free(pixels);
        return rc;
    }
    out->pixels = pixels;
    out->width = out_width;
    out->height = out_height;
    out->scale_num = 1;
    out->scale_denom = 1;
    return RB_OK;
}
