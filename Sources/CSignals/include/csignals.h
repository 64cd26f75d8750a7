// Signal handlers for a full-screen terminal program, written in C so that they make
// only async-signal-safe calls: Swift code in a handler may allocate or take locks.
#ifndef CSIGNALS_H
#define CSIGNALS_H

#include <stddef.h>
#include <termios.h>

/// Delivers each of `signals` as one byte (the signal number) written to `write_fd`,
/// so a poll loop can handle it as ordinary input. Returns 0, or -1 with errno set.
int csignals_forward(int write_fd, const int *signals, int count);

/// Gives `signals` back their default disposition (a signal being held gets it when the
/// hold is released).
void csignals_restore_defaults(const int *signals, int count);

/// Holds back SIGINT, SIGTERM, SIGHUP and SIGQUIT while something must finish (an account
/// being written, then reported): the first that comes is kept for `csignals_held_signal`;
/// with `second_ends`, a second one takes its default action at once. Holding again only
/// changes `second_ends`. Returns 0, or -1 with errno set (nothing is held then).
int csignals_hold_endings(int second_ends);

/// The first signal that came while held; 0 if none.
int csignals_held_signal(void);

/// Puts back the handlers the hold replaced; returns the signal that came meanwhile (0 if
/// none), which the caller must now act on.
int csignals_release_endings(void);

/// Arms the rescue: on SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT or SIGTRAP, and on any of
/// `extra` (say SIGINT while a password is read with echo off), writes `reset` to `tty_fd`,
/// puts back `saved` terminal modes, then lets the signal take its default action (a crash
/// proceeds, an interrupt ends the program). `reset` is copied (at most 512 bytes).
int csignals_arm_rescue(int tty_fd, const struct termios *saved, const char *reset, size_t length,
                        const int *extra, int extra_count);

/// Disarms the rescue, restoring the handlers that were there before.
void csignals_disarm_rescue(void);

/// While a password is read with echo off on `fd`: SIGINT, SIGTERM, SIGHUP and SIGQUIT put
/// `saved` back and end the program as they would have; SIGTSTP puts `saved` back and
/// stops the process; SIGCONT (fg, after any stop) puts `quiet` back. Returns 0, or -1 with
/// errno set (and no handler changed).
int csignals_guard_password(int fd, const struct termios *saved, const struct termios *quiet);

/// Ends the guard, restoring the handlers that were there before.
void csignals_unguard_password(void);

/// Keeps the process from leaving a core dump (which would hold what was typed).
void csignals_forbid_core_dumps(void);

#endif
