/* The plain ncurses frame loop the render benchmark compares NCursesScreen
 * against: every cell of a precomputed frame with setcchar + mvadd_wch, then
 * one wnoutrefresh + doupdate. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include "bench_reference.h"
#include <locale.h>
#include <stdlib.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* A cell ready to draw: pair and attributes already resolved. */
struct ref_ready {
    wchar_t ch;
    int pair;
    attr_t attr;
};

static SCREEN *ref_screen;
static struct ref_ready *ref_frames;
static int ref_width, ref_height, ref_count;

int ref_render_start(void) {
    setlocale(LC_ALL, "");
    ref_screen = newterm(NULL, stdout, stdin);
    if (!ref_screen) return 1;
    /* As NCursesScreen.writeFramesWhole: until a screen has been suspended
     * and resumed once, ncurses flushes after every cursor move. */
    endwin();
    doupdate();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    if (has_colors()) {
        start_color();
        use_default_colors();
    }
    return 0;
}

int ref_render_columns(void) { return COLS; }
int ref_render_rows(void) { return LINES; }
int ref_render_colors(void) { return has_colors() ? COLORS : 0; }

static attr_t ref_attr(uint32_t bits) {
    attr_t a = A_NORMAL;
    if (bits & REF_ATTR_BOLD) a |= A_BOLD;
    if (bits & REF_ATTR_REVERSE) a |= A_REVERSE;
    if (bits & REF_ATTR_UNDERLINE) a |= A_UNDERLINE;
    if (bits & REF_ATTR_DIM) a |= A_DIM;
    return a;
}

int ref_render_prepare(const struct ref_cell *cells, int width, int height, int frames) {
    size_t total = (size_t)width * (size_t)height * (size_t)frames;
    ref_frames = malloc(total * sizeof *ref_frames);
    if (!ref_frames) return 1;
    ref_width = width;
    ref_height = height;
    ref_count = frames;
    for (size_t i = 0; i < total; i++) {
        const struct ref_cell *c = &cells[i];
        int pair = 0;
        if (c->fg != -1 || c->bg != -1) {
            pair = alloc_pair(c->fg, c->bg);
            if (pair < 0) pair = 0;
        }
        ref_frames[i] = (struct ref_ready){ (wchar_t)c->ch, pair, ref_attr(c->attrs) };
    }
    return 0;
}

void ref_render_frame(int index) {
    if (index < 0 || index >= ref_count) return;
    const struct ref_ready *frame = ref_frames + (size_t)index * (size_t)ref_width * (size_t)ref_height;
    int w = ref_width < COLS ? ref_width : COLS, h = ref_height < LINES ? ref_height : LINES;
    for (int y = 0; y < h; y++) {
        const struct ref_ready *row = frame + (size_t)y * (size_t)ref_width;
        for (int x = 0; x < w; x++) {
            if (row[x].ch == 0) continue;
            wchar_t text[2] = { row[x].ch, 0 };
            cchar_t cc;
            setcchar(&cc, text, row[x].attr, (short)row[x].pair, NULL);
            mvadd_wch(y, x, &cc);
        }
    }
    wnoutrefresh(stdscr);
    doupdate();
}

void ref_render_stop(void) {
    if (ref_screen) {
        curs_set(1);
        endwin();
        delscreen(ref_screen);
        ref_screen = NULL;
    }
    free(ref_frames);
    ref_frames = NULL;
}
