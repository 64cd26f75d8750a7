// libpq's types, for a library loaded at run time: only a PostgreSQL store needs it, and
// linking it would cost every start (static libpq drags libssl, libcrypto, GSSAPI and
// LDAP; dynamic libpq loads them all before main). The header gives the types; Accounts
// finds the functions with dlsym.
#ifndef CPOSTGRES_SHIM_H
#define CPOSTGRES_SHIM_H

// Found without pkg-config on purpose: a system library with `pkgConfig: "libpq"` gets
// `-lpq` on every link, and a dynamic build would then load libpq at every start.
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif

// The type of each libpq function the program calls, from its declaration, so that a
// mismatch fails to compile instead of crashing. Types only: a struct laid out here and
// filled in one Swift file, read in another, goes wrong when an incremental build
// recompiles only one of them.
typedef __typeof__(PQconnectdbParams) *cpostgres_connectdbParams;
typedef __typeof__(PQstatus) *cpostgres_status;
typedef __typeof__(PQpingParams) *cpostgres_pingParams;
typedef __typeof__(PQerrorMessage) *cpostgres_errorMessage;
typedef __typeof__(PQfinish) *cpostgres_finish;
typedef __typeof__(PQreset) *cpostgres_reset;
typedef __typeof__(PQsetNoticeProcessor) *cpostgres_setNoticeProcessor;
typedef __typeof__(PQresultStatus) *cpostgres_resultStatus;
typedef __typeof__(PQresultErrorField) *cpostgres_resultErrorField;
typedef __typeof__(PQntuples) *cpostgres_ntuples;
typedef __typeof__(PQnfields) *cpostgres_nfields;
typedef __typeof__(PQgetvalue) *cpostgres_getvalue;
typedef __typeof__(PQgetlength) *cpostgres_getlength;
typedef __typeof__(PQgetisnull) *cpostgres_getisnull;
typedef __typeof__(PQclear) *cpostgres_clear;
// Sending and waiting apart, so that a server that stops answering (frozen, or cut off
// behind a network that drops packets) costs a bounded wait instead of a hang.
typedef __typeof__(PQsendQuery) *cpostgres_sendQuery;
typedef __typeof__(PQsendQueryParams) *cpostgres_sendQueryParams;
typedef __typeof__(PQsocket) *cpostgres_socket;
typedef __typeof__(PQconsumeInput) *cpostgres_consumeInput;
typedef __typeof__(PQisBusy) *cpostgres_isBusy;
typedef __typeof__(PQgetResult) *cpostgres_getResult;
// LISTEN/NOTIFY, for `register sync --follow`.
typedef __typeof__(PQnotifies) *cpostgres_notifies;
typedef __typeof__(PQfreemem) *cpostgres_freemem;

#endif
