#ifndef CADENCE_LUA_SANDBOX_INTERNAL_H
#define CADENCE_LUA_SANDBOX_INTERNAL_H

#include "CLuaSandbox.h"
#include <lua.h>

/* How many VM instructions pass between two looks at the budget and the clock. */
#define CADENCE_HOOK_STEP 1000

cadence_sandbox *cadence_sandbox_of(lua_State *L);

/* Raises the sandbox's error for the current trip, after making sure the next hook fires at
 * once, so that a script's own error handling cannot go on for long. The message names the
 * place at `level` (0 inside the count hook, 1 inside a C function Lua called). */
int cadence_sandbox_raise_trip_at(lua_State *L, int level);

/* As cadence_sandbox_raise_trip_at, from a C function Lua called. */
int cadence_sandbox_raise_trip(lua_State *L);

/* Installs the replacement library functions: pcall, xpcall, coroutine.resume,
 * setmetatable, load, print, os, and the removed-name guards. */
void cadence_sandbox_install_library(lua_State *L);

/* Replaces string.find, match, gmatch and gsub with versions that obey the budget. */
void cadence_sandbox_install_patterns(lua_State *L);

#endif
