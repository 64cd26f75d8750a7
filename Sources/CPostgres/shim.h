// libpq, loaded at run time: only a PostgreSQL store needs it, and linking it would cost
// every start (static libpq drags libssl, libcrypto, GSSAPI and LDAP; dynamic libpq loads
// them all before main). The header gives the types; dlsym gives the functions.
#ifndef CPOSTGRES_SHIM_H
#define CPOSTGRES_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
// Found without pkg-config on purpose: a system library with `pkgConfig: "libpq"` gets
// `-lpq` on every link, and a dynamic build would then load libpq at every start.
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif

/// The libpq functions the program calls, typed by the header, so a mismatch fails to
/// compile instead of crashing.
typedef struct {
  __typeof__(PQconnectdbParams) *_Nonnull connectdbParams;
  __typeof__(PQstatus) *_Nonnull status;
  __typeof__(PQerrorMessage) *_Nonnull errorMessage;
  __typeof__(PQfinish) *_Nonnull finish;
  __typeof__(PQreset) *_Nonnull reset;
  __typeof__(PQsetNoticeProcessor) *_Nonnull setNoticeProcessor;
  __typeof__(PQexec) *_Nonnull exec;
  __typeof__(PQexecParams) *_Nonnull execParams;
  __typeof__(PQresultStatus) *_Nonnull resultStatus;
  __typeof__(PQresultErrorField) *_Nonnull resultErrorField;
  __typeof__(PQntuples) *_Nonnull ntuples;
  __typeof__(PQnfields) *_Nonnull nfields;
  __typeof__(PQgetvalue) *_Nonnull getvalue;
  __typeof__(PQgetlength) *_Nonnull getlength;
  __typeof__(PQgetisnull) *_Nonnull getisnull;
  __typeof__(PQclear) *_Nonnull clear;
} cpostgres_api;

/// Loads libpq: its functions, or NULL with why not in `error` (dlerror's text). Call once.
static inline const cpostgres_api *_Nullable cpostgres_load(
    const char *_Nullable *_Nonnull error) {
  static cpostgres_api loaded;
  cpostgres_api *api = &loaded;
  // RTLD_LOCAL: libpq's dependencies stay out of the program's symbol space.
  void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    *error = dlerror();
    return NULL;
  }
#define CPOSTGRES_SYMBOL(field, name) \
  if ((api->field = (__typeof__(name) *)dlsym(library, #name)) == NULL) { \
    *error = dlerror(); \
    return NULL; \
  }
  CPOSTGRES_SYMBOL(connectdbParams, PQconnectdbParams)
  CPOSTGRES_SYMBOL(status, PQstatus)
  CPOSTGRES_SYMBOL(errorMessage, PQerrorMessage)
  CPOSTGRES_SYMBOL(finish, PQfinish)
  CPOSTGRES_SYMBOL(reset, PQreset)
  CPOSTGRES_SYMBOL(setNoticeProcessor, PQsetNoticeProcessor)
  CPOSTGRES_SYMBOL(exec, PQexec)
  CPOSTGRES_SYMBOL(execParams, PQexecParams)
  CPOSTGRES_SYMBOL(resultStatus, PQresultStatus)
  CPOSTGRES_SYMBOL(resultErrorField, PQresultErrorField)
  CPOSTGRES_SYMBOL(ntuples, PQntuples)
  CPOSTGRES_SYMBOL(nfields, PQnfields)
  CPOSTGRES_SYMBOL(getvalue, PQgetvalue)
  CPOSTGRES_SYMBOL(getlength, PQgetlength)
  CPOSTGRES_SYMBOL(getisnull, PQgetisnull)
  CPOSTGRES_SYMBOL(clear, PQclear)
#undef CPOSTGRES_SYMBOL
  return api;
}

#endif
