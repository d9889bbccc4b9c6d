/*
 * FuzzImages: any bytes through the image decoder shim (CImageCodecs) the
 * way RowboatImages uses it: sniff, probe the header, then decode PNG or
 * JPEG (full size and DCT-scaled) under small limits. What must hold: no
 * crash, abort, leak or hang; a failure is a non-zero code with a
 * NUL-terminated message; a success has pixels of the size it reports,
 * within the limits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rowboat_codecs.h"

static void check(int rc, const rb_decoded_image *img, const char *err, const rb_decode_limits *limits) {
    if (rc != RB_OK) {
        if (img->pixels != NULL) abort();                 /* nothing handed out on failure */
        if (memchr(err, 0, 256) == NULL || err[0] == 0) abort();   /* a message, terminated */
        return;
    }
    if (img->pixels == NULL || img->width == 0 || img->height == 0) abort();
    if (img->width > limits->max_width || img->height > limits->max_height) abort();
    /* Touch the last pixel: ASan catches a buffer smaller than reported. */
    volatile uint8_t last = img->pixels[(size_t)img->width * img->height * 4 - 1];
    (void)last;
    rb_free(img->pixels);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    rb_decode_limits limits;
    rb_decode_limits_default(&limits);
    /* Small enough that a hostile header cannot make the fuzzer run out of memory. */
    limits.max_width = 4096;
    limits.max_height = 4096;
    limits.max_pixels = 4u * 1000 * 1000;
    limits.max_scans = 50;
    char err[256];
    rb_image_info info;
    memset(err, 0x55, sizeof err);
    int probed = rb_image_probe(data, size, &info, err, sizeof err);
    if (probed != RB_OK && memchr(err, 0, sizeof err) == NULL) abort();
    int format = rb_sniff_format(data, size);
    rb_decoded_image img;
    if (format == RB_FORMAT_PNG) {
        memset(&img, 0, sizeof img);
        memset(err, 0x55, sizeof err);
        check(rb_png_decode(data, size, &limits, &img, err, sizeof err), &img, err, &limits);
    } else if (format == RB_FORMAT_JPEG) {
        memset(&img, 0, sizeof img);
        memset(err, 0x55, sizeof err);
        check(rb_jpeg_decode(data, size, &limits, 0, 0, &img, err, sizeof err), &img, err, &limits);
        memset(&img, 0, sizeof img);
        memset(err, 0x55, sizeof err);
        check(rb_jpeg_decode(data, size, &limits, 40, 20, &img, err, sizeof err), &img, err, &limits);
    } else if (format == RB_FORMAT_WEBP) {
        memset(&img, 0, sizeof img);
        memset(err, 0x55, sizeof err);
        check(rb_webp_decode(data, size, &limits, 0, 0, &img, err, sizeof err), &img, err, &limits);
        memset(&img, 0, sizeof img);
        memset(err, 0x55, sizeof err);
        check(rb_webp_decode(data, size, &limits, 40, 20, &img, err, sizeof err), &img, err, &limits);
    }
    return 0;
}
