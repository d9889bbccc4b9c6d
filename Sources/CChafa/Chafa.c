// libchafa, opened at the first call (see CChafa.h). Each function is
// looked up once by name, in libchafa or the GLib it brings.
#include "CChafa.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// GString's public fields (GLib's ABI since 2.0).
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} rb_gstring;

/// What the first call found; all NULL when libchafa could not be opened.
static struct {
    void (*set_n_threads)(int);
    ChafaCanvasConfig *(*config_new)(void);
    void (*config_unref)(ChafaCanvasConfig *);
    void (*config_set_geometry)(ChafaCanvasConfig *, int, int);
    void (*config_set_cell_geometry)(ChafaCanvasConfig *, int, int);
    void (*config_set_canvas_mode)(ChafaCanvasConfig *, int);
    void (*config_set_pixel_mode)(ChafaCanvasConfig *, int);
    void (*config_set_symbol_map)(ChafaCanvasConfig *, const ChafaSymbolMap *);
    ChafaSymbolMap *(*symbol_map_new)(void);
    void (*symbol_map_unref)(ChafaSymbolMap *);
    void (*symbol_map_add_by_tags)(ChafaSymbolMap *, int);
    void (*symbol_map_remove_by_tags)(ChafaSymbolMap *, int);
    ChafaCanvas *(*canvas_new)(const ChafaCanvasConfig *);
    void (*canvas_unref)(ChafaCanvas *);
    void (*canvas_draw_all_pixels)(ChafaCanvas *, int, const uint8_t *, int, int, int);
    uint32_t (*canvas_get_char_at)(ChafaCanvas *, int, int);
    void (*canvas_get_raw_colors_at)(ChafaCanvas *, int, int, int *, int *);
    rb_gstring *(*canvas_print)(ChafaCanvas *, ChafaTermInfo *);
    ChafaTermDb *(*term_db_get_default)(void);
    ChafaTermInfo *(*term_db_get_fallback_info)(ChafaTermDb *);
    void (*term_info_unref)(ChafaTermInfo *);
    int (*term_info_set_seq)(ChafaTermInfo *, int, const char *, void **);
    char *(*string_free)(rb_gstring *, int);
} rb_chafa;

static pthread_once_t rb_chafa_once = PTHREAD_ONCE_INIT;

static void rb_chafa_open(void) {
    void *handle = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    // Every symbol or none: a partial table would call through NULL.
    void *found[sizeof rb_chafa / sizeof(void *)];
    static const char *const names[] = {
        "chafa_set_n_threads", "chafa_canvas_config_new", "chafa_canvas_config_unref",
        "chafa_canvas_config_set_geometry", "chafa_canvas_config_set_cell_geometry",
        "chafa_canvas_config_set_canvas_mode", "chafa_canvas_config_set_pixel_mode",
        "chafa_canvas_config_set_symbol_map", "chafa_symbol_map_new", "chafa_symbol_map_unref",
        "chafa_symbol_map_add_by_tags", "chafa_symbol_map_remove_by_tags", "chafa_canvas_new",
        "chafa_canvas_unref", "chafa_canvas_draw_all_pixels", "chafa_canvas_get_char_at",
        "chafa_canvas_get_raw_colors_at", "chafa_canvas_print", "chafa_term_db_get_default",
        "chafa_term_db_get_fallback_info", "chafa_term_info_unref", "chafa_term_info_set_seq",
        "g_string_free",
    };
    _Static_assert(sizeof names / sizeof names[0] == sizeof rb_chafa / sizeof(void *),
                   "one name for each function of rb_chafa");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        found[i] = dlsym(handle, names[i]);
        if (found[i] == NULL) {
            dlclose(handle);
            return;
        }
    }
    memcpy(&rb_chafa, found, sizeof rb_chafa);
}

/// True once libchafa is open with every function found.
static int rb_chafa_ready(void) {
    pthread_once(&rb_chafa_once, rb_chafa_open);
    return rb_chafa.string_free != NULL;
}

void rb_chafa_set_n_threads(int n) {
    if (rb_chafa_ready()) rb_chafa.set_n_threads(n);
}

ChafaCanvasConfig *rb_chafa_canvas_config_new(void) {
    return rb_chafa_ready() ? rb_chafa.config_new() : NULL;
}

void rb_chafa_canvas_config_unref(ChafaCanvasConfig *config) {
    if (config && rb_chafa_ready()) rb_chafa.config_unref(config);
}

void rb_chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height) {
    if (config && rb_chafa_ready()) rb_chafa.config_set_geometry(config, width, height);
}

void rb_chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int width, int height) {
    if (config && rb_chafa_ready()) rb_chafa.config_set_cell_geometry(config, width, height);
}

void rb_chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, ChafaCanvasMode mode) {
    if (config && rb_chafa_ready()) rb_chafa.config_set_canvas_mode(config, (int)mode);
}

void rb_chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, ChafaPixelMode mode) {
    if (config && rb_chafa_ready()) rb_chafa.config_set_pixel_mode(config, (int)mode);
}

void rb_chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *map) {
    if (config && map && rb_chafa_ready()) rb_chafa.config_set_symbol_map(config, map);
}

ChafaSymbolMap *rb_chafa_symbol_map_new(void) {
    return rb_chafa_ready() ? rb_chafa.symbol_map_new() : NULL;
}

void rb_chafa_symbol_map_unref(ChafaSymbolMap *map) {
    if (map && rb_chafa_ready()) rb_chafa.symbol_map_unref(map);
}

void rb_chafa_symbol_map_add_by_tags(ChafaSymbolMap *map, ChafaSymbolTags tags) {
    if (map && rb_chafa_ready()) rb_chafa.symbol_map_add_by_tags(map, (int)tags);
}

void rb_chafa_symbol_map_remove_by_tags(ChafaSymbolMap *map, ChafaSymbolTags tags) {
    if (map && rb_chafa_ready()) rb_chafa.symbol_map_remove_by_tags(map, (int)tags);
}

ChafaCanvas *rb_chafa_canvas_new(const ChafaCanvasConfig *config) {
    return config && rb_chafa_ready() ? rb_chafa.canvas_new(config) : NULL;
}

void rb_chafa_canvas_unref(ChafaCanvas *canvas) {
    if (canvas && rb_chafa_ready()) rb_chafa.canvas_unref(canvas);
}

void rb_chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, ChafaPixelType type, const uint8_t *pixels,
                                     int width, int height, int rowstride) {
    if (canvas && pixels && rb_chafa_ready()) {
        rb_chafa.canvas_draw_all_pixels(canvas, (int)type, pixels, width, height, rowstride);
    }
}

uint32_t rb_chafa_canvas_get_char_at(ChafaCanvas *canvas, int x, int y) {
    return canvas && rb_chafa_ready() ? rb_chafa.canvas_get_char_at(canvas, x, y) : ' ';
}

void rb_chafa_canvas_get_raw_colors_at(ChafaCanvas *canvas, int x, int y, int *foreground, int *background) {
    if (canvas && rb_chafa_ready()) rb_chafa.canvas_get_raw_colors_at(canvas, x, y, foreground, background);
}

char *rb_chafa_canvas_print(ChafaCanvas *canvas, ChafaTermInfo *info, size_t *length) {
    *length = 0;
    if (!canvas || !info || !rb_chafa_ready()) return NULL;
    rb_gstring *printed = rb_chafa.canvas_print(canvas, info);
    if (printed == NULL) return NULL;
    char *bytes = malloc(printed->len + 1);
    if (bytes != NULL) {
        memcpy(bytes, printed->str, printed->len);
        bytes[printed->len] = 0;
        *length = printed->len;
    }
    rb_chafa.string_free(printed, 1);
    return bytes;
}

ChafaTermDb *rb_chafa_term_db_get_default(void) {
    return rb_chafa_ready() ? rb_chafa.term_db_get_default() : NULL;
}

ChafaTermInfo *rb_chafa_term_db_get_fallback_info(ChafaTermDb *db) {
    return db && rb_chafa_ready() ? rb_chafa.term_db_get_fallback_info(db) : NULL;
}

void rb_chafa_term_info_unref(ChafaTermInfo *info) {
    if (info && rb_chafa_ready()) rb_chafa.term_info_unref(info);
}

int rb_chafa_term_info_set_seq(ChafaTermInfo *info, ChafaTermSeq seq, const char *text) {
    return info && rb_chafa_ready() ? rb_chafa.term_info_set_seq(info, (int)seq, text, NULL) != 0 : 0;
}
