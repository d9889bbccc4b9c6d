/* Format sniffing by magic bytes and header-only size probing. */
#include "rowboat_codecs.h"
#include "rb_common.h"
#include "decode_common.h"

#include <string.h>

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};

int rb_sniff_format(const uint8_t *data, size_t len) {
    if (data == NULL || len == 0) {
        return RB_FORMAT_UNKNOWN;
    }
    /* A truncated signature still names the format, so the error can say
       "truncated" rather than "not an image". */
    size_t png_len = len < sizeof png_signature ? len : sizeof png_signature;
    if (png_len >= 4 && memcmp(data, png_signature, png_len) == 0) {
        return RB_FORMAT_PNG;
    }
    if (len >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) {
        return RB_FORMAT_JPEG;
    }
    if (len >= 6 && (memcmp(data, "GIF87a", 6) == 0 || memcmp(data, "GIF89a", 6) == 0)) {
        return RB_FORMAT_GIF;
    }
    if (len >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) {
        return RB_FORMAT_WEBP;
    }
    /* "BM", then a file size, then four reserved bytes that are zero. */
    if (len >= 14 && data[0] == 'B' && data[1] == 'M' &&
        data[6] == 0 && data[7] == 0 && data[8] == 0 && data[9] == 0) {
        return RB_FORMAT_BMP;
    }
    return RB_FORMAT_UNKNOWN;
}

static uint32_t read_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

int rb_png_header_size(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height,
                       char *err, size_t err_len) {
    *width = 0;
    *height = 0;
    size_t check = len < sizeof png_signature ? len : sizeof png_signature;
    if (data == NULL || memcmp(data, png_signature, check) != 0) {
        rb_set_error(err, err_len, "not a PNG signature");
        return RB_ERR_CODEC;
    }
    /* signature (8), IHDR length (4), "IHDR" (4), width (4), height (4) */
    if (len < 24) {
        rb_set_error(err, err_len, "truncated PNG header");
        return RB_ERR_TRUNCATED;
    }
    if (read_be32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0) {
        rb_set_error(err, err_len, "PNG does not start with a valid IHDR chunk");
        return RB_ERR_CODEC;
    }
    *width = read_be32(data + 16);
    *height = read_be32(data + 20);
    return RB_OK;
}

int rb_image_probe(const uint8_t *data, size_t len, rb_image_info *info,
                   char *err, size_t err_len) {
    if (info == NULL) {
        rb_set_error(err, err_len, "info must not be NULL");
        return RB_ERR_ARGUMENT;
    }
    memset(info, 0, sizeof *info);
    if (data == NULL || len == 0) {
        rb_set_error(err, err_len, "empty input");
        return RB_ERR_NOT_IMAGE;
    }
    info->format = rb_sniff_format(data, len);
    switch (info->format) {
    case RB_FORMAT_PNG:
        return rb_png_header_size(data, len, &info->width, &info->height, err, err_len);
    case RB_FORMAT_JPEG:
        return rb_jpeg_header_size(data, len, &info->width, &info->height, &info->work_bytes, err, err_len);
    case RB_FORMAT_GIF:
        rb_set_error(err, err_len, "GIF is not supported");
        return RB_ERR_UNSUPPORTED;
    case RB_FORMAT_WEBP:
        return rb_webp_header_size(data, len, &info->width, &info->height, NULL, err, err_len);
    case RB_FORMAT_BMP:
        rb_set_error(err, err_len, "BMP is not supported");
        return RB_ERR_UNSUPPORTED;
    default:
        rb_set_error(err, err_len, "not an image");
        return RB_ERR_NOT_IMAGE;
    }
}
