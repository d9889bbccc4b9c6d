#ifndef ROWBOAT_CCHAFA_H
#define ROWBOAT_CCHAFA_H
// libchafa (pixels to symbol cells, sixels, kitty and iTerm2 pictures)
// behind the few calls the thumbnails make. libchafa and what it brings
// (GLib, PCRE2) are opened at the first call (dlopen of libchafa.so.0), not
// at every start: 1.35 ms of a start's dynamic loading before `main`
// (docs/benchmarks.md). The types are chafa's public ABI (soname 0): its
// objects are opaque, its enums plain ints; the values below are chafa's.
// When libchafa cannot be opened, the constructors return NULL and the
// other calls do nothing: a picture is then drawn as failed.
#include <stdint.h>
#include <stddef.h>

typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;

typedef enum {
    CHAFA_CANVAS_MODE_TRUECOLOR = 0,
    CHAFA_CANVAS_MODE_INDEXED_256 = 1,
    CHAFA_CANVAS_MODE_INDEXED_240 = 2,
    CHAFA_CANVAS_MODE_INDEXED_16 = 3,
    CHAFA_CANVAS_MODE_FGBG = 5,
    CHAFA_CANVAS_MODE_INDEXED_8 = 6,
} ChafaCanvasMode;

typedef enum {
    CHAFA_PIXEL_MODE_SIXELS = 1,
    CHAFA_PIXEL_MODE_KITTY = 2,
    CHAFA_PIXEL_MODE_ITERM2 = 3,
} ChafaPixelMode;

typedef enum {
    CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
} ChafaPixelType;

typedef enum {
    CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
    CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
    CHAFA_SYMBOL_TAG_BORDER = 1 << 4,
    CHAFA_SYMBOL_TAG_WIDE = 1 << 18,
} ChafaSymbolTags;

typedef enum {
    CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1 = 43,
} ChafaTermSeq;

void rb_chafa_set_n_threads(int n);

ChafaCanvasConfig *rb_chafa_canvas_config_new(void);
void rb_chafa_canvas_config_unref(ChafaCanvasConfig *config);
void rb_chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height);
void rb_chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int width, int height);
void rb_chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, ChafaCanvasMode mode);
void rb_chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, ChafaPixelMode mode);
void rb_chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *map);

ChafaSymbolMap *rb_chafa_symbol_map_new(void);
void rb_chafa_symbol_map_unref(ChafaSymbolMap *map);
void rb_chafa_symbol_map_add_by_tags(ChafaSymbolMap *map, ChafaSymbolTags tags);
void rb_chafa_symbol_map_remove_by_tags(ChafaSymbolMap *map, ChafaSymbolTags tags);

ChafaCanvas *rb_chafa_canvas_new(const ChafaCanvasConfig *config);
void rb_chafa_canvas_unref(ChafaCanvas *canvas);
void rb_chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, ChafaPixelType type, const uint8_t *pixels,
                                     int width, int height, int rowstride);
uint32_t rb_chafa_canvas_get_char_at(ChafaCanvas *canvas, int x, int y);
void rb_chafa_canvas_get_raw_colors_at(ChafaCanvas *canvas, int x, int y, int *foreground, int *background);
/// The canvas printed for `info`: `*length` bytes the caller frees with
/// free(); NULL when chafa printed nothing.
char *rb_chafa_canvas_print(ChafaCanvas *canvas, ChafaTermInfo *info, size_t *length);

ChafaTermDb *rb_chafa_term_db_get_default(void);
ChafaTermInfo *rb_chafa_term_db_get_fallback_info(ChafaTermDb *db);
void rb_chafa_term_info_unref(ChafaTermInfo *info);
/// 1 when the sequence was set, else 0.
int rb_chafa_term_info_set_seq(ChafaTermInfo *info, ChafaTermSeq seq, const char *text);

#endif
