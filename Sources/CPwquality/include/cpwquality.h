// libpwquality in a process of its own. Debian ships no libpwquality.a, and loading the
// shared library into the fully static program would bring a second C library into it
// (1.5 MB resident, per-thread state it does not set up for our threads). So the program
// forks a checker at start: it loads libpwquality, reads the policy, and answers checks
// over a socket, one at a time, on its only thread. It cannot write to the terminal,
// gets no terminal signals, and ends when the program's end of the socket closes.
// Only the PasswordPolicy module uses this.
#ifndef CPWQUALITY_H
#define CPWQUALITY_H

#include <stddef.h>
#include <pwquality.h>  // the settings and error numbers

/// libpwquality could not be loaded (the reason is in `detail`).
#define CPWQ_LIBRARY_MISSING (-1000)
/// The checker could not be started, or is gone: nothing was checked.
#define CPWQ_CHECKER_GONE (-1001)
/// The password or login is too long to send.
#define CPWQ_TOO_LONG (-1002)

/// The policy's settings the form's rows follow, in this order.
enum { CPWQ_MIN_LENGTH, CPWQ_DIG_CREDIT, CPWQ_UP_CREDIT, CPWQ_LOW_CREDIT, CPWQ_OTH_CREDIT,
       CPWQ_MIN_CLASS, CPWQ_SETTINGS };

typedef struct cpwq_checker cpwq_checker;

/// Forks the checker, which reads the policy file `path` (NULL: the system's). Call it
/// before the program starts threads. NULL if it cannot fork (errno says why).
cpwq_checker *cpwq_start(const char *path);

/// Waits for the checker to load the policy. 0, with the settings in `settings`; or a
/// PWQ_ERROR_* or CPWQ_* number, with the setting's name or the reason in `detail`.
int cpwq_ready(cpwq_checker *checker, int settings[CPWQ_SETTINGS], char *detail, size_t size);

/// pwquality_check with no old password (any thread; calls take turns). For
/// PWQ_ERROR_CRACKLIB_CHECK, cracklib's text, in English, goes into `message` (a constant
/// of cracklib's: never the password).
int cpwq_check(cpwq_checker *checker, const char *password, size_t length, const char *user,
               size_t user_length, char *message, size_t size);

/// The checker's process id.
int cpwq_pid(const cpwq_checker *checker);

/// Ends the checker and waits for it.
void cpwq_stop(cpwq_checker *checker);

#endif
