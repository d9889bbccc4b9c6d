/* Plain decode loops used as the reference in rowboat-bench. */
#include "bench_reference.h"
#include <png.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ref_png_decode_rgba(const uint8_t *data, size_t len, uint8_t **out, int *width, int *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, len)) return 1;
    image.format = PNG_FORMAT_RGBA;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels) { png_image_free(&image); return 2; }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) { free(pixels); return 3; }
    *out = pixels;
    *width = (int)image.width;
    *height = (int)image.height;
    return 0;
}

struct ref_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void ref_jpeg_exit(j_common_ptr cinfo) {
    longjmp(((struct ref_jpeg_error *)cinfo->err)->jump, 1);
}

int ref_jpeg_decode_rgba(const uint8_t *data, size_t len, int scale_eighths,
                         uint8_t **out, int *width, int *height) {
    struct jpeg_decompress_struct cinfo;
    struct ref_jpeg_error err;
    uint8_t *volatile pixels = NULL;
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = ref_jpeg_exit;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)len);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = (unsigned)scale_eighths;
    cinfo.scale_denom = 8;
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 4;
    pixels = malloc(stride * cinfo.output_height);
    if (!pixels) { jpeg_destroy_decompress(&cinfo); return 2; }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    *width = (int)cinfo.output_width;
    *height = (int)cinfo.output_height;
    *out = pixels;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
