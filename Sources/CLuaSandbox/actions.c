/* Reading the `actions` of a table a hook returned: commands for Cadence to run (for a routine
 * the user trusts), each an argument list and an optional timeout. They are encoded into a
 * fixed buffer as they are read, so a hostile list costs at most a few kilobytes and a few
 * hundred table reads, and each way they can be wrong has its own sentence. */
#include "internal.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

/* The longest timeout text ("1m30s" needs six bytes). */
#define TIMEOUT_TEXT_LIMIT 32

typedef struct Encoder {
  unsigned char bytes[CADENCE_ACTIONS_CAPACITY];
  size_t length;
} Encoder;

static int put(Encoder *encoder, const void *data, size_t length) {
  if (length > CADENCE_ACTIONS_CAPACITY - encoder->length) {
    return 0;
  }
  memcpy(encoder->bytes + encoder->length, data, length);
  encoder->length += length;
  return 1;
}

static int put_byte(Encoder *encoder, size_t value) {
  unsigned char byte = (unsigned char)value;
  return put(encoder, &byte, 1);
}

/* The example every refusal ends with. */
#define EXAMPLE "actions = { { run = { \"notify-send\", \"Done\" }, timeout = \"5s\" } }"

/* Reads the timeout of the action at `action` (index i of the list); 0 with a message pushed
 * when it is not a duration's text or a number. */
static int read_timeout(lua_State *L, int action, lua_Integer i, Encoder *encoder) {
  lua_pushliteral(L, "timeout");
  int type = lua_rawget(L, action);
  if (type == LUA_TNIL) {
    return put_byte(encoder, 0) && put_byte(encoder, 0);
  }
  if (type != LUA_TSTRING && type != LUA_TNUMBER) {
    lua_pushfstring(L, "returned actions[%I].timeout that is a %s; write it as \"5s\", or a number of seconds", i,
                    luaL_typename(L, -1));
    return 0;
  }
  size_t length;
  const char *text = lua_tolstring(L, -1, &length);
  if (length > TIMEOUT_TEXT_LIMIT) {
    lua_pushfstring(L, "returned actions[%I].timeout of more than %d bytes; write it as \"5s\"", i,
                    TIMEOUT_TEXT_LIMIT);
    return 0;
  }
  if (!put_byte(encoder, type == LUA_TSTRING ? 1 : 2) || !put_byte(encoder, length) ||
      !put(encoder, text, length)) {
    lua_pushfstring(L, "returned actions larger than %d bytes in all; ask for fewer or shorter commands",
                    CADENCE_ACTIONS_CAPACITY);
    return 0;
  }
  return 1;
}

/* Reads the `run` list of the action at `action`; 0 with a message pushed when it is not a
 * list of one to CADENCE_ACTION_ARGUMENTS texts without NUL, the first not empty. */
static int read_run(lua_State *L, int action, lua_Integer i, Encoder *encoder) {
  lua_pushliteral(L, "run");
  if (lua_rawget(L, action) != LUA_TTABLE) {
    lua_pushfstring(L, "returned actions[%I] without a run list of the program and its arguments; write " EXAMPLE,
                    i);
    return 0;
  }
  int run = lua_gettop(L);
  lua_Unsigned count = lua_rawlen(L, run);
  if (count == 0 || count > CADENCE_ACTION_ARGUMENTS) {
    lua_pushfstring(L, "returned actions[%I].run with %I entries; it takes the program and its arguments, %d at most",
                    i, (lua_Integer)count, CADENCE_ACTION_ARGUMENTS);
    return 0;
  }
  if (!put_byte(encoder, count)) {
    lua_pushfstring(L, "returned actions larger than %d bytes in all; ask for fewer or shorter commands",
                    CADENCE_ACTIONS_CAPACITY);
    return 0;
  }
  for (lua_Integer j = 1; j <= (lua_Integer)count; j++) {
    lua_settop(L, run);
    int type = lua_rawgeti(L, run, j);
    if (type != LUA_TSTRING && type != LUA_TNUMBER) {
      lua_pushfstring(L, "returned actions[%I].run[%I] that is a %s, not text", i, j, luaL_typename(L, -1));
      return 0;
    }
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    if (j == 1 && length == 0) {
      lua_pushfstring(L, "returned actions[%I] whose program (run[1]) is empty", i);
      return 0;
    }
    unsigned char size[2] = {(unsigned char)(length & 0xFF), (unsigned char)((length >> 8) & 0xFF)};
    if (length > 0xFFFF || !put(encoder, size, 2) || !put(encoder, text, length)) {
      lua_pushfstring(L, "returned actions larger than %d bytes in all (at actions[%I].run[%I]); ask for fewer or "
                         "shorter commands",
                      CADENCE_ACTIONS_CAPACITY, i, j);
      return 0;
    }
    if (memchr(text, '\0', length) != NULL) {
      lua_pushfstring(L, "returned actions[%I].run[%I] with a NUL byte, which no command can take", i, j);
      return 0;
    }
  }
  return 1;
}

int cadence_sandbox_read_actions(lua_State *L, int table, char **target, size_t *length) {
  luaL_checkstack(L, 8, "not enough memory");
  *target = NULL;
  *length = 0;
  int top = lua_gettop(L);
  lua_pushliteral(L, "actions");
  int type = lua_rawget(L, table);
  if (type == LUA_TNIL) {
    lua_settop(L, top);
    return 1;
  }
  if (type != LUA_TTABLE) {
    const char *name = luaL_typename(L, -1);
    lua_settop(L, top);
    lua_pushfstring(L, "returned actions that are a %s, not a list; write " EXAMPLE, name);
    return 0;
  }
  int list = lua_gettop(L);
  lua_Unsigned count = lua_rawlen(L, list);
  if (count > CADENCE_ACTIONS_LIMIT) {
    lua_settop(L, top);
    lua_pushfstring(L, "returned %I actions; a hook may ask for at most %d", (lua_Integer)count,
                    CADENCE_ACTIONS_LIMIT);
    return 0;
  }
  /* On the C stack: nothing to free if Lua raises (out of memory) while the list is read. */
  Encoder buffer;
  Encoder *encoder = &buffer;
  encoder->length = 0;
  int ok = 1;
  for (lua_Integer i = 1; ok && i <= (lua_Integer)count; i++) {
    lua_settop(L, list);
    if (lua_rawgeti(L, list, i) != LUA_TTABLE) {
      lua_pushfstring(L, "returned actions[%I] that is a %s, not a table; write " EXAMPLE, i, luaL_typename(L, -1));
      ok = 0;
      break;
    }
    int action = lua_gettop(L);
    ok = read_timeout(L, action, i, encoder);
    if (ok) {
      lua_settop(L, action);
      ok = read_run(L, action, i, encoder);
    }
  }
  if (!ok) {
    /* The refusal is at the top: keep it alone above `top`. */
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
    return 0;
  }
  lua_settop(L, top);
  if (encoder->length > 0) {
    *target = malloc(encoder->length);
    if (*target == NULL) {
      return luaL_error(L, "not enough memory");
    }
    memcpy(*target, encoder->bytes, encoder->length);
    *length = encoder->length;
  }
  return 1;
}
