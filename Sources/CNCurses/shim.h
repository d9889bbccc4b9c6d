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
// newterm on the process's own stdin/stdout.
static inline SCREEN *rb_newterm(void) { return newterm(NULL, stdout, stdin); }

// wcwidth is hidden without _XOPEN_SOURCE; ncurses measures with it, so the
// backend checks its own widths against it.
extern int wcwidth(wchar_t c);
static inline int rb_wcwidth(wchar_t c) { return wcwidth(c); }
#endif
