// The parts of ncursesw that Swift can use directly, plus small inline wrappers
// for what it cannot: macros, and global state that Swift 6 rejects as unsafe.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// The target takes no flags from pkg-config (SwiftPM refuses its -D_XOPEN_SOURCE=600);
// without these the wide-character API (cchar_t, setcchar, wadd_wch) is not declared.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
// A colour pair as a chtype carries it: only pairs below 256 fit.
static inline chtype cn_color_pair(short pair) { return COLOR_PAIR(pair); }

static inline int cn_getmaxy(WINDOW *win) { return getmaxy(win); }
static inline int cn_getmaxx(WINDOW *win) { return getmaxx(win); }

#endif
