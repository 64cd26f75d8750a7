// libpwquality, loaded at run time (dlopen) so that the release binary stays fully static:
// Debian ships no libpwquality.a. Only the PasswordPolicy module uses this.
#ifndef CPWQUALITY_H
#define CPWQUALITY_H

#include <stddef.h>
#include <pwquality.h>  // the settings and error numbers; its functions are called below

/// Loads libpwquality once (any thread). 0 on success; otherwise -1 and why in `reason`.
int cpwq_load(char *reason, size_t size);

/// Default settings, then the configuration file `path` (NULL: the system's). Returns
/// the settings, or NULL with a PWQ_ERROR_* in `status` and the setting's name (if any)
/// in `setting`.
pwquality_settings_t *cpwq_read_settings(const char *path, int *status, char *setting,
                                         size_t size);

int cpwq_get_int_value(pwquality_settings_t *settings, int which, int *value);

/// pwquality_check with no old password. For PWQ_ERROR_CRACKLIB_CHECK, `message` is
/// cracklib's text (a constant: it never holds the password). Calls from any thread take
/// turns (cracklib is not reentrant), as do all the calls here.
int cpwq_check(pwquality_settings_t *settings, const char *password, const char *user,
               const char **message);

void cpwq_free_settings(pwquality_settings_t *settings);

/// A cracklib message as the library shows it (translated by its C library's locale).
const char *cpwq_cracklib_text(const char *message);

#endif
