/*
 * PNG decoding from memory to 8-bit RGBA over libpng.
 *
 * Limits are checked twice before any pixel memory exists: once on the
 * IHDR bytes (so a refusal names the declared size), once on what libpng
 * read. libpng's own user limits and chunk limits are set as well.
 */
#include "rowboat_codecs.h"
#include "rb_common.h"
#include "decode_common.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest ancillary chunk libpng may allocate for (text, ICC profiles and
   the like are skipped anyway; see rb_png_ignored_chunks). */
#define RB_PNG_CHUNK_MALLOC_MAX (1024u * 1024u)
/* Ancillary chunks kept before libpng starts dropping them. */
#define RB_PNG_CHUNK_CACHE_MAX 128u

/* Chunks we never need; libpng skips them without allocating. */
static const png_byte rb_png_ignored_chunks[] = {
    't', 'E', 'X', 't', '\0',
    'z', 'T', 'X', 't', '\0',
    'i', 'T', 'X', 't', '\0',
    'i', 'C', 'C', 'P', '\0',
    's', 'P', 'L', 'T', '\0',
    'e', 'X', 'I', 'f', '\0',
};

/* The input, a read cursor and the error slot shared with the callbacks. */
typedef struct {
    const uint8_t *data;
    size_t len;
    size_t pos;
    int truncated;
    char message[200];
} rb_png_source;

static void rb_png_error(png_structp png, png_const_charp message) {
    rb_png_source *source = (rb_png_source *)png_get_error_ptr(png);
    if (source != NULL && source->message[0] == '\0') {
        snprintf(source->message, sizeof source->message, "libpng: %s", message);
    }
    png_longjmp(png, 1);
}

static void rb_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* warnings are not fatal and must not reach the terminal */
}

static void rb_png_read(png_structp png, png_bytep bytes, size_t count) {
    rb_png_source *source = (rb_png_source *)png_get_io_ptr(png);
    if (count > source->len - source->pos) {
        source->truncated = 1;
        png_error(png, "truncated");
    }
    memcpy(bytes, source->data + source->pos, count);
    source->pos += count;
}

/* Asks libpng for 8-bit RGBA whatever the colour type, depth or tRNS. */
static void rb_png_request_rgba(png_structp png, png_infop info) {
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (bit_depth == 16) {
        png_set_scale_16(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

int rb_png_decode(const uint8_t *data, size_t len, const rb_decode_limits *limits_in,
                  rb_decoded_image *out, char *err, size_t err_len) {
    rb_decode_limits limits;
    int rc = rb_decode_begin(data, len, limits_in, out, &limits, err, err_len);
    uint32_t width = 0, height = 0;
    if (rc == RB_OK) {
        rc = rb_png_header_size(data, len, &width, &height, err, err_len);
    }
    if (rc != RB_OK) {
        return rc;
    }
    out->source_width = width;
    out->source_height = height;
    out->scale_num = 1;
    out->scale_denom = 1;
    rc = rb_limits_check_size(&limits, width, height, err, err_len);
    if (rc != RB_OK) {
        return rc;
    }

    rb_png_source source;
    memset(&source, 0, sizeof source);
    source.data = data;
    source.len = len;
    rb_png_source *volatile source_ptr = &source;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source,
                                             rb_png_error, rb_png_warning);
    if (png == NULL) {
        rb_set_error(err, err_len, "png_create_read_struct failed");
        return RB_ERR_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        rb_set_error(err, err_len, "png_create_info_struct failed");
        return RB_ERR_MEMORY;
    }
    /* volatile: assigned after setjmp and read after a longjmp. */
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    volatile int early_code = RB_OK;

    if (setjmp(png_jmpbuf(png))) {
        int code = early_code;
        if (code == RB_OK) {
            code = source_ptr->truncated ? RB_ERR_TRUNCATED : RB_ERR_CODEC;
            rb_set_error(err, err_len, source_ptr->truncated ? "truncated"
                         : source_ptr->message[0] ? source_ptr->message : "libpng error");
        }
        free(rows);
        free(pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return code;
    }

    png_set_read_fn(png, &source, rb_png_read);
    png_set_user_limits(png, limits.max_width, limits.max_height);
    png_set_chunk_cache_max(png, RB_PNG_CHUNK_CACHE_MAX);
    png_set_chunk_malloc_max(png, RB_PNG_CHUNK_MALLOC_MAX);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, rb_png_ignored_chunks,
                                (int)(sizeof rb_png_ignored_chunks / 5));
    png_read_info(png, info);

    /* What libpng will decode: check it again before allocating. */
    png_uint_32 decoded_width = png_get_image_width(png, info);
    png_uint_32 decoded_height = png_get_image_height(png, info);
    early_code = rb_limits_check_size(&limits, decoded_width, decoded_height, err, err_len);
    if (early_code != RB_OK) {
        png_longjmp(png, 1);
    }
    rb_png_request_rgba(png, info);
    size_t stride = (size_t)decoded_width * 4;
    if (png_get_rowbytes(png, info) != stride) {
        rb_set_error(err, err_len, "libpng: unexpected row size after transforms");
        early_code = RB_ERR_CODEC;
        png_longjmp(png, 1);
    }

    pixels = (uint8_t *)malloc(stride * decoded_height);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * decoded_height);
    if (pixels == NULL || rows == NULL) {
        rb_set_error(err, err_len, "out of memory for pixels");
        early_code = RB_ERR_MEMORY;
        png_longjmp(png, 1);
    }
    for (png_uint_32 y = 0; y < decoded_height; y++) {
        rows[y] = pixels + (size_t)y * stride;
    }
    /* Reads every pass of an interlaced image. png_read_end is not called:
       what follows the pixels (IEND, trailing text) cannot change them. */
    png_read_image(png, rows);

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->pixels = pixels;
    out->width = decoded_width;
    out->height = decoded_height;
    return RB_OK;
}
