#ifndef CADENCE_CSQLITE_SHIM_H
#define CADENCE_CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro Swift cannot import: "copy the bytes now". */
static inline sqlite3_destructor_type cadence_sqlite_transient(void) {
  return (sqlite3_destructor_type)-1;
}

#endif
