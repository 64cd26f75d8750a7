#define _GNU_SOURCE
#include "cspawn.h"

int cspawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int cspawn_add_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
