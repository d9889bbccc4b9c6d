/* PNG encoding into a growing in-memory buffer via libpng's write callbacks. */
#include "rowboat_codecs.h"
#include "rb_common.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Growing output buffer plus error slot shared with the libpng callbacks. */
typedef struct {
    uint8_t *data;
    size_t len;
    size_t cap;
    int out_of_memory;
    char message[200];
} rb_png_sink;

static void rb_png_error(png_structp png, png_const_charp message) {
    rb_png_sink *sink = (rb_png_sink *)png_get_error_ptr(png);
    if (sink != NULL && sink->message[0] == '\0') {
        snprintf(sink->message, sizeof sink->message, "libpng: %s", message);
    }
    png_longjmp(png, 1);
}

static void rb_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* warnings are not fatal and must not reach the terminal */
}

static void rb_png_write(png_structp png, png_bytep bytes, size_t count) {
    rb_png_sink *sink = (rb_png_sink *)png_get_io_ptr(png);
    if (sink->len + count > sink->cap) {
        size_t cap = sink->cap ? sink->cap : 4096;
        while (cap < sink->len + count) {
            cap *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(sink->data, cap);
        if (grown == NULL) {
            sink->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        sink->data = grown;
        sink->cap = cap;
    }
    memcpy(sink->data + sink->len, bytes, count);
    sink->len += count;
}

static void rb_png_flush(png_structp png) {
    (void)png;
}

int rb_png_encode_rgb(const uint8_t *rgb, int width, int height,
                      int compression_level,
                      uint8_t **out, size_t *out_len,
                      char *err, size_t err_len) {
    int begun = rb_encode_begin(rgb, width, height, out, out_len, err, err_len);
    if (begun != RB_OK) {
        return begun;
    }
    if (compression_level < -1 || compression_level > 9) {
        rb_set_error(err, err_len, "compression level must be -1...9");
        return RB_ERR_ARGUMENT;
    }

    /* volatile: these are read after a longjmp back into this frame. */
    rb_png_sink sink;
    memset(&sink, 0, sizeof sink);
    rb_png_sink *volatile sink_ptr = &sink;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink,
                                              rb_png_error, rb_png_warning);
    if (png == NULL) {
        rb_set_error(err, err_len, "png_create_write_struct failed");
        return RB_ERR_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        rb_set_error(err, err_len, "png_create_info_struct failed");
        return RB_ERR_MEMORY;
    }

    if (setjmp(png_jmpbuf(png))) {
        int code = sink_ptr->out_of_memory ? RB_ERR_MEMORY : RB_ERR_CODEC;
        rb_set_error(err, err_len, sink_ptr->message[0] ? sink_ptr->message : "libpng error");
        free(sink_ptr->data);
        png_destroy_write_struct(&png, &info);
        return code;
    }

    png_set_write_fn(png, &sink, rb_png_write, rb_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (compression_level >= 0) {
        png_set_compression_level(png, compression_level);
    }
    png_write_info(png, info);
    size_t stride = (size_t)width * 3;
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgb + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);

    *out = sink.data;
    *out_len = sink.len;
    return RB_OK;
}
