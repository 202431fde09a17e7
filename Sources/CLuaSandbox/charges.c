/* C functions that do work in proportion to their arguments charge it to the instruction
 * budget before they do it, and look at the clock after: the count hook only sees VM
 * instructions, so `("x"):rep(1e12)` or `big:upper()` would otherwise run unseen. string.rep
 * is written again (it builds its result by doubling, so its work is the length of the
 * result, however many copies; it refuses what Lua refuses, by Lua's own rule); the others keep Lua's own code behind a charging wrapper that
 * calls it in the same frame, so that their error messages still name the caller's line. */
#include "internal.h"

#include <lauxlib.h>
#include <limits.h>
#include <string.h>

/* The longest piece string.rep takes, as in Lua (lstrlib.c's MAXSIZE): when a copy with its
 * separator is longer than this divided by the count, "resulting string too large" is raised
 * before any memory is asked for. */
#define MAX_REP_SIZE (sizeof(size_t) < sizeof(int) ? (size_t)-1 : (size_t)INT_MAX)

static int charged_rep(lua_State *L) {
  size_t length, separator_length;
  const char *text = luaL_checklstring(L, 1, &length);
  lua_Integer count = luaL_checkinteger(L, 2);
  const char *separator = luaL_optlstring(L, 3, "", &separator_length);
  if (count <= 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  size_t unit = length + separator_length;
  if (unit < length || unit > MAX_REP_SIZE / (lua_Unsigned)count) {
    return luaL_error(L, "resulting string too large");
  }
  if (unit == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  size_t whole = unit * (size_t)count;
  cadence_sandbox_charge(L, 1 + (long long)(whole / CADENCE_COPY_BYTES));
  luaL_Buffer buffer;
  char *out = luaL_buffinitsize(L, &buffer, whole);
  memcpy(out, text, length);
  memcpy(out + length, separator, separator_length);
  for (size_t filled = unit; filled < whole;) {
    size_t chunk = filled < whole - filled ? filled : whole - filled;
    memcpy(out + filled, out, chunk);
    filled += chunk;
  }
  luaL_pushresultsize(&buffer, whole - separator_length);
  cadence_sandbox_after_work(L, (long long)(whole / CADENCE_COPY_BYTES));
  return 1;
}

/* How a wrapped function's work is estimated from its arguments. */
enum cost {
  COST_SCAN_FIRST = 1, /* scans its first argument byte by byte: upper, lower, reverse */
  COST_SCAN_ALL = 2,   /* scans every string argument: format */
  COST_FORMAT = 3,     /* works per byte of a format in its first argument: pack, os.date */
  COST_ARGUMENTS = 4,  /* works per argument: char */
  COST_RESULTS = 5     /* works per result, bounded by Lua's stack: byte, codepoint */
};

static size_t string_length(lua_State *L, int arg) {
  return lua_type(L, arg) == LUA_TSTRING ? lua_rawlen(L, arg) : 0;
}

static long long estimate(lua_State *L, int cost) {
  int count = lua_gettop(L);
  size_t bytes = 0;
  switch (cost) {
  case COST_SCAN_FIRST: return (long long)(string_length(L, 1) / CADENCE_SCAN_BYTES);
  case COST_SCAN_ALL:
    for (int i = 1; i <= count; i++) {
      bytes += string_length(L, i);
    }
    return count + (long long)(bytes / CADENCE_SCAN_BYTES);
  case COST_FORMAT: return (long long)string_length(L, 1);
  case COST_ARGUMENTS: return count;
  default: return 0;
  }
}

/* Upvalues: Lua's own function (a light C function) and its enum cost. */
static int charged_call(lua_State *L) {
  lua_CFunction function = lua_tocfunction(L, lua_upvalueindex(1));
  int cost = (int)lua_tointeger(L, lua_upvalueindex(2));
  long long units = 1 + estimate(L, cost);
  cadence_sandbox_charge(L, units);
  int results = function(L);
  if (cost == COST_RESULTS) {
    cadence_sandbox_charge(L, results);
  }
  cadence_sandbox_after_work(L, units);
  return results;
}

static void charge_field(lua_State *L, const char *name, int cost) {
  lua_getfield(L, -1, name);
  lua_pushinteger(L, cost);
  lua_pushcclosure(L, charged_call, 2);
  lua_setfield(L, -2, name);
}

void cadence_sandbox_install_charges(lua_State *L) {
  static const struct {
    const char *table;
    const char *name;
    int cost;
  } wrapped[] = {
      {"string", "upper", COST_SCAN_FIRST},  {"string", "lower", COST_SCAN_FIRST},
      {"string", "reverse", COST_SCAN_FIRST}, {"string", "format", COST_SCAN_ALL},
      {"string", "byte", COST_RESULTS},       {"string", "char", COST_ARGUMENTS},
      {"string", "pack", COST_FORMAT},        {"string", "unpack", COST_FORMAT},
      {"string", "packsize", COST_FORMAT},    {"utf8", "char", COST_ARGUMENTS},
      {"utf8", "codepoint", COST_RESULTS},    {"utf8", "len", COST_SCAN_FIRST},
      {"utf8", "offset", COST_SCAN_FIRST},    {"os", "date", COST_FORMAT},
      {NULL, "tonumber", COST_SCAN_FIRST},
  };
  for (size_t i = 0; i < sizeof(wrapped) / sizeof(wrapped[0]); i++) {
    if (wrapped[i].table != NULL) {
      lua_getglobal(L, wrapped[i].table);
    } else {
      lua_pushglobaltable(L);
    }
    charge_field(L, wrapped[i].name, wrapped[i].cost);
    lua_pop(L, 1);
  }
  lua_getglobal(L, "string");
  lua_pushcfunction(L, charged_rep);
  lua_setfield(L, -2, "rep");
  lua_pop(L, 1);
}
