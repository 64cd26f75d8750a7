#include "cpwquality.h"

#include <dlfcn.h>
#include <locale.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The library's functions, found once by dlsym.
static struct {
  pwquality_settings_t *(*default_settings)(void);
  int (*read_config)(pwquality_settings_t *, const char *, void **);
  int (*get_int_value)(pwquality_settings_t *, int, int *);
  int (*check)(pwquality_settings_t *, const char *, const char *, const char *, void **);
  void (*free_settings)(pwquality_settings_t *);
  // From the C library the loaded one uses (its own copy in a static binary).
  void (*free)(void *);
  char *(*dgettext)(const char *, const char *);
  void (*ctype_init)(void);
} pwq;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void *find(void *handle, const char *name) {
  void *symbol = dlsym(handle, name);
  if (symbol == NULL && load_error[0] == 0)
    snprintf(load_error, sizeof load_error, "%s is missing", name);
  return symbol;
}

static void load(void) {
  void *handle = dlopen("libpwquality.so.1", RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *error = dlerror();
    snprintf(load_error, sizeof load_error, "%s", error ? error : "dlopen failed");
    return;
  }
  pwq.default_settings = find(handle, "pwquality_default_settings");
  pwq.read_config = find(handle, "pwquality_read_config");
  pwq.get_int_value = find(handle, "pwquality_get_int_value");
  pwq.check = find(handle, "pwquality_check");
  pwq.free_settings = find(handle, "pwquality_free_settings");
  pwq.free = find(handle, "free");
  pwq.dgettext = find(handle, "dgettext");
  // A fully static program that loads a shared library gets a second C library, whose
  // per-thread character tables are set up only on threads it started itself. Every
  // thread of ours sets them up before its first call (begin).
  if ((void *)pwq.free != (void *)free) pwq.ctype_init = find(handle, "__ctype_init");
}

int cpwq_load(char *reason, size_t size) {
  pthread_once(&once, load);
  if (load_error[0] == 0) return 0;
  snprintf(reason, size, "%s", load_error);
  return -1;
}

// cracklib keeps the dictionary it reads in static buffers: every call takes turns.
static pthread_mutex_t turns = PTHREAD_MUTEX_INITIALIZER;
static __thread int thread_prepared;

static void begin(void) {
  pthread_mutex_lock(&turns);
  if (thread_prepared) return;
  if (pwq.ctype_init) pwq.ctype_init();
  thread_prepared = 1;
}

static void end(void) { pthread_mutex_unlock(&turns); }

pwquality_settings_t *cpwq_read_settings(const char *path, int *status, char *setting,
                                         size_t size) {
  begin();
  setting[0] = 0;
  pwquality_settings_t *settings = pwq.default_settings();
  if (settings == NULL) {
    *status = PWQ_ERROR_MEM_ALLOC;
    end();
    return NULL;
  }
  void *aux = NULL;
  *status = pwq.read_config(settings, path, &aux);
  if (aux != NULL) {
    // The name of the setting that failed, from the file: its owner's memory.
    snprintf(setting, size, "%s", (const char *)aux);
    pwq.free(aux);
  }
  if (*status != 0) {
    pwq.free_settings(settings);
    settings = NULL;
  }
  end();
  return settings;
}

int cpwq_get_int_value(pwquality_settings_t *settings, int which, int *value) {
  begin();
  int result = pwq.get_int_value(settings, which, value);
  end();
  return result;
}

int cpwq_check(pwquality_settings_t *settings, const char *password, const char *user,
               const char **message) {
  begin();
  void *aux = NULL;
  int result = pwq.check(settings, password, NULL, user, &aux);
  end();
  // Only cracklib's answer is text; other codes carry a number, or nothing.
  *message = result == PWQ_ERROR_CRACKLIB_CHECK ? (const char *)aux : NULL;
  return result;
}

void cpwq_free_settings(pwquality_settings_t *settings) {
  begin();
  pwq.free_settings(settings);
  end();
}

const char *cpwq_cracklib_text(const char *message) {
  begin();
  const char *text = pwq.dgettext("cracklib", message);
  end();
  return text;
}
