/*
 * rowboat_fixtures.h — encoders for test images the demo encoders do not
 * make: every PNG colour type and bit depth (palette, gray, 16-bit, alpha,
 * tRNS, interlaced) and grayscale / CMYK JPEGs. Test support only.
 * Return 0 on success; *out is malloc'd, release it with rbf_free.
 */
#ifndef ROWBOAT_FIXTURES_H
#define ROWBOAT_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How to write a PNG. color_type and bit_depth take PNG's numbers
   (0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA; 1, 2, 4, 8, 16). */
typedef struct {
    int color_type;
    int bit_depth;
    int interlaced;            /* Adam7 when non-zero */
    int compression_level;     /* zlib 0...9 */
    const uint8_t *palette;    /* palette_count RGB triples (color_type 3) */
    int palette_count;
    const uint8_t *trns;       /* palette alpha entries (color_type 3) */
    int trns_count;
    int trns_gray;             /* transparent gray value (color_type 0), -1 = none */
    int repeat_first_row;      /* samples holds one row, written height times */
} rbf_png_options;

/* rows: height rows (or one, see repeat_first_row) of packed samples in
   PNG's own layout (bits packed high first, 16-bit big-endian). */
int rbf_png_encode(const rbf_png_options *options, const uint8_t *rows,
                   int width, int height, uint8_t **out, size_t *out_len);

/* components: 1 (grayscale), 3 (RGB, stored as YCbCr) or 4 (CMYK, stored
   with an Adobe marker, so values are inverted the way Photoshop writes). */
int rbf_jpeg_encode(const uint8_t *samples, int width, int height, int components,
                    int quality, int progressive, uint8_t **out, size_t *out_len);

void rbf_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
