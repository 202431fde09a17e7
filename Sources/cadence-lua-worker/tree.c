#include "tree.h"

#include <lauxlib.h>
#include <lua.h>
#include <string.h>

typedef struct Walk {
  wire_out *out;
  int failure;
} Walk;

static void write_text(wire_out *out, lua_State *L, int index) {
  size_t length;
  const char *text = lua_tolstring(L, index, &length);
  wire_u32(out, (uint32_t)(length > 0xFFFFFFF0u ? 0xFFFFFFF0u : length));
  wire_bytes(out, text, length);
}

static void write_key(Walk *walk, lua_State *L, int index) {
  wire_out *out = walk->out;
  switch (lua_type(L, index)) {
  case LUA_TSTRING:
    wire_u8(out, WIRE_KEY_NAME);
    write_text(out, L, index);
    return;
  case LUA_TNUMBER:
    if (lua_isinteger(L, index)) {
      wire_u8(out, WIRE_KEY_INDEX);
      wire_i64(out, (int64_t)lua_tointeger(L, index));
      return;
    }
    /* Written as a number; Cadence names it in its messages. */
    wire_u8(out, WIRE_KEY_OTHER);
    wire_u8(out, WIRE_NUMBER);
    wire_f64(out, lua_tonumber(L, index));
    return;
  case LUA_TBOOLEAN:
    wire_u8(out, WIRE_KEY_OTHER);
    wire_u8(out, lua_toboolean(L, index) ? WIRE_TRUE : WIRE_FALSE);
    return;
  default: {
    const char *name = lua_typename(L, lua_type(L, index));
    wire_u8(out, WIRE_KEY_OTHER);
    wire_u8(out, WIRE_OTHER);
    wire_text(out, name, strlen(name), 64);
  }
  }
}

static void write_value(Walk *walk, lua_State *L, int index, int depth) {
  wire_out *out = walk->out;
  if (walk->failure != TREE_OK) {
    return;
  }
  if (out->overflow) {
    walk->failure = TREE_TOO_LARGE;
    return;
  }
  switch (lua_type(L, index)) {
  case LUA_TNIL:
  case LUA_TNONE:
    wire_u8(out, WIRE_NIL);
    return;
  case LUA_TBOOLEAN:
    wire_u8(out, lua_toboolean(L, index) ? WIRE_TRUE : WIRE_FALSE);
    return;
  case LUA_TNUMBER:
    if (lua_isinteger(L, index)) {
      wire_u8(out, WIRE_INTEGER);
      wire_i64(out, (int64_t)lua_tointeger(L, index));
    } else {
      wire_u8(out, WIRE_NUMBER);
      wire_f64(out, lua_tonumber(L, index));
    }
    return;
  case LUA_TSTRING:
    wire_u8(out, WIRE_STRING);
    write_text(out, L, index);
    return;
  case LUA_TFUNCTION:
    wire_u8(out, WIRE_FUNCTION);
    return;
  case LUA_TTABLE:
    break;
  default: {
    const char *name = lua_typename(L, lua_type(L, index));
    wire_u8(out, WIRE_OTHER);
    wire_text(out, name, strlen(name), 64);
    return;
  }
  }
  if (depth >= TREE_MAXIMUM_DEPTH) {
    walk->failure = TREE_TOO_DEEP;
    return;
  }
  luaL_checkstack(L, 4, "table too deep");
  wire_u8(out, WIRE_TABLE);
  size_t count_at = out->length;
  wire_u32(out, 0);
  uint32_t count = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    if (count == 0xFFFFFFF0u) {
      walk->failure = TREE_TOO_LARGE;
    }
    write_key(walk, L, -2);
    write_value(walk, L, lua_gettop(L), depth + 1);
    lua_pop(L, 1);
    count++;
    if (walk->failure != TREE_OK || out->overflow) {
      lua_pop(L, 1);
      if (walk->failure == TREE_OK) {
        walk->failure = TREE_TOO_LARGE;
      }
      return;
    }
  }
  for (int i = 0; i < 4; i++) {
    out->bytes[count_at + i] = (unsigned char)(count >> (8 * i));
  }
}

static int walk_protected(lua_State *L) {
  Walk *walk = (Walk *)lua_touserdata(L, 2);
  write_value(walk, L, 1, 0);
  return 0;
}

int tree_write(lua_State *L, wire_out *out) {
  Walk walk = {out, TREE_OK};
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 4)) {
    return TREE_TOO_LARGE;
  }
  lua_pushcfunction(L, walk_protected);
  lua_pushvalue(L, top);
  lua_pushlightuserdata(L, &walk);
  int status = lua_pcall(L, 2, 0, 0);
  lua_settop(L, top);
  if (status != LUA_OK || out->overflow) {
    return walk.failure == TREE_TOO_DEEP ? TREE_TOO_DEEP : TREE_TOO_LARGE;
  }
  return walk.failure;
}
