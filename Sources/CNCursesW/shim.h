#ifndef NOTES_CNCURSESW_SHIM_H
#define NOTES_CNCURSESW_SHIM_H

// The wide-character API (get_wch, add_wch, cchar_t, setcchar) is only declared
// when NCURSES_WIDECHAR is set before the header is included.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift does not import function-like macros or mutable C globals safely;
// these accessors are the bridge.
static inline WINDOW *notes_stdscr(void) { return stdscr; }
static inline WINDOW *notes_curscr(void) { return curscr; }
static inline int notes_colors(void) { return COLORS; }
static inline int notes_color_pairs(void) { return COLOR_PAIRS; }
static inline int notes_lines(void) { return LINES; }
static inline int notes_cols(void) { return COLS; }
static inline FILE *notes_stdin(void) { return stdin; }
static inline FILE *notes_stdout(void) { return stdout; }
static inline int notes_errno(void) { return errno; }
static inline int notes_key_f0(void) { return KEY_F0; }

// Attribute bits (function-like macros in curses.h).
static inline attr_t notes_a_normal(void) { return A_NORMAL; }
static inline attr_t notes_a_bold(void) { return A_BOLD; }
static inline attr_t notes_a_dim(void) { return A_DIM; }
static inline attr_t notes_a_reverse(void) { return A_REVERSE; }
static inline attr_t notes_a_underline(void) { return A_UNDERLINE; }
static inline attr_t notes_a_invis(void) { return A_INVIS; }

// The terminal's cursor_address string for (y, x) (tiparm is variadic: Swift cannot call it).
static inline const char *notes_cursor_address(int y, int x) {
    return cursor_address ? tiparm(cursor_address, y, x) : NULL;
}

// Signal dispositions as values Swift can pass to signal().
static inline void (*notes_sig_dfl(void))(int) { return SIG_DFL; }
static inline void (*notes_sig_ign(void))(int) { return SIG_IGN; }

// Bracketed paste on or off (xterm's private mode 2004), written straight to the
// terminal with write(2): safe in a signal handler, after endwin().
static inline void notes_bracketed_paste(int on) {
    const char *sequence = on ? "\033[?2004h" : "\033[?2004l";
    if (write(STDOUT_FILENO, sequence, 8) < 0) { /* nothing more can be done */ }
}

// SGR mouse reporting on or off (xterm's private modes 1000, presses and releases, and
// 1006, their SGR form), written like bracketed paste: safe in a signal handler.
static inline void notes_mouse_reporting(int on) {
    static const char on_sequence[] = "\033[?1000h\033[?1006h";
    static const char off_sequence[] = "\033[?1006l\033[?1000l";
    const char *sequence = on ? on_sequence : off_sequence;
    if (write(STDOUT_FILENO, sequence, sizeof(on_sequence) - 1) < 0) { /* nothing more can be done */ }
}

#endif
