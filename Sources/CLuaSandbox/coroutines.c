/* The coroutine functions, made safe for the sandbox. A coroutine that a limit stopped keeps
 * its pending __close handlers and has lost its count hook (Lua raised the error from inside
 * the hook), so nothing may run in it again: resuming, closing or calling its wrap function
 * raises an error instead. Coroutines that resume or close one another are also limited in
 * how deeply they nest, since Lua 5.4.4 does not count __close handlers that close coroutines
 * against its C stack limit and crashes after some thousands. */
#include "internal.h"

#include <lauxlib.h>

static lua_CFunction original(lua_State *L) { return lua_tocfunction(L, lua_upvalueindex(1)); }

static int is_main_thread(lua_State *L, lua_State *co) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  int main = lua_tothread(L, -1) == co;
  lua_pop(L, 1);
  return main;
}

/* Refuses a coroutine a limit stopped, and one that would nest too deep; otherwise records
 * how deep it is about to run. `what` names the operation for the message. */
static void admit(lua_State *L, lua_State *co, const char *what) {
  if (co == NULL || co == L || is_main_thread(L, co)) {
    return; /* Lua's own function reports these */
  }
  if (cadence_thread_tripped(co)) {
    luaL_error(L,
               "cannot %s a coroutine that was stopped for running past its limits; create a "
               "new one instead",
               what);
  }
  int depth = cadence_thread_depth(L) + 1;
  if (depth > CADENCE_COROUTINE_DEPTH) {
    luaL_error(L,
               "coroutines resumed or closed inside one another nest deeper than %d levels; "
               "flatten the chain",
               CADENCE_COROUTINE_DEPTH);
  }
  cadence_thread_set_depth(co, depth);
}

/* After a trip, the coroutine that was running is marked, and the error goes on up: it must
 * not come back as a value that a script could ignore. */
static void rethrow_if_tripped(lua_State *L, lua_State *co) {
  if (cadence_sandbox_of(L)->trip != CADENCE_TRIP_NONE) {
    if (co != NULL && co != L && !is_main_thread(L, co)) {
      cadence_thread_mark_tripped(co);
    }
    cadence_sandbox_raise_trip(L);
  }
}

static int sandbox_resume(lua_State *L) {
  lua_CFunction resume = original(L);
  lua_State *co = lua_tothread(L, 1);
  admit(L, co, "resume");
  int results = resume(L);
  rethrow_if_tripped(L, co);
  return results;
}

static int sandbox_close(lua_State *L) {
  lua_CFunction close = original(L);
  lua_State *co = lua_tothread(L, 1);
  rethrow_if_tripped(L, NULL);
  admit(L, co, "close");
  int results = close(L);
  rethrow_if_tripped(L, co);
  return results;
}

static int sandbox_create(lua_State *L) {
  lua_CFunction create = original(L);
  int results = create(L);
  cadence_sandbox_hook_thread(lua_tothread(L, -1));
  return results;
}

/* Calls a wrapped coroutine in the order of Lua 5.4's own wrap function: on an error, the
 * error object comes out of the coroutine first; then, if the coroutine itself failed, it is
 * reset, which runs its pending __close handlers and leaves on its stack the error that
 * stands at the end (one raised by a handler replaces the original), which is the error
 * passed on, prefixed with the caller's place when it is a string. The reset leaves the
 * coroutine dead and empty, so calling it again says "cannot resume dead coroutine". A
 * coroutine that a limit stopped is not reset (its handlers must not run outside the
 * budget): the trip goes on up instead. */
static int wrapped_step(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  admit(L, co, "call the function of");
  int arguments = lua_gettop(L);
  if (!lua_checkstack(co, arguments)) {
    lua_pushliteral(L, "too many arguments to resume");
  } else {
    lua_xmove(L, co, arguments);
    int results = 0;
    int status = lua_resume(co, L, arguments, &results);
    if (status == LUA_OK || status == LUA_YIELD) {
      if (lua_checkstack(L, results + 1)) {
        lua_xmove(co, L, results);
        return results;
      }
      lua_pop(co, results);
      lua_pushliteral(L, "too many results to resume");
    } else {
      lua_xmove(co, L, 1);
      rethrow_if_tripped(L, co);
    }
  }
  int state = lua_status(co);
  if (state != LUA_OK && state != LUA_YIELD) {
    state = lua_resetthread(co);
    rethrow_if_tripped(L, co);
    lua_xmove(co, L, 1);
  }
  if (state != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

static int sandbox_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  cadence_sandbox_hook_thread(co);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, wrapped_step, 1);
  return 1;
}

static void wrap_field(lua_State *L, const char *name, lua_CFunction wrapper) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
}

void cadence_sandbox_install_coroutines(lua_State *L) {
  lua_getglobal(L, "coroutine");
  wrap_field(L, "resume", sandbox_resume);
  wrap_field(L, "close", sandbox_close);
  wrap_field(L, "create", sandbox_create);
  lua_pushcfunction(L, sandbox_wrap);
  lua_setfield(L, -2, "wrap");
  lua_pop(L, 1);
}
