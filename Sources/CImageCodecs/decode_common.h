/* Shared helpers for the decoders (not public). */
#ifndef ROWBOAT_CODECS_DECODE_COMMON_H
#define ROWBOAT_CODECS_DECODE_COMMON_H

#include "rowboat_codecs.h"

/* Copies *limits, or the defaults when limits is NULL. Returns RB_OK, or
   RB_ERR_ARGUMENT (with a message) when a field is zero. */
int rb_limits_resolve(const rb_decode_limits *limits, rb_decode_limits *resolved,
                      char *err, size_t err_len);

/* RB_ERR_TOO_LARGE when len is over max_input_bytes. */
int rb_limits_check_input(const rb_decode_limits *limits, size_t len,
                          char *err, size_t err_len);

/* The start every decoder shares: out cleared (RB_ERR_ARGUMENT when NULL),
   empty input refused (RB_ERR_NOT_IMAGE), limits resolved into *limits and
   the input length checked against them. */
int rb_decode_begin(const uint8_t *data, size_t len, const rb_decode_limits *limits_in,
                    rb_decoded_image *out, rb_decode_limits *limits, char *err, size_t err_len);

/* Reads PNG's IHDR size straight from the bytes (signature, then IHDR as
   the first chunk). RB_OK, RB_ERR_TRUNCATED or RB_ERR_CODEC. */
int rb_png_header_size(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height,
                       char *err, size_t err_len);

/* Reads a JPEG header with libjpeg (under its own setjmp). */
int rb_jpeg_header_size(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height, uint64_t *work_bytes,
                        char *err, size_t err_len);

/* Reads a WebP header with libwebp: size and whether it is animated
   (animated may be NULL). */
int rb_webp_header_size(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height,
                        int *animated, char *err, size_t err_len);

#endif
