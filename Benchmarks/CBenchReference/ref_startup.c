/* The start-up benchmark's limit: a plain C program that reads the rows
 * to show from a file (as a cache read would), starts ncurses and paints
 * them, then waits for q. Built into CBenchReference (`ref_startup_run`,
 * for `rowboat-bench --child startup-ref FILE`) and, with
 * -DREF_STARTUP_MAIN, as a program of its own, so its process start is a
 * C program's, not the bench's. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include "bench_reference.h"
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncursesw/curses.h>

int ref_startup_run(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) return 1;
    static char text[64 * 1024];
    size_t length = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[length] = 0;
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
    start_color();
    use_default_colors();
    /* One line of the file a screen row: the first one (the header) in
     * reverse video, the second (the first row) selected in bold. */
    int y = 0;
    for (char *line = strtok(text, "\n"); line && y < LINES; line = strtok(NULL, "\n"), y++) {
        attrset(y == 0 ? A_REVERSE : y == 1 ? A_BOLD : A_NORMAL);
        mvaddnstr(y, 0, line, y == LINES - 1 ? COLS - 1 : COLS);
    }
    attrset(A_NORMAL);
    refresh();
    for (;;) {
        int c = getch();
        if (c == 'q' || c == ERR) break;
    }
    curs_set(1);
    endwin();
    delscreen(screen);
    return 0;
}

#ifdef REF_STARTUP_MAIN
int main(int argc, char **argv) {
    return argc > 1 ? ref_startup_run(argv[1]) : 2;
}
#endif
