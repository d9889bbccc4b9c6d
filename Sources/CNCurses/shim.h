#ifndef ROWBOAT_CNCURSES_SHIM_H
#define ROWBOAT_CNCURSES_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE; without these the wide-character
// calls (get_wch, mvadd_wch, setcchar) are invisible to Swift.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Attribute macros are computed bit shifts Swift cannot import: expose them.
static inline attr_t rb_attr_bold(void) { return A_BOLD; }
static inline attr_t rb_attr_reverse(void) { return A_REVERSE; }
static inline attr_t rb_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t rb_attr_dim(void) { return A_DIM; }
static inline attr_t rb_attr_normal(void) { return A_NORMAL; }
static inline int rb_key_code_yes(void) { return KEY_CODE_YES; }

// Globals that Swift 6 would see as shared mutable state: read them through
// functions (ncurses is used from one thread only).
static inline WINDOW *rb_stdscr(void) { return stdscr; }
static inline int rb_cols(void) { return COLS; }
static inline int rb_lines(void) { return LINES; }
static inline int rb_colors(void) { return COLORS; }
static inline int rb_color_pairs(void) { return COLOR_PAIRS; }
// newterm on the process's own stdin/stdout.
static inline SCREEN *rb_newterm(void) { return newterm(NULL, stdout, stdin); }

// Mouse: button 1 press (reported at once: no click interval) and the wheel
// (buttons 4 and 5). The mask macros are computed, so they live here.
static inline int rb_mouse_enable(void) {
    mouseinterval(0);
    mmask_t wanted = BUTTON1_PRESSED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    wanted |= BUTTON5_PRESSED;
#endif
    return mousemask(wanted, NULL) != 0;
}
static inline void rb_mouse_disable(void) { mousemask(0, NULL); }
static inline int rb_key_mouse(void) { return KEY_MOUSE; }
// Reads the pending mouse event: 1 click, 2 wheel up, 3 wheel down, 0 other.
static inline int rb_mouse_read(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 3;
#endif
    return 0;
}

// wcwidth is hidden without _XOPEN_SOURCE; ncurses measures with it, so the
// backend checks its own widths against it.
extern int wcwidth(wchar_t c);
static inline int rb_wcwidth(wchar_t c) { return wcwidth(c); }
// Where ncurses believes the terminal's cursor is (after doupdate).
static inline void rb_cursor(int *y, int *x) { getyx(curscr, *y, *x); }
#endif
