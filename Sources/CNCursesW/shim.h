#ifndef NOTES_CNCURSESW_SHIM_H
#define NOTES_CNCURSESW_SHIM_H

// The wide-character API (get_wch, add_wch, cchar_t, setcchar) is only declared
// when NCURSES_WIDECHAR is set before the header is included.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift does not import function-like macros or mutable C globals safely;
// these accessors are the bridge.
static inline WINDOW *notes_stdscr(void) { return stdscr; }
static inline int notes_colors(void) { return COLORS; }
static inline int notes_color_pairs(void) { return COLOR_PAIRS; }
static inline int notes_lines(void) { return LINES; }
static inline int notes_cols(void) { return COLS; }

#endif
