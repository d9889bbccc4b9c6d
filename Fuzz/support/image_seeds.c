/* image_seeds DIR: writes small PNG and JPEG seeds for FuzzImages (made with
   our own encoders, so no image files live in the repository). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "rowboat_codecs.h"

static void write_file(const char *dir, const char *name, const uint8_t *bytes, size_t len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    fwrite(bytes, 1, len, f);
    fclose(f);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: image_seeds DIR\n"); return 2; }
    static const int sizes[][2] = {{1, 1}, {7, 5}, {16, 16}, {33, 17}};
    char err[256], name[64];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        uint8_t *rgb = malloc((size_t)w * h * 3);
        for (int i = 0; i < w * h * 3; i++) rgb[i] = (uint8_t)(i * 37 + s * 11);
        uint8_t *out = NULL;
        size_t len = 0;
        if (rb_png_encode_rgb(rgb, w, h, 6, &out, &len, err, sizeof err) == RB_OK) {
            snprintf(name, sizeof name, "png-%dx%d", w, h);
            write_file(argv[1], name, out, len);
            rb_free(out);
        }
        for (int progressive = 0; progressive <= 1; progressive++) {
            if (rb_jpeg_encode_rgb(rgb, w, h, 80, progressive, &out, &len, err, sizeof err) == RB_OK) {
                snprintf(name, sizeof name, "jpeg-%s-%dx%d", progressive ? "progressive" : "baseline", w, h);
                write_file(argv[1], name, out, len);
                rb_free(out);
            }
        }
        for (int lossless = 0; lossless <= 1; lossless++) {
            if (rb_webp_encode_rgb(rgb, w, h, 80, lossless, &out, &len, err, sizeof err) == RB_OK) {
                snprintf(name, sizeof name, "webp-%s-%dx%d", lossless ? "lossless" : "lossy", w, h);
                write_file(argv[1], name, out, len);
                rb_free(out);
            }
        }
        free(rgb);
    }
    return 0;
}
