/*
 * JPEG decoding from memory to 8-bit RGBA over libjpeg-turbo.
 *
 * The header's size is checked against the limits before
 * jpeg_start_decompress (which allocates the coefficient buffer of a
 * multi-scan file) and before the pixel buffer. A progress monitor stops
 * files with more scans than limits->max_scans: each scan is a full pass
 * over the image, so thousands of tiny scans are a cheap denial of service.
 * "Premature end of JPEG file" is a warning in libjpeg (it pads with grey);
 * here it is an error, RB_ERR_TRUNCATED.
 */
#include "rowboat_codecs.h"
#include "rb_common.h"
#include "decode_common.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* libjpeg error manager extended with a jump target, our code and message. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int code;
    char message[JMSG_LENGTH_MAX];
} rb_jpeg_error_mgr;

/* Progress monitor that counts scans. */
typedef struct {
    struct jpeg_progress_mgr base;
    uint32_t max_scans;
} rb_jpeg_progress_mgr;

/* Our code for a libjpeg error message code. */
static int rb_jpeg_code_for(int msg_code) {
    switch (msg_code) {
    case JERR_BAD_PRECISION:
    case JERR_ARITH_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_EMPTY_IMAGE:
        return RB_ERR_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
        return RB_ERR_MEMORY;
    case JERR_INPUT_EMPTY:
        return RB_ERR_TRUNCATED;
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
        return RB_ERR_TOO_LARGE;
    default:
        return RB_ERR_CODEC;
    }
}

static void rb_jpeg_fail(j_common_ptr cinfo, int code, const char *message) {
    rb_jpeg_error_mgr *mgr = (rb_jpeg_error_mgr *)cinfo->err;
    mgr->code = code;
    if (message != NULL) {
        snprintf(mgr->message, sizeof mgr->message, "%s", message);
    } else {
        (*cinfo->err->format_message)(cinfo, mgr->message);
    }
    longjmp(mgr->jump, 1);
}

static void rb_jpeg_error_exit(j_common_ptr cinfo) {
    rb_jpeg_fail(cinfo, rb_jpeg_code_for(cinfo->err->msg_code), NULL);
}

static void rb_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) {
        return; /* trace messages */
    }
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
        rb_jpeg_fail(cinfo, RB_ERR_TRUNCATED, "truncated");
    }
    cinfo->err->num_warnings++; /* corrupt-data warnings: decoding goes on */
}

static void rb_jpeg_output_message(j_common_ptr cinfo) {
    (void)cinfo; /* never write to stderr: the host may own the terminal */
}

static void rb_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor || cinfo->progress == NULL) {
        return;
    }
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    rb_jpeg_progress_mgr *progress = (rb_jpeg_progress_mgr *)cinfo->progress;
    if (dinfo->input_scan_number > 0 && (uint32_t)dinfo->input_scan_number > progress->max_scans) {
        char message[80];
        snprintf(message, sizeof message, "more than %u scans", (unsigned)progress->max_scans);
        rb_jpeg_fail(cinfo, RB_ERR_TOO_MANY_SCANS, message);
    }
}

static void rb_jpeg_init_errors(struct jpeg_decompress_struct *cinfo, rb_jpeg_error_mgr *jerr) {
    memset(jerr, 0, sizeof *jerr);
    cinfo->err = jpeg_std_error(&jerr->base);
    jerr->base.error_exit = rb_jpeg_error_exit;
    jerr->base.emit_message = rb_jpeg_emit_message;
    jerr->base.output_message = rb_jpeg_output_message;
}

uint32_t rb_jpeg_scale_for_target(uint32_t width, uint32_t height,
                                  uint32_t target_width, uint32_t target_height) {
    if (target_width == 0 && target_height == 0) {
        return 8;
    }
    for (uint32_t n = 1; n < 8; n++) {
        /* libjpeg's output size: ceil(size * n / 8) */
        uint64_t scaled_width = ((uint64_t)width * n + 7) / 8;
        uint64_t scaled_height = ((uint64_t)height * n + 7) / 8;
        if ((target_width == 0 || scaled_width >= target_width) &&
            (target_height == 0 || scaled_height >= target_height)) {
            return n;
        }
    }
    return 8;
}

/* The whole-image coefficient arrays libjpeg allocates in
   jpeg_start_decompress for a file with more than one scan (progressive, or
   sequential with components in separate scans): per component, its blocks
   rounded up to whole MCUs, 64 coefficients of sizeof(JCOEF) each. A
   single-scan file is decoded one MCU row at a time: 0. */
static uint64_t rb_jpeg_coefficient_bytes(const struct jpeg_decompress_struct *cinfo) {
    if (!cinfo->progressive_mode && cinfo->comps_in_scan >= cinfo->num_components) {
        return 0;
    }
    uint64_t total = 0;
    for (int c = 0; c < cinfo->num_components; c++) {
        const jpeg_component_info *comp = &cinfo->comp_info[c];
        uint64_t h = (uint64_t)comp->h_samp_factor, v = (uint64_t)comp->v_samp_factor;
        uint64_t blocks_wide = ((uint64_t)comp->width_in_blocks + h - 1) / h * h;
        uint64_t blocks_high = ((uint64_t)comp->height_in_blocks + v - 1) / v * v;
        total += blocks_wide * blocks_high * DCTSIZE2 * sizeof(JCOEF);
    }
    return total;
}

int rb_jpeg_header_size(const uint8_t *data, size_t len, uint32_t *width, uint32_t *height, uint64_t *work_bytes,
                        char *err, size_t err_len) {
    *width = 0;
    *height = 0;
    if (work_bytes != NULL) {
        *work_bytes = 0;
    }
    struct jpeg_decompress_struct cinfo;
    rb_jpeg_error_mgr jerr;
    memset(&cinfo, 0, sizeof cinfo);
    rb_jpeg_init_errors(&cinfo, &jerr);
    if (setjmp(jerr.jump)) {
        rb_set_error(err, err_len, jerr.message[0] ? jerr.message : "libjpeg error");
        jpeg_destroy_decompress(&cinfo);
        return jerr.code ? jerr.code : RB_ERR_CODEC;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)len);
    (void)jpeg_read_header(&cinfo, TRUE);
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    if (work_bytes != NULL) {
        *work_bytes = rb_jpeg_coefficient_bytes(&cinfo);
    }
    jpeg_destroy_decompress(&cinfo);
    return RB_OK;
}

/* CMYK (Adobe files store it inverted) to RGBA, in place: both are 4 bytes. */
static void rb_cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

int rb_jpeg_decode(const uint8_t *data, size_t len, const rb_decode_limits *limits_in,
                   uint32_t target_width, uint32_t target_height,
                   rb_decoded_image *out, char *err, size_t err_len) {
    rb_decode_limits limits;
    int rc = rb_decode_begin(data, len, limits_in, out, &limits, err, err_len);
    if (rc != RB_OK) {
        return rc;
    }

    struct jpeg_decompress_struct cinfo;
    rb_jpeg_error_mgr jerr;
    rb_jpeg_progress_mgr progress;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&progress, 0, sizeof progress);
    rb_jpeg_init_errors(&cinfo, &jerr);
    /* volatile: assigned after setjmp and read after a longjmp. */
    uint8_t *volatile pixels = NULL;

    if (setjmp(jerr.jump)) {
        rb_set_error(err, err_len, jerr.message[0] ? jerr.message : "libjpeg error");
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        out->pixels = NULL;
        out->width = 0;
        out->height = 0;
        return jerr.code ? jerr.code : RB_ERR_CODEC;
    }

    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = rb_jpeg_progress;
    progress.max_scans = limits.max_scans;
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)len);
    (void)jpeg_read_header(&cinfo, TRUE);
    out->source_width = cinfo.image_width;
    out->source_height = cinfo.image_height;
    char size_message[80];
    rc = rb_limits_check_size(&limits, cinfo.image_width, cinfo.image_height,
                              size_message, sizeof size_message);
    if (rc != RB_OK) {
        rb_jpeg_fail((j_common_ptr)&cinfo, rc, size_message);
    }

    int cmyk = 0;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
        cinfo.out_color_space = JCS_EXT_RGBA;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo.out_color_space = JCS_CMYK;
        cmyk = 1;
        break;
    default:
        rb_jpeg_fail((j_common_ptr)&cinfo, RB_ERR_UNSUPPORTED, "unsupported JPEG colour space");
    }
    uint32_t scale = rb_jpeg_scale_for_target(cinfo.image_width, cinfo.image_height,
                                              target_width, target_height);
    cinfo.scale_num = scale;
    cinfo.scale_denom = 8;
    out->scale_num = scale;
    out->scale_denom = 8;

    /* Multi-scan files are read in full here; the progress monitor counts. */
    (void)jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 4 || cinfo.output_width == 0 || cinfo.output_height == 0) {
        rb_jpeg_fail((j_common_ptr)&cinfo, RB_ERR_CODEC, "unexpected JPEG output layout");
    }
    size_t stride = (size_t)cinfo.output_width * 4;
    pixels = (uint8_t *)malloc(stride * cinfo.output_height);
    if (pixels == NULL) {
        rb_jpeg_fail((j_common_ptr)&cinfo, RB_ERR_MEMORY, "out of memory for pixels");
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[16];
        JDIMENSION first = cinfo.output_scanline;
        JDIMENSION count = cinfo.output_height - first;
        if (count > 16) {
            count = 16;
        }
        for (JDIMENSION i = 0; i < count; i++) {
            rows[i] = (JSAMPROW)(pixels + (size_t)(first + i) * stride);
        }
        (void)jpeg_read_scanlines(&cinfo, rows, count);
    }
    if (cmyk) {
        rb_cmyk_to_rgba(pixels, (size_t)cinfo.output_width * cinfo.output_height,
                        cinfo.saw_Adobe_marker);
    }
    /* No jpeg_finish_decompress: what follows the pixels cannot change them. */
    out->pixels = pixels;
    out->width = cinfo.output_width;
    out->height = cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    return RB_OK;
}
