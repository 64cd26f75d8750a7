// The parts of ncursesw that Swift can use directly, plus small inline wrappers
// for what it cannot: macros, and global state that Swift 6 rejects as unsafe.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600; without these the wide-character
// API (cchar_t, setcchar, wadd_wch) is not declared.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }

static inline int cn_getmaxy(WINDOW *win) { return getmaxy(win); }
static inline int cn_getmaxx(WINDOW *win) { return getmaxx(win); }

/// Copies the wide characters and attributes of one cell (for reading a screen back).
static inline int cn_cell(WINDOW *win, int y, int x, wchar_t *chars, int capacity, attr_t *attrs, short *pair) {
    cchar_t cell;
    if (mvwin_wch(win, y, x, &cell) == ERR) return ERR;
    wchar_t buffer[CCHARW_MAX + 1];
    if (getcchar(&cell, buffer, attrs, pair, NULL) == ERR) return ERR;
    int n = 0;
    while (n < CCHARW_MAX && buffer[n] != 0 && n + 1 < capacity) { chars[n] = buffer[n]; n++; }
    chars[n] = 0;
    return n;
}

#endif
