#ifndef CADENCE_LUA_SANDBOX_INTERNAL_H
#define CADENCE_LUA_SANDBOX_INTERNAL_H

#include "CLuaSandbox.h"
#include <lua.h>

/* How many VM instructions pass between two looks at the budget and the clock. */
#define CADENCE_HOOK_STEP 1000

/* How much charged work (in instructions) may pass between two looks at the clock. */
#define CADENCE_CLOCK_STEP 20000

/* What C work costs in instructions: bytes copied (memcpy) per instruction, bytes scanned or
 * converted one at a time per instruction, and an element read and written through the API
 * (lua_geti and lua_seti take about as long as 6 to 16 VM instructions; measured with
 * lua5.4, table.move against a numeric for loop). */
#define CADENCE_COPY_BYTES 64
#define CADENCE_SCAN_BYTES 8
#define CADENCE_PARSE_BYTES 4
#define CADENCE_ELEMENT_COST 8

/* How deeply coroutines may resume or close one another: Lua 5.4.4 can overflow the C stack
 * when __close handlers close coroutines thousands deep. */
#define CADENCE_COROUTINE_DEPTH 150

/* The longest error message the sandbox passes on; a longer one is cut (a script could
 * raise one of a hundred megabytes). */
#define CADENCE_MESSAGE_LIMIT 1024

cadence_sandbox *cadence_sandbox_of(lua_State *L);

/* Reads the optional `actions` of the table at `table` (a hook's result) into *target (malloc'd,
 * *length bytes, encoded as cadence_hook_outcome says; NULL when there are none). Returns 1, or
 * 0 with a sentence saying what is wrong pushed on the stack. Raises only when out of memory. */
int cadence_sandbox_read_actions(lua_State *L, int table, char **target, size_t *length);

/* Readies the error message at the top of the stack for the host: a place (`chunk:line: `)
 * repeated at its start is kept once, and the message is cut to its first
 * CADENCE_MESSAGE_LIMIT bytes (at a character boundary, and marked as cut) when longer. */
void cadence_sandbox_cut_message(lua_State *L);

/* Raises the sandbox's error for the current trip, after making sure the next hook fires at
 * once, so that a script's own error handling cannot go on for long. The message names the
 * place at `level` (0 inside the count hook, 1 inside a C function Lua called). A coroutine
 * that raises it is marked as stopped, and never runs again. */
int cadence_sandbox_raise_trip_at(lua_State *L, int level);

/* As cadence_sandbox_raise_trip_at, from a C function Lua called. */
int cadence_sandbox_raise_trip(lua_State *L);

/* Charges work a C function is about to do against the instruction budget, looks at the
 * clock once enough work has been charged since the last look, and raises the trip (from a C
 * function Lua called) when the budget or the time is spent, or a limit had already tripped. */
void cadence_sandbox_charge(lua_State *L, long long instructions);

/* Looks at the clock now and raises the trip if the deadline has passed: for after a C call
 * that did real work. */
void cadence_sandbox_check_clock(lua_State *L);

/* After a C call that charged `instructions`: looks at the clock when that was real work (or
 * a limit tripped meanwhile, in the allocator say), and raises the trip if it has. */
void cadence_sandbox_after_work(lua_State *L, long long instructions);

/* Adds charged work without raising; returns 1 when a limit has tripped (the caller must
 * stop and raise). For code that must unwind its own state first, such as the matcher. */
int cadence_sandbox_account(cadence_sandbox *sandbox, long long instructions);

/* Gives a new coroutine the sandbox's count hook. */
void cadence_sandbox_hook_thread(lua_State *co);

/* Whether a limit stopped this coroutine; and marking it so. */
int cadence_thread_tripped(lua_State *co);
void cadence_thread_mark_tripped(lua_State *co);

/* How deeply coroutine calls nest at this thread; and setting it for one about to run. */
int cadence_thread_depth(lua_State *co);
void cadence_thread_set_depth(lua_State *co, int depth);

/* Installs the replacement library functions: pcall, xpcall, setmetatable, load, print, os,
 * and the removed-name guards. */
void cadence_sandbox_install_library(lua_State *L);

/* Replaces the coroutine functions with versions that refuse stopped coroutines and limit
 * nesting. */
void cadence_sandbox_install_coroutines(lua_State *L);

/* Replaces the table functions with versions that charge their work to the budget. */
void cadence_sandbox_install_tables(lua_State *L);

/* Replaces string.rep and wraps the string, utf8 and os functions that work in proportion to
 * their arguments so that they charge that work first. */
void cadence_sandbox_install_charges(lua_State *L);

/* Replaces string.find, match, gmatch and gsub with versions that obey the budget. */
void cadence_sandbox_install_patterns(lua_State *L);

#endif
