#ifndef CADENCE_WORKER_TREE_H
#define CADENCE_WORKER_TREE_H

#include "wire.h"

typedef struct lua_State lua_State;

/* The deepest a routine's table may nest, as Cadence reads it. */
#define TREE_MAXIMUM_DEPTH 64

/* Why a tree could not be written. */
enum { TREE_OK = 0, TREE_TOO_DEEP = 1, TREE_TOO_LARGE = 2 };

/* Writes the value on top of the stack as a tree, with raw calls only (no metamethod runs),
 * inside a protected call. Returns TREE_OK, or why it could not: too deep, or too large once
 * written out (past the reply's limit). Leaves the stack as it was. */
int tree_write(lua_State *L, wire_out *out);

#endif
