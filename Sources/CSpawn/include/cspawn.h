// The GNU parts of posix_spawn that Swift's Glibc module does not show (they need
// _GNU_SOURCE): starting a command in a session of its own with only stdin, stdout and
// stderr open.
#ifndef CSPAWN_H
#define CSPAWN_H

#include <spawn.h>

/// POSIX_SPAWN_SETSID: the child starts a new session (no controlling terminal).
int cspawn_setsid_flag(void);

/// Adds "close every descriptor from `from` on" to `actions`.
int cspawn_add_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
