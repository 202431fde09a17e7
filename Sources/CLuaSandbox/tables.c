/* The table library's functions that loop in C, written again so that they charge their work
 * to the instruction budget before doing it: Lua's own versions of insert, remove, move,
 * concat, unpack and sort run their loops where the count hook never fires, so that
 * `table.move({}, 1, 1e12, 1)` would run for hours. Semantics follow the Lua 5.4 manual,
 * section 6.6; sort is a heap sort (Lua's order for equal elements was never promised). */
#include "internal.h"

#include <lauxlib.h>
#include <limits.h>

enum { NEEDS_READ = 1, NEEDS_WRITE = 2, NEEDS_LENGTH = 4, NEEDS_ALL = 7 };

static int has_metafield(lua_State *L, const char *name) {
  lua_pushstring(L, name);
  int found = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 1);
  return found;
}

/* A table, or a value whose metatable gives what the function needs, as Lua's own accept. */
static void check_list(lua_State *L, int arg, int needs) {
  if (lua_type(L, arg) == LUA_TTABLE) {
    return;
  }
  int ok = 0;
  if (lua_getmetatable(L, arg)) {
    ok = (!(needs & NEEDS_READ) || has_metafield(L, "__index")) &&
         (!(needs & NEEDS_WRITE) || has_metafield(L, "__newindex")) &&
         (!(needs & NEEDS_LENGTH) || has_metafield(L, "__len"));
    lua_pop(L, 1);
  }
  if (!ok) {
    luaL_checktype(L, arg, LUA_TTABLE);
  }
}

/* Charges for `count` elements read or written, saturating rather than overflowing; returns
 * the charge, for cadence_sandbox_after_work. */
static long long charge_elements(lua_State *L, lua_Unsigned count) {
  long long limit = LLONG_MAX / CADENCE_ELEMENT_COST;
  long long units = count > (lua_Unsigned)limit ? LLONG_MAX : (long long)count * CADENCE_ELEMENT_COST;
  cadence_sandbox_charge(L, units);
  return units;
}

static int table_insert(lua_State *L) {
  check_list(L, 1, NEEDS_ALL);
  lua_Integer end = (lua_Integer)((lua_Unsigned)luaL_len(L, 1) + 1u); /* the first free slot */
  lua_Integer position = end;
  switch (lua_gettop(L)) {
  case 2:
    break;
  case 3:
    position = luaL_checkinteger(L, 2);
    luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)end, 2, "position out of bounds");
    long long units = charge_elements(L, (lua_Unsigned)end - (lua_Unsigned)position);
    for (lua_Integer i = end; i > position; i--) {
      lua_geti(L, 1, i - 1);
      lua_seti(L, 1, i);
    }
    cadence_sandbox_after_work(L, units);
    break;
  default:
    return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, position);
  return 0;
}

static int table_remove(lua_State *L) {
  check_list(L, 1, NEEDS_ALL);
  lua_Integer size = luaL_len(L, 1);
  lua_Integer position = luaL_optinteger(L, 2, size);
  if (position != size) {
    /* Lua 5.4 names the list (argument 1) in this message; so does Cadence. */
    luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 1,
                  "position out of bounds");
  }
  long long units = 0;
  if (position < size) {
    units = charge_elements(L, (lua_Unsigned)size - (lua_Unsigned)position);
  }
  lua_geti(L, 1, position);
  for (; position < size; position++) {
    lua_geti(L, 1, position + 1);
    lua_seti(L, 1, position);
  }
  lua_pushnil(L);
  lua_seti(L, 1, position);
  cadence_sandbox_after_work(L, units);
  return 1;
}

static int table_move(lua_State *L) {
  lua_Integer first = luaL_checkinteger(L, 2);
  lua_Integer last = luaL_checkinteger(L, 3);
  lua_Integer to = luaL_checkinteger(L, 4);
  int target = lua_isnoneornil(L, 5) ? 1 : 5;
  check_list(L, 1, NEEDS_READ);
  check_list(L, target, NEEDS_WRITE);
  if (last >= first) {
    luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
    lua_Integer span = last - first; /* elements to move, less one */
    luaL_argcheck(L, to <= LUA_MAXINTEGER - span, 4, "destination wrap around");
    long long units = charge_elements(L, (lua_Unsigned)span + 1u);
    if (to > last || to <= first || (target != 1 && !lua_compare(L, 1, target, LUA_OPEQ))) {
      for (lua_Integer i = 0; i <= span; i++) {
        lua_geti(L, 1, first + i);
        lua_seti(L, target, to + i);
      }
    } else {
      for (lua_Integer i = span; i >= 0; i--) {
        lua_geti(L, 1, first + i);
        lua_seti(L, target, to + i);
      }
    }
    cadence_sandbox_after_work(L, units);
  }
  lua_pushvalue(L, target);
  return 1;
}

/* Adds list[i] to the buffer, charged by its length (so an __index that returns text for a
 * range of a trillion stops at the budget, not at the end of the range). */
static void add_element(lua_State *L, luaL_Buffer *buffer, lua_Integer i, size_t separator) {
  lua_geti(L, 1, i);
  if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
               (LUAI_UACINT)i);
  }
  size_t length;
  lua_tolstring(L, -1, &length);
  cadence_sandbox_charge(L, CADENCE_ELEMENT_COST + (long long)((length + separator) / CADENCE_COPY_BYTES));
  luaL_addvalue(buffer);
}

static int table_concat(lua_State *L) {
  check_list(L, 1, NEEDS_READ | NEEDS_LENGTH);
  lua_Integer last = luaL_len(L, 1);
  size_t separator_length;
  const char *separator = luaL_optlstring(L, 2, "", &separator_length);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  for (; i < last; i++) {
    add_element(L, &buffer, i, separator_length);
    luaL_addlstring(&buffer, separator, separator_length);
  }
  if (i == last) {
    add_element(L, &buffer, i, 0);
  }
  luaL_pushresult(&buffer);
  return 1;
}

static int table_unpack(lua_State *L) {
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer last = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
  if (i > last) {
    return 0;
  }
  lua_Unsigned count = (lua_Unsigned)last - (lua_Unsigned)i;
  if (count >= (lua_Unsigned)INT_MAX - 1u) {
    return luaL_error(L, "too many results to unpack");
  }
  count++;
  long long units = charge_elements(L, count);
  if (!lua_checkstack(L, (int)count)) {
    return luaL_error(L, "too many results to unpack");
  }
  for (; i < last; i++) {
    lua_geti(L, 1, i);
  }
  lua_geti(L, 1, last);
  cadence_sandbox_after_work(L, units);
  return (int)count;
}

/* Whether the value at `a` sorts before the one at `b`: by the script's function at index 2,
 * or by `<`. */
static int sorts_before(lua_State *L, int a, int b) {
  a = lua_absindex(L, a);
  b = lua_absindex(L, b);
  if (lua_isnil(L, 2)) {
    return lua_compare(L, a, b, LUA_OPLT);
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a);
  lua_pushvalue(L, b);
  lua_call(L, 2, 1);
  int result = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return result;
}

/* Moves list[root] down the heap list[1..last] until neither child sorts after it. */
static void sift_down(lua_State *L, lua_Integer root, lua_Integer last) {
  lua_geti(L, 1, root);
  int value = lua_gettop(L);
  for (;;) {
    lua_Integer child = 2 * root;
    if (child > last) {
      break;
    }
    cadence_sandbox_charge(L, 2 * CADENCE_ELEMENT_COST);
    lua_geti(L, 1, child);
    if (child < last) {
      lua_geti(L, 1, child + 1);
      if (sorts_before(L, -2, -1)) {
        child++;
        lua_remove(L, -2);
      } else {
        lua_pop(L, 1);
      }
    }
    if (!sorts_before(L, value, -1)) {
      lua_pop(L, 1);
      break;
    }
    lua_seti(L, 1, root);
    root = child;
  }
  lua_seti(L, 1, root);
}

/* At least log2(count), for estimating the work of a sort. */
static long long log2_ceiling(lua_Integer count) {
  long long bits = 1;
  while (count > 1) {
    count >>= 1;
    bits++;
  }
  return bits;
}

static int table_sort(lua_State *L) {
  check_list(L, 1, NEEDS_ALL);
  lua_Integer count = luaL_len(L, 1);
  if (count <= 1) {
    return 0;
  }
  luaL_argcheck(L, count < INT_MAX, 1, "array too big");
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
  }
  lua_settop(L, 2);
  /* A sort that could not finish within what is left of the budget stops before it starts. */
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  long long estimate = (long long)count * log2_ceiling(count) * 2 * CADENCE_ELEMENT_COST;
  if (sandbox->enforcing && estimate > sandbox->instruction_budget - sandbox->instructions) {
    cadence_sandbox_charge(L, estimate);
  }
  for (lua_Integer root = count / 2; root >= 1; root--) {
    sift_down(L, root, count);
  }
  for (lua_Integer last = count; last > 1; last--) {
    lua_geti(L, 1, 1);
    lua_geti(L, 1, last);
    lua_seti(L, 1, 1);
    lua_seti(L, 1, last);
    sift_down(L, 1, last - 1);
  }
  return 0;
}

void cadence_sandbox_install_tables(lua_State *L) {
  static const luaL_Reg functions[] = {
      {"insert", table_insert}, {"remove", table_remove}, {"move", table_move},
      {"concat", table_concat}, {"unpack", table_unpack}, {"sort", table_sort},
      {NULL, NULL}};
  lua_getglobal(L, "table");
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
}
