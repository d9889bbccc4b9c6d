/*
 * bench_reference.h — the plain C decode loops the benchmarks compare our
 * decoders against: libpng's simplified API to RGBA, and libjpeg-turbo at a
 * given DCT scale to RGBA. No limits, no sniffing: the floor.
 */
#ifndef BENCH_REFERENCE_H
#define BENCH_REFERENCE_H
#include <stddef.h>
#include <stdint.h>

/* Decodes a PNG to 8-bit RGBA; 0 on success. Free *out with free(). */
int ref_png_decode_rgba(const uint8_t *data, size_t len, uint8_t **out, int *width, int *height);

/* Decodes a JPEG at scale scale_eighths/8 to 8-bit RGBA; 0 on success. */
int ref_jpeg_decode_rgba(const uint8_t *data, size_t len, int scale_eighths,
                         uint8_t **out, int *width, int *height);
#endif
