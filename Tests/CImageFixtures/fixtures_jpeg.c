/* Test-image JPEG encoder: grayscale, RGB and CMYK, baseline or progressive. */
#include "rowboat_fixtures.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} rbf_jpeg_error_mgr;

static void rbf_jpeg_error_exit(j_common_ptr cinfo) {
    longjmp(((rbf_jpeg_error_mgr *)cinfo->err)->jump, 1);
}

static void rbf_jpeg_output_message(j_common_ptr cinfo) {
    (void)cinfo;
}

int rbf_jpeg_encode(const uint8_t *samples, int width, int height, int components,
                    int quality, int progressive, uint8_t **out, size_t *out_len) {
    if (samples == NULL || out == NULL || out_len == NULL || width <= 0 || height <= 0 ||
        (components != 1 && components != 3 && components != 4)) {
        return 1;
    }
    *out = NULL;
    *out_len = 0;
    struct jpeg_compress_struct cinfo;
    rbf_jpeg_error_mgr jerr;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&jerr, 0, sizeof jerr);
    unsigned char *volatile buffer = NULL;
    unsigned long volatile length = 0;
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = rbf_jpeg_error_exit;
    jerr.base.output_message = rbf_jpeg_output_message;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return 3;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) {
        jpeg_simple_progression(&cinfo);
    }
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(samples + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = (uint8_t *)buffer;
    *out_len = (size_t)length;
    return 0;
}
