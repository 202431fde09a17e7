#include "internal.h"

#include <lauxlib.h>
#include <string.h>

/* After a trip, no script-level handler may swallow the error: the protected-call wrappers
 * re-raise it. */
static int rethrow_if_tripped(lua_State *L) {
  if (cadence_sandbox_of(L)->trip != CADENCE_TRIP_NONE) {
    return cadence_sandbox_raise_trip(L);
  }
  return 0;
}

static int finish_pcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    rethrow_if_tripped(L);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

static int sandbox_pcall(lua_State *L) {
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
  return finish_pcall(L, status, 0);
}

/* A script's message handler runs while Lua raises the error, and an error raised by the
 * count hook is raised with hooks switched off: after a trip the handler must not run at all,
 * or `while true do end` inside it would never be interrupted. */
static int guarded_handler(lua_State *L) {
  if (cadence_sandbox_of(L)->trip != CADENCE_TRIP_NONE) {
    lua_settop(L, 1);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

static int sandbox_xpcall(lua_State *L) {
  int count = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);
  int status = lua_pcallk(L, count - 2, LUA_MULTRET, 2, 2, finish_pcall);
  return finish_pcall(L, status, 2);
}

/* Finalisers would run outside any budget, at a time the host does not choose. */
static int sandbox_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) {
      return luaL_error(L, "finalisers (__gc) are not allowed in Cadence routines");
    }
    lua_pop(L, 1);
  }
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* The most text one `load` may take from a reader function. */
#define LOAD_LIMIT (16 << 20)

/* What load says of a binary chunk when its mode would have let Lua load it. */
#define BINARY_REFUSED "attempt to load a binary chunk (Cadence routines load text only)"

/* Whether load's mode (argument 3, "bt" when absent) lets Lua take a binary chunk: only then
 * must the sandbox refuse one itself; otherwise Lua refuses it, in its own words. */
static int mode_allows_binary(lua_State *L) {
  if (lua_isnoneornil(L, 3)) {
    return 1;
  }
  if (!lua_isstring(L, 3)) {
    return 0; /* Lua's load reports the bad argument */
  }
  return strchr(lua_tostring(L, 3), 'b') != NULL;
}

/* Stands in for a reader function given to `load`: charges each piece it returns to the
 * budget, as the compiler's work, refuses a binary chunk when the mode would take one, and
 * stops a reader that goes on past LOAD_LIMIT (an endless comment costs no memory, so the
 * memory cap would never stop it). Its errors become load's message, as a reader's do in Lua.
 * Upvalues: the script's reader, the bytes it gave so far, whether binary must be refused. */
static int charged_reader(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_call(L, 0, 1);
  if (lua_type(L, -1) == LUA_TSTRING) {
    size_t length;
    const char *piece = lua_tolstring(L, -1, &length);
    lua_Integer before = lua_tointeger(L, lua_upvalueindex(2));
    if (before == 0 && length > 0 && piece[0] == LUA_SIGNATURE[0] &&
        lua_toboolean(L, lua_upvalueindex(3))) {
      lua_pushliteral(L, BINARY_REFUSED);
      return lua_error(L);
    }
    lua_Integer total = before + (lua_Integer)length;
    if (total > LOAD_LIMIT) {
      return luaL_error(L, "the reader function gave load more than %d MB of text",
                        LOAD_LIMIT >> 20);
    }
    lua_pushinteger(L, total);
    lua_replace(L, lua_upvalueindex(2));
    cadence_sandbox_charge(L, 1 + (long long)(length / CADENCE_PARSE_BYTES));
  }
  return 1;
}

/* load takes text only: binary chunks can crash the virtual machine. Otherwise it is Lua's
 * own, called with the arguments as given (so its messages and its treatment of a mode or an
 * environment are Lua's). Compiling is charged to the budget by the length of the text, and a
 * limit that trips inside it is not reported as load's result but raised. */
static int sandbox_load(lua_State *L) {
  lua_CFunction load = lua_tocfunction(L, lua_upvalueindex(1));
  if (lua_type(L, 1) == LUA_TSTRING) {
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    if (length > 0 && text[0] == LUA_SIGNATURE[0] && mode_allows_binary(L)) {
      luaL_pushfail(L);
      lua_pushliteral(L, BINARY_REFUSED);
      return 2;
    }
    cadence_sandbox_charge(L, 1 + (long long)(length / CADENCE_PARSE_BYTES));
  } else if (lua_type(L, 1) == LUA_TFUNCTION) {
    int refuse_binary = mode_allows_binary(L);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    lua_pushboolean(L, refuse_binary);
    lua_pushcclosure(L, charged_reader, 3);
    lua_replace(L, 1);
  }
  int results = load(L);
  rethrow_if_tripped(L);
  return results;
}

/* print collects into a bounded buffer that the host reads; the rest is dropped and noted. */
static int sandbox_print(lua_State *L) {
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  int count = lua_gettop(L);
  for (int i = 1; i <= count + 1; i++) {
    size_t length = 1;
    const char *text = "\n";
    if (i <= count) {
      text = luaL_tolstring(L, i, &length);
    }
    const char *separator = i > 1 && i <= count ? "\t" : "";
    size_t needed = strlen(separator) + length;
    if (sandbox->output_length + needed >= CADENCE_OUTPUT_CAPACITY) {
      sandbox->output_truncated = 1;
      return 0;
    }
    memcpy(sandbox->output + sandbox->output_length, separator, strlen(separator));
    sandbox->output_length += strlen(separator);
    memcpy(sandbox->output + sandbox->output_length, text, length);
    sandbox->output_length += length;
    if (i <= count) {
      lua_pop(L, 1);
    }
  }
  sandbox->output[sandbox->output_length] = '\0';
  return 0;
}

/* Names the sandbox removed raise a clear error instead of "attempt to index a nil value". */
static int guard_index(lua_State *L) {
  const char *owner = lua_tostring(L, lua_upvalueindex(1));
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) {
    if (owner[0] == '\0') {
      return luaL_error(L, "'%s' is not available to Cadence routines (they run in a sandbox)",
                        lua_tostring(L, 2));
    }
    return luaL_error(L, "'%s.%s' is not available to Cadence routines (they run in a sandbox)",
                      owner, lua_tostring(L, 2));
  }
  return 0;
}

/* Gives the table at `index` a locked metatable whose __index refuses `names`. */
static void guard_table(lua_State *L, int index, const char *owner, const char *const *names) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  lua_newtable(L);
  for (const char *const *name = names; *name != NULL; name++) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, *name);
  }
  lua_pushstring(L, owner);
  lua_insert(L, -2);
  lua_pushcclosure(L, guard_index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, index);
}

static void wrap_global(lua_State *L, const char *table, const char *name, lua_CFunction wrapper) {
  if (table != NULL) {
    lua_getglobal(L, table);
  } else {
    lua_pushglobaltable(L);
  }
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

static void remove_fields(lua_State *L, const char *const *names) {
  for (const char *const *name = names; *name != NULL; name++) {
    lua_pushnil(L);
    lua_setfield(L, -2, *name);
  }
}

void cadence_sandbox_install_library(lua_State *L) {
  static const char *const removedGlobals[] = {
      "io", "package", "require", "debug", "dofile", "loadfile", "collectgarbage", NULL};
  static const char *const removedOs[] = {"execute", "exit",   "getenv",    "remove",
                                          "rename",  "tmpname", "setlocale", NULL};
  static const char *const removedString[] = {"dump", NULL};

  lua_pushglobaltable(L);
  remove_fields(L, removedGlobals);
  lua_pushcfunction(L, sandbox_pcall);
  lua_setfield(L, -2, "pcall");
  lua_pushcfunction(L, sandbox_xpcall);
  lua_setfield(L, -2, "xpcall");
  lua_pushcfunction(L, sandbox_print);
  lua_setfield(L, -2, "print");
  guard_table(L, -1, "", removedGlobals);
  lua_pop(L, 1);

  wrap_global(L, NULL, "setmetatable", sandbox_setmetatable);
  wrap_global(L, NULL, "load", sandbox_load);

  lua_getglobal(L, "os");
  remove_fields(L, removedOs);
  guard_table(L, -1, "os", removedOs);
  lua_pop(L, 1);

  lua_getglobal(L, "string");
  remove_fields(L, removedString);
  guard_table(L, -1, "string", removedString);
  lua_pop(L, 1);

  /* The metatable shared by every string: readable by nobody, so nobody can change it. */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
}
