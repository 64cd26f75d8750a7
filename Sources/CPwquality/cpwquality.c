#define _GNU_SOURCE
#include "cpwquality.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_TEXT = 4096, DETAIL = 256 };
// Longer than any check takes (about 2 ms): a checker that has not answered by then is
// stuck, and is ended.
enum { PATIENCE_MS = 10000 };

struct hello {
  int32_t status;
  int32_t settings[CPWQ_SETTINGS];
  char detail[DETAIL];
};

struct request {
  uint32_t length;
  uint32_t user_length;
};

struct reply {
  int32_t result;
  char message[DETAIL];
};

struct cpwq_checker {
  pid_t pid;
  int socket;
  pthread_mutex_t turns;
  // Set once the checker failed to answer: it is not asked again.
  int gone;
};

static int read_all(int fd, void *buffer, size_t size) {
  char *bytes = buffer;
  while (size > 0) {
    ssize_t count = read(fd, bytes, size);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return -1;
    bytes += count;
    size -= (size_t)count;
  }
  return 0;
}

// read_all, giving up after PATIENCE_MS without a byte.
static int read_patiently(int fd, void *buffer, size_t size) {
  struct pollfd ready = {fd, POLLIN, 0};
  int count;
  while ((count = poll(&ready, 1, PATIENCE_MS)) < 0 && errno == EINTR) {
  }
  return count == 1 ? read_all(fd, buffer, size) : -1;
}

static int write_all(int fd, const void *buffer, size_t size) {
  const char *bytes = buffer;
  while (size > 0) {
    ssize_t count = send(fd, bytes, size, MSG_NOSIGNAL);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return -1;
    bytes += count;
    size -= (size_t)count;
  }
  return 0;
}

// The checker: loads the library, says hello, then answers until the socket closes.
static _Noreturn void serve(int fd, const char *path) {
  struct hello hello;
  memset(&hello, 0, sizeof hello);
  void *library = dlopen("libpwquality.so.1", RTLD_NOW | RTLD_LOCAL);
  pwquality_settings_t *(*default_settings)(void) = NULL;
  int (*read_config)(pwquality_settings_t *, const char *, void **) = NULL;
  int (*get_int_value)(pwquality_settings_t *, int, int *) = NULL;
  int (*check)(pwquality_settings_t *, const char *, const char *, const char *, void **) = NULL;
  void (*library_free)(void *) = NULL;
  char *(*library_setlocale)(int, const char *) = NULL;
  if (library) {
    default_settings = dlsym(library, "pwquality_default_settings");
    read_config = dlsym(library, "pwquality_read_config");
    get_int_value = dlsym(library, "pwquality_get_int_value");
    check = dlsym(library, "pwquality_check");
    library_free = dlsym(library, "free");
    library_setlocale = dlsym(library, "setlocale");
  }
  pwquality_settings_t *settings = NULL;
  if (!default_settings || !read_config || !get_int_value || !check || !library_free) {
    const char *error = library ? "libpwquality.so.1 lacks a function" : dlerror();
    hello.status = CPWQ_LIBRARY_MISSING;
    snprintf(hello.detail, DETAIL, "%s", error ? error : "dlopen failed");
  } else {
    // cracklib's texts in English, whatever the locale: they are matched, not shown.
    if (library_setlocale) library_setlocale(LC_ALL, "C");
    settings = default_settings();
    void *aux = NULL;
    hello.status = settings ? read_config(settings, path, &aux) : PWQ_ERROR_MEM_ALLOC;
    if (aux) {
      // The name of the setting that failed, from the file.
      snprintf(hello.detail, DETAIL, "%s", (const char *)aux);
      library_free(aux);
    }
    const int which[CPWQ_SETTINGS] = {PWQ_SETTING_MIN_LENGTH, PWQ_SETTING_DIG_CREDIT,
                                      PWQ_SETTING_UP_CREDIT, PWQ_SETTING_LOW_CREDIT,
                                      PWQ_SETTING_OTH_CREDIT, PWQ_SETTING_MIN_CLASS};
    for (int i = 0; hello.status == 0 && i < CPWQ_SETTINGS; i++)
      get_int_value(settings, which[i], &hello.settings[i]);
  }
  if (write_all(fd, &hello, sizeof hello) != 0 || hello.status != 0) _exit(0);

  char *password = malloc(MAX_TEXT + 1), *user = malloc(MAX_TEXT + 1);
  struct request request;
  while (password && user && read_all(fd, &request, sizeof request) == 0) {
    if (request.length > MAX_TEXT || request.user_length > MAX_TEXT) break;
    if (read_all(fd, password, request.length) != 0) break;
    if (read_all(fd, user, request.user_length) != 0) break;
    password[request.length] = 0;
    user[request.user_length] = 0;
    struct reply reply;
    memset(&reply, 0, sizeof reply);
    void *aux = NULL;
    reply.result = check(settings, password, NULL, user, &aux);
    explicit_bzero(password, request.length);
    // Only cracklib's answer is text; other numbers carry a number, or nothing.
    if (reply.result == PWQ_ERROR_CRACKLIB_CHECK && aux)
      snprintf(reply.message, DETAIL, "%s", (const char *)aux);
    if (write_all(fd, &reply, sizeof reply) != 0) break;
  }
  _exit(0);
}

cpwq_checker *cpwq_start(const char *path) {
  cpwq_checker *checker = calloc(1, sizeof *checker);
  if (!checker) return NULL;
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    free(checker);
    return NULL;
  }
  pid_t pid = fork();
  if (pid < 0) {
    int error = errno;
    close(ends[0]);
    close(ends[1]);
    free(checker);
    errno = error;
    return NULL;
  }
  if (pid == 0) {
    // Away from the terminal: its own session, nothing but /dev/null and the socket.
    setsid();
    prctl(PR_SET_NAME, "register-policy");
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int null = open("/dev/null", O_RDWR);
    int fd = fcntl(ends[1], F_DUPFD, 10);
    if (null < 0 || fd < 0) _exit(1);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    dup2(fd, 3);
    close_range(4, ~0U, 0);
    serve(3, path);
  }
  close(ends[1]);
  checker->pid = pid;
  checker->socket = ends[0];
  pthread_mutex_init(&checker->turns, NULL);
  return checker;
}

int cpwq_ready(cpwq_checker *checker, int settings[CPWQ_SETTINGS], char *detail, size_t size) {
  struct hello hello;
  if (read_patiently(checker->socket, &hello, sizeof hello) != 0) {
    kill(checker->pid, SIGKILL);
    snprintf(detail, size, "the checker process did not answer");
    return CPWQ_CHECKER_GONE;
  }
  hello.detail[DETAIL - 1] = 0;
  snprintf(detail, size, "%s", hello.detail);
  for (int i = 0; i < CPWQ_SETTINGS; i++) settings[i] = hello.settings[i];
  return hello.status;
}

int cpwq_check(cpwq_checker *checker, const char *password, size_t length, const char *user,
               size_t user_length, char *message, size_t size) {
  message[0] = 0;
  if (length > MAX_TEXT || user_length > MAX_TEXT) return CPWQ_TOO_LONG;
  struct request request = {(uint32_t)length, (uint32_t)user_length};
  struct reply reply;
  pthread_mutex_lock(&checker->turns);
  int failed = checker->gone || write_all(checker->socket, &request, sizeof request) != 0 ||
               write_all(checker->socket, password, length) != 0 ||
               write_all(checker->socket, user, user_length) != 0 ||
               read_patiently(checker->socket, &reply, sizeof reply) != 0;
  if (failed && !checker->gone) {
    checker->gone = 1;
    kill(checker->pid, SIGKILL);
  }
  pthread_mutex_unlock(&checker->turns);
  if (failed) return CPWQ_CHECKER_GONE;
  reply.message[DETAIL - 1] = 0;
  snprintf(message, size, "%s", reply.message);
  return reply.result;
}

int cpwq_pid(const cpwq_checker *checker) { return checker->pid; }

void cpwq_stop(cpwq_checker *checker) {
  close(checker->socket);
  while (waitpid(checker->pid, NULL, 0) < 0 && errno == EINTR) {
  }
  pthread_mutex_destroy(&checker->turns);
  free(checker);
}
