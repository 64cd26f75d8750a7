#include "csignals.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static volatile sig_atomic_t forward_fd = -1;

static void forward(int signal_number) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (forward_fd >= 0) {
        // A full pipe means a byte is already waiting: the loop will wake anyway.
        (void)write(forward_fd, &byte, 1);
    }
    errno = saved_errno;
}

int csignals_forward(int write_fd, const int *signals, int count) {
    forward_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

void csignals_restore_defaults(const int *signals, int count) {
    for (int i = 0; i < count; i++) signal(signals[i], SIG_DFL);
}

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
enum { fatal_count = sizeof fatal_signals / sizeof fatal_signals[0], extra_capacity = 8 };
static int rescued_signals[fatal_count + extra_capacity];
static int rescued_count = 0;
static struct sigaction previous[fatal_count + extra_capacity];
static volatile sig_atomic_t rescue_armed = 0;
static int rescue_fd = -1;
static struct termios rescue_modes;
static char rescue_bytes[512];
static size_t rescue_length = 0;

static void rescue(int signal_number) {
    if (rescue_armed) {
        rescue_armed = 0;
        size_t written = 0;
        while (written < rescue_length) {
            ssize_t n = write(rescue_fd, rescue_bytes + written, rescue_length - written);
            if (n <= 0) break;
            written += (size_t)n;
        }
        tcsetattr(rescue_fd, TCSANOW, &rescue_modes);
    }
    // Let the crash happen as it would have: default action, core dump included.
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

int csignals_arm_rescue(int tty_fd, const struct termios *saved, const char *reset, size_t length,
                        const int *extra, int extra_count) {
    if (rescue_armed) csignals_disarm_rescue();
    if (length > sizeof rescue_bytes) length = sizeof rescue_bytes;
    if (length > 0) memcpy(rescue_bytes, reset, length);
    rescue_length = length;
    rescue_modes = *saved;
    rescue_fd = tty_fd;
    rescued_count = 0;
    for (int i = 0; i < fatal_count; i++) rescued_signals[rescued_count++] = fatal_signals[i];
    for (int i = 0; i < extra_count && i < extra_capacity; i++) rescued_signals[rescued_count++] = extra[i];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rescue;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (int i = 0; i < rescued_count; i++) {
        if (sigaction(rescued_signals[i], &action, &previous[i]) != 0) return -1;
    }
    rescue_armed = 1;
    return 0;
}

void csignals_disarm_rescue(void) {
    if (!rescue_armed) return;
    rescue_armed = 0;
    for (int i = 0; i < rescued_count; i++) sigaction(rescued_signals[i], &previous[i], NULL);
}

static int guard_fd = -1;
static struct termios guard_saved, guard_quiet;
static const int guard_endings[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { guard_ending_count = sizeof guard_endings / sizeof guard_endings[0] };
static struct sigaction guard_previous[guard_ending_count + 1];

static void guard_end(int signal_number) {
    tcsetattr(guard_fd, TCSANOW, &guard_saved);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void guard_stop(int signal_number) {
    int saved_errno = errno;
    tcsetattr(guard_fd, TCSANOW, &guard_saved);
    signal(SIGTSTP, SIG_DFL);
    raise(SIGTSTP);
    // Resumed (fg): hide what is typed again.
    signal(SIGTSTP, guard_stop);
    tcsetattr(guard_fd, TCSANOW, &guard_quiet);
    errno = saved_errno;
    (void)signal_number;
}

int csignals_guard_password(int fd, const struct termios *saved, const struct termios *quiet) {
    guard_fd = fd;
    guard_saved = *saved;
    guard_quiet = *quiet;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = guard_end;
    for (int i = 0; i < guard_ending_count; i++) {
        if (sigaction(guard_endings[i], &action, &guard_previous[i]) != 0) return -1;
    }
    action.sa_handler = guard_stop;
    action.sa_flags = SA_RESTART;
    return sigaction(SIGTSTP, &action, &guard_previous[guard_ending_count]);
}

void csignals_unguard_password(void) {
    for (int i = 0; i < guard_ending_count; i++) sigaction(guard_endings[i], &guard_previous[i], NULL);
    sigaction(SIGTSTP, &guard_previous[guard_ending_count], NULL);
}

void csignals_forbid_core_dumps(void) {
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
