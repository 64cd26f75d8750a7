// SQLite for Swift, plus what Swift cannot import: SQLITE_TRANSIENT is a macro casting -1
// to a function pointer.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// Tells sqlite3_bind_text to copy the text before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// The extended result code of a failed UNIQUE constraint (an expression macro).
static inline int csqlite_constraint_unique(void) { return SQLITE_CONSTRAINT_UNIQUE; }

#endif
