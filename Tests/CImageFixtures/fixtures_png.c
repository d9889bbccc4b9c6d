/* Test-image PNG encoder: any colour type, depth, tRNS, interlacing. */
#include "rowboat_fixtures.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *data;
    size_t len;
    size_t cap;
} rbf_sink;

static void rbf_png_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void rbf_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void rbf_png_write(png_structp png, png_bytep bytes, size_t count) {
    rbf_sink *sink = (rbf_sink *)png_get_io_ptr(png);
    if (sink->len + count > sink->cap) {
        size_t cap = sink->cap ? sink->cap : 4096;
        while (cap < sink->len + count) {
            cap *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(sink->data, cap);
        if (grown == NULL) {
            png_error(png, "out of memory");
        }
        sink->data = grown;
        sink->cap = cap;
    }
    memcpy(sink->data + sink->len, bytes, count);
    sink->len += count;
}

static void rbf_png_flush(png_structp png) {
    (void)png;
}

int rbf_png_encode(const rbf_png_options *options, const uint8_t *rows,
                   int width, int height, uint8_t **out, size_t *out_len) {
    if (options == NULL || rows == NULL || out == NULL || out_len == NULL || width <= 0 || height <= 0) {
        return 1;
    }
    *out = NULL;
    *out_len = 0;
    rbf_sink sink;
    memset(&sink, 0, sizeof sink);
    rbf_sink *volatile sink_ptr = &sink;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, rbf_png_error, rbf_png_warning);
    if (png == NULL) {
        return 2;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return 2;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(sink_ptr->data);
        png_destroy_write_struct(&png, &info);
        return 3;
    }
    png_set_write_fn(png, &sink, rbf_png_write, rbf_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, options->bit_depth,
                 options->color_type, options->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options->compression_level);
    if (options->color_type == PNG_COLOR_TYPE_PALETTE && options->palette != NULL) {
        png_color colors[256];
        int count = options->palette_count > 256 ? 256 : options->palette_count;
        for (int i = 0; i < count; i++) {
            colors[i].red = options->palette[i * 3];
            colors[i].green = options->palette[i * 3 + 1];
            colors[i].blue = options->palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, colors, count);
        if (options->trns != NULL && options->trns_count > 0) {
            png_set_tRNS(png, info, options->trns, options->trns_count, NULL);
        }
    }
    if (options->color_type == PNG_COLOR_TYPE_GRAY && options->trns_gray >= 0) {
        png_color_16 gray;
        memset(&gray, 0, sizeof gray);
        gray.gray = (png_uint_16)options->trns_gray;
        png_set_tRNS(png, info, NULL, 0, &gray);
    }
    png_write_info(png, info);
    size_t stride = png_get_rowbytes(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (int y = 0; y < height; y++) {
            const uint8_t *row = options->repeat_first_row ? rows : rows + (size_t)y * stride;
            png_write_row(png, (png_const_bytep)row);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_len = sink.len;
    return 0;
}

void rbf_free(void *p) {
    free(p);
}
