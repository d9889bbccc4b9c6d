/*
 * rowboat_codecs.h — in-memory image codecs over libpng, libjpeg-turbo and libwebp.
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
    RB_ERR_CODEC = 3,       /* libpng / libjpeg reported an error (corrupt data) */
    RB_ERR_TRUNCATED = 4,   /* decoding: the input ended before the image did */
    RB_ERR_TOO_LARGE = 5,   /* decoding: input size or dimensions over the limits */
    RB_ERR_NOT_IMAGE = 6,   /* decoding: not PNG or JPEG (see rb_sniff_format) */
    RB_ERR_UNSUPPORTED = 7, /* decoding: a variant we do not decode (e.g. 12-bit JPEG) */
    RB_ERR_TOO_MANY_SCANS = 8 /* decoding: more JPEG scans than limits->max_scans */
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

/* ---- Decoding (png_decode.c, jpeg_decode.c, image_probe.c) ------------ */

/* Formats told apart by their first bytes (rb_sniff_format). PNG, JPEG and
   WebP are decoded; the others are named so the error can say what it was. */
enum {
    RB_FORMAT_UNKNOWN = 0,
    RB_FORMAT_PNG = 1,
    RB_FORMAT_JPEG = 2,
    RB_FORMAT_GIF = 3,
    RB_FORMAT_WEBP = 4,
    RB_FORMAT_BMP = 5
};

/*
 * Limits checked before any pixel buffer is allocated. Every field must be
 * non-zero. rb_decode_limits_default fills the defaults: 32768 x 32768,
 * 50,000,000 pixels, 32 MiB of input, 100 JPEG scans.
 */
typedef struct {
    uint32_t max_width;       /* declared image width */
    uint32_t max_height;      /* declared image height */
    uint64_t max_pixels;      /* declared width * height (full size, before DCT scaling) */
    uint64_t max_input_bytes; /* length of the encoded input */
    uint32_t max_scans;       /* JPEG scans (SOS markers) in a multi-scan file */
} rb_decode_limits;

void rb_decode_limits_default(rb_decode_limits *limits);

/* RB_ERR_TOO_LARGE with "too large: WxH" when the declared size breaks a
   limit (or width * height * 4 does not fit in size_t); RB_OK otherwise.
   err may be NULL. */
int rb_limits_check_size(const rb_decode_limits *limits, uint32_t width, uint32_t height,
                         char *err, size_t err_len);

/* What the header says: format and declared size (0 x 0 when unknown). */
typedef struct {
    int format;               /* RB_FORMAT_* */
    uint32_t width;
    uint32_t height;
    /* Memory a decode holds besides its output pixels, whatever the scale:
       the whole-image coefficient buffer of a multi-scan (progressive)
       JPEG; 0 for everything else. */
    uint64_t work_bytes;
} rb_image_info;

/*
 * A decoded image: tightly packed 8-bit RGBA (non-premultiplied alpha,
 * 255 where the source has none), width * 4 bytes per row, top to bottom.
 * `pixels` is malloc'd: release it with rb_free. source_width/height are
 * the declared size; they are filled as soon as the header is read, also
 * when decoding then fails (e.g. RB_ERR_TOO_LARGE), and 0 before that.
 */
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    uint32_t source_width;
    uint32_t source_height;
    uint32_t scale_num;       /* JPEG DCT scale scale_num / scale_denom; 1/1 for PNG */
    uint32_t scale_denom;
} rb_decoded_image;

/* Tells the format by magic bytes; never reads past len. */
int rb_sniff_format(const uint8_t *data, size_t len);

/* Reads only the header: format and declared size. Fails with
   RB_ERR_NOT_IMAGE for unknown formats; GIF/BMP give RB_ERR_UNSUPPORTED
   with info->format set. No pixel memory is allocated. */
int rb_image_probe(const uint8_t *data, size_t len, rb_image_info *info,
                   char *err, size_t err_len);

/* Decodes a PNG of any colour type, bit depth or interlacing to RGBA.
   limits may be NULL (defaults). */
int rb_png_decode(const uint8_t *data, size_t len, const rb_decode_limits *limits,
                  rb_decoded_image *out, char *err, size_t err_len);

/*
 * Decodes a baseline or progressive JPEG (grayscale, YCbCr, RGB, CMYK or
 * YCCK) to RGBA. With target_width/target_height non-zero, libjpeg-turbo's
 * DCT scaling picks the smallest scale n/8 (n = 1...8) whose output is at
 * least target_width wide and target_height high (0 = that side is free;
 * both 0 = full size); it never scales up. limits may be NULL (defaults).
 */
int rb_jpeg_decode(const uint8_t *data, size_t len, const rb_decode_limits *limits,
                   uint32_t target_width, uint32_t target_height,
                   rb_decoded_image *out, char *err, size_t err_len);

/* The scale numerator (over 8) rb_jpeg_decode uses for these sizes. */
uint32_t rb_jpeg_scale_for_target(uint32_t width, uint32_t height,
                                  uint32_t target_width, uint32_t target_height);

/*
 * Decodes a still WebP (lossy or lossless, with or without alpha) to RGBA.
 * With a target (either side non-zero), libwebp scales while decoding to
 * the smallest size with the same aspect that is at least the target in
 * both sides, never up; both 0 = full size. Animated WebP gives
 * RB_ERR_UNSUPPORTED. limits may be NULL (defaults).
 */
int rb_webp_decode(const uint8_t *data, size_t len, const rb_decode_limits *limits,
                   uint32_t target_width, uint32_t target_height,
                   rb_decoded_image *out, char *err, size_t err_len);

/* The size rb_webp_decode decodes to for a target: the smallest size with
   the source's aspect that is at least the target in both sides (0 = free),
   never above the source. */
void rb_webp_scaled_size(uint32_t width, uint32_t height, uint32_t target_width, uint32_t target_height,
                         uint32_t *out_width, uint32_t *out_height);

/* Encodes tightly packed RGB as WebP: lossy at quality 0...100, or
   lossless (quality ignored). Sides 1...16383. */
int rb_webp_encode_rgb(const uint8_t *rgb, int width, int height, int quality, int lossless,
                       uint8_t **out, size_t *out_len, char *err, size_t err_len);

/* Releases a buffer returned by any rb_* function. NULL is allowed. */
void rb_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* ROWBOAT_CODECS_H */
