/* JPEG encoding into memory via libjpeg-turbo's jpeg_mem_dest. */
#include "rowboat_codecs.h"
#include "rb_common.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

/* libjpeg error manager extended with a jump target and message slot. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} rb_jpeg_error_mgr;

static void rb_jpeg_error_exit(j_common_ptr cinfo) {
    rb_jpeg_error_mgr *mgr = (rb_jpeg_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, mgr->message);
    longjmp(mgr->jump, 1);
}

static void rb_jpeg_output_message(j_common_ptr cinfo) {
    (void)cinfo; /* never write to stderr: the host may own the terminal */
}

int rb_jpeg_encode_rgb(const uint8_t *rgb, int width, int height,
                       int quality, int progressive,
                       uint8_t **out, size_t *out_len,
                       char *err, size_t err_len) {
    int begun = rb_encode_begin(rgb, width, height, out, out_len, err, err_len);
    if (begun != RB_OK) {
        return begun;
    }
    if (quality < 1 || quality > 100) {
        rb_set_error(err, err_len, "quality must be 1...100");
        return RB_ERR_ARGUMENT;
    }

    struct jpeg_compress_struct cinfo;
    rb_jpeg_error_mgr jerr;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&jerr, 0, sizeof jerr);
    /* jpeg_mem_dest owns this buffer until jpeg_finish_compress; volatile
       because it is read after a longjmp back into this frame. */
    unsigned char *volatile buffer = NULL;
    unsigned long volatile length = 0;

    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = rb_jpeg_error_exit;
    jerr.base.output_message = rb_jpeg_output_message;
    if (setjmp(jerr.jump)) {
        rb_set_error(err, err_len, jerr.message[0] ? jerr.message : "libjpeg error");
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return RB_ERR_CODEC;
    }

    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) {
        jpeg_simple_progression(&cinfo);
    }
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * 3;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);

    *out = (uint8_t *)buffer;
    *out_len = (size_t)length;
    return RB_OK;
}
