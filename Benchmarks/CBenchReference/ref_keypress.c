/* The minimal ncurses highlight loop the keypress benchmark compares the
 * rowboat TUI against: blocking getch, j/k move a reverse-video line. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include "bench_reference.h"
#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>

/* Every line, the selected one in reverse video; then refresh. */
static void ref_keypress_draw(int lines, int selected) {
    char text[512];
    int width = COLS < (int)sizeof text ? COLS : (int)sizeof text - 1;
    for (int y = 0; y < lines; y++) {
        int n = snprintf(text, sizeof text, "Item %d with a longer title", y);
        if (n < 0) n = 0;
        for (int i = n; i < width; i++) text[i] = ' ';
        /* The lower-right cell would scroll the screen: leave it out. */
        int len = y == LINES - 1 ? width - 1 : width;
        attrset(y == selected ? A_REVERSE : A_NORMAL);
        mvaddnstr(y, 0, text, len);
    }
    attrset(A_NORMAL);
    refresh();
}

int ref_keypress_run(void) {
    setlocale(LC_ALL, "");
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) return 1;
    /* As NCursesScreen.writeFramesWhole: until a screen has been suspended
     * and resumed once, ncurses flushes after every cursor move. */
    endwin();
    doupdate();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    int lines = LINES < 50 ? LINES : 50, selected = 0;
    ref_keypress_draw(lines, selected);
    for (;;) {
        int c = getch();
        if (c == 'q' || c == ERR) break;
        if (c == 'j' && selected < lines - 1) selected++;
        if (c == 'k' && selected > 0) selected--;
        ref_keypress_draw(lines, selected);
    }
    curs_set(1);
    endwin();
    delscreen(screen);
    return 0;
}
