/*
 * bench_reference.h — the plain C decode loops the benchmarks compare our
 * decoders against: libpng's simplified API to RGBA, and libjpeg-turbo at a
 * given DCT scale to RGBA. No limits, no sniffing: the floor.
 */
#ifndef BENCH_REFERENCE_H
#define BENCH_REFERENCE_H
#include <stddef.h>
#include <stdint.h>

/* Decodes a PNG to 8-bit RGBA; 0 on success. Free *out with free(). */
int ref_png_decode_rgba(const uint8_t *data, size_t len, uint8_t **out, int *width, int *height);

/* Decodes a JPEG at scale scale_eighths/8 to 8-bit RGBA; 0 on success. */
int ref_jpeg_decode_rgba(const uint8_t *data, size_t len, int scale_eighths,
                         uint8_t **out, int *width, int *height);

/*
 * The plain ncurses loops the render and keypress benchmarks compare the real
 * backend against (ref_render.c, ref_keypress.c). No ncurses types here: the
 * Swift side imports this header next to the CNCurses module.
 */

/* One cell of a frame as the reference draws it: a character (0 for the
 * right half of a wide character: skipped), ncurses colour numbers (-1 for
 * the default colour) and REF_ATTR_* bits. */
struct ref_cell {
    uint32_t ch;
    int32_t fg;
    int32_t bg;
    uint32_t attrs;
};
enum { REF_ATTR_BOLD = 1, REF_ATTR_REVERSE = 2, REF_ATTR_UNDERLINE = 4, REF_ATTR_DIM = 8 };

/* newterm on stdin/stdout, cbreak, noecho, nonl, keypad, no cursor, default
 * colours; 0 on success. */
int ref_render_start(void);
/* COLS, LINES and COLORS once started. */
int ref_render_columns(void);
int ref_render_rows(void);
int ref_render_colors(void);
/* Keeps `frames` frames of width x height cells, their colour pairs
 * allocated (alloc_pair) and attributes converted before any timing; 0 on
 * success. */
int ref_render_prepare(const struct ref_cell *cells, int width, int height, int frames);
/* Draws every cell of frame `index` (setcchar + mvadd_wch), then
 * wnoutrefresh + doupdate: ncurses does the diffing. */
void ref_render_frame(int index);
/* endwin and free everything. */
void ref_render_stop(void);

/* A minimal highlight loop on stdin/stdout: up to 50 lines of text, one in
 * reverse video; blocking getch, j/k move the highlight, q quits. */
int ref_keypress_run(void);

/* Reads the rows in the file at path (one screen row a line), starts
 * ncurses on stdin/stdout, paints them and waits for q (ref_startup.c). */
int ref_startup_run(const char *path);

/* A new pseudo-terminal of columns x rows (ref_pty.c): the master's
 * descriptor (close-on-exec), the slave's path in name; -1 on failure. */
int bench_pty_open(int columns, int rows, char *name, size_t size);

/* SQLite's own cache hit (ref_sqlite.c): the cache database at path opened
 * read-only, the key of url's row looked up and the image SELECT prepared
 * once (0 on success); a hit, its blob copied out (its size; -1 when
 * missing); close. */
int ref_sqlite_open(const char *path, const char *url);
long ref_sqlite_hit(void);
void ref_sqlite_close(void);
#endif
