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

static const int hold_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { hold_count = sizeof hold_signals / sizeof hold_signals[0] };
static struct sigaction hold_previous[hold_count];
static int holding = 0;
static volatile sig_atomic_t hold_second_ends = 1;
static volatile sig_atomic_t held_signal = 0;

static int hold_index(int signal_number) {
    for (int i = 0; i < hold_count; i++) {
        if (hold_signals[i] == signal_number) return i;
    }
    return -1;
}

void csignals_restore_defaults(const int *signals, int count) {
    for (int i = 0; i < count; i++) {
        int held = holding ? hold_index(signals[i]) : -1;
        if (held >= 0) {
            // Held: the default comes back when the hold is released, not before.
            memset(&hold_previous[held], 0, sizeof hold_previous[held]);
            hold_previous[held].sa_handler = SIG_DFL;
        } else {
            signal(signals[i], SIG_DFL);
        }
    }
}

static void hold(int signal_number) {
    if (held_signal == 0 || !hold_second_ends) {
        if (held_signal == 0) held_signal = signal_number;
        return;
    }
    // A second one does not wait: its default action, as soon as this handler returns
    // (the signal is blocked until then).
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

int csignals_hold_endings(int second_ends) {
    hold_second_ends = second_ends;
    if (holding) return 0;
    held_signal = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = hold;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < hold_count; i++) sigaddset(&action.sa_mask, hold_signals[i]);
    // SA_RESTART: the work held for (disk, database) must not see EINTR.
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < hold_count; i++) {
        if (sigaction(hold_signals[i], &action, &hold_previous[i]) != 0) {
            int saved_errno = errno;
            while (i-- > 0) sigaction(hold_signals[i], &hold_previous[i], NULL);
            errno = saved_errno;
            return -1;
        }
    }
    holding = 1;
    return 0;
}

int csignals_held_signal(void) {
    return held_signal;
}

int csignals_release_endings(void) {
    if (!holding) return 0;
    for (int i = 0; i < hold_count; i++) sigaction(hold_signals[i], &hold_previous[i], NULL);
    holding = 0;
    int signal_number = held_signal;
    held_signal = 0;
    return signal_number;
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
    // Let the crash happen as it would have: default action (with no core dump, since
    // csignals_forbid_core_dumps turned them off).
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
// The ending signals, then SIGTSTP, then SIGCONT.
static struct sigaction guard_previous[guard_ending_count + 2];

static void guard_end(int signal_number) {
    // TCSAFLUSH: what was typed of the password and not read yet would go to the shell.
    tcsetattr(guard_fd, TCSAFLUSH, &guard_saved);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static volatile sig_atomic_t guard_continued = 0;

/// Ctrl-Z: echo back on, then stop for real, the way ncurses suspends. The handler runs with
/// SIGTSTP blocked, so raising it here would only leave it pending (and the handler, put back,
/// would run again at once, forever): the default action is restored and SIGTSTP unblocked
/// before it is sent, so the process stops inside kill() and goes on from there after fg.
static void guard_stop(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    guard_continued = 0;
    // Under a wrapper (`sh -c`) the shell may have taken the terminal back already: a
    // background tcsetattr would stop us with SIGTTOU, echo still off. With SIGTTOU blocked
    // it is done anyway, and the shell's prompt shows what is typed.
    sigset_t ttou, mask;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    sigprocmask(SIG_BLOCK, &ttou, &mask);
    // Flushed, as the keyboard's Ctrl-Z does: the half-typed password is not the shell's.
    tcsetattr(guard_fd, TCSAFLUSH, &guard_saved);
    sigprocmask(SIG_SETMASK, &mask, NULL);
    // Continued already (fg came first): stopping now would stop for good.
    if (!guard_continued) {
        struct sigaction stop, mine;
        memset(&stop, 0, sizeof stop);
        stop.sa_handler = SIG_DFL;
        sigemptyset(&stop.sa_mask);
        sigaction(SIGTSTP, &stop, &mine);
        sigset_t tstp;
        sigemptyset(&tstp);
        sigaddset(&tstp, SIGTSTP);
        sigprocmask(SIG_UNBLOCK, &tstp, &mask);
        kill(getpid(), SIGTSTP);
        // Resumed (fg): the guard again, and what is typed hidden again.
        sigprocmask(SIG_SETMASK, &mask, NULL);
        sigaction(SIGTSTP, &mine, NULL);
    }
    tcsetattr(guard_fd, TCSANOW, &guard_quiet);
    errno = saved_errno;
}

/// Continued after any stop (Ctrl-Z, or SIGSTOP from outside, after which the shell may
/// have put its own modes back): hide what is typed again.
static void guard_continue(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    guard_continued = 1;
    tcsetattr(guard_fd, TCSANOW, &guard_quiet);
    errno = saved_errno;
}

/// Puts back the first `count` handlers the guard replaced.
static void guard_restore(int count) {
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT};
    for (int i = 0; i < count; i++) sigaction(signals[i], &guard_previous[i], NULL);
}

int csignals_guard_password(int fd, const struct termios *saved, const struct termios *quiet) {
    guard_fd = fd;
    guard_saved = *saved;
    guard_quiet = *quiet;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    int installed = 0;
    action.sa_handler = guard_end;
    for (; installed < guard_ending_count; installed++) {
        if (sigaction(guard_endings[installed], &action, &guard_previous[installed]) != 0) break;
    }
    if (installed == guard_ending_count) {
        action.sa_flags = SA_RESTART;
        action.sa_handler = guard_stop;
        if (sigaction(SIGTSTP, &action, &guard_previous[installed]) == 0) installed++;
    }
    if (installed == guard_ending_count + 1) {
        action.sa_handler = guard_continue;
        if (sigaction(SIGCONT, &action, &guard_previous[installed]) == 0) installed++;
    }
    if (installed == guard_ending_count + 2) return 0;
    int saved_errno = errno;
    guard_restore(installed);
    errno = saved_errno;
    return -1;
}

void csignals_unguard_password(void) {
    guard_restore(guard_ending_count + 2);
}

void csignals_forbid_core_dumps(void) {
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
