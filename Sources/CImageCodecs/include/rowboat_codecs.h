/*
 * rowboat_codecs.h — in-memory image codecs over libpng and libjpeg-turbo.
 *
 * libpng and libjpeg report fatal errors with longjmp; every function here
 * owns its setjmp, so errors come back as a non-zero return code plus a
 * NUL-terminated message in `err`. Nothing in this library aborts or exits.
 *
 * Buffers returned through `out` are allocated with malloc and must be
 * released with rb_free().
 */
#ifndef ROWBOAT_CODECS_H
#define ROWBOAT_CODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes shared by all codec functions. */
enum {
    RB_OK = 0,              /* success */
    RB_ERR_ARGUMENT = 1,    /* bad pointer, size or quality */
    RB_ERR_MEMORY = 2,      /* allocation failed */
    RB_ERR_CODEC = 3        /* libpng / libjpeg reported an error */
};

/*
 * Encodes tightly packed 8-bit RGB pixels (width * height * 3 bytes, rows
 * top to bottom) as a PNG. compression_level is zlib's 0...9, or -1 for the
 * library default. On success *out / *out_len hold the encoded file.
 */
int rb_png_encode_rgb(const uint8_t *rgb, int width, int height,
                      int compression_level,
                      uint8_t **out, size_t *out_len,
                      char *err, size_t err_len);

/*
 * Encodes tightly packed 8-bit RGB pixels as a baseline (progressive == 0)
 * or progressive JPEG with the given quality (1...100).
 */
int rb_jpeg_encode_rgb(const uint8_t *rgb, int width, int height,
                       int quality, int progressive,
                       uint8_t **out, size_t *out_len,
                       char *err, size_t err_len);

/* Releases a buffer returned by any rb_* function. NULL is allowed. */
void rb_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* ROWBOAT_CODECS_H */
