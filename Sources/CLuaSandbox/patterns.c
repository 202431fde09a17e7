/* string.find, match, gmatch and gsub on Cadence's own matcher (matcher.c), which obeys the
 * sandbox's budget. */
#define _GNU_SOURCE
#include "matcher.h"

#include <ctype.h>
#include <lauxlib.h>
#include <string.h>

#define SPECIALS "^$*+?.([%-"

static unsigned char byte_at(const char *p) { return (unsigned char)*p; }

/* A 1-based, possibly negative, position turned into an offset; past the end stays past. */
static size_t start_offset(lua_Integer position, size_t length) {
  if (position > 0) {
    return (size_t)position - 1;
  }
  if (position == 0 || (size_t)-position > length) {
    return 0;
  }
  return length - (size_t)-position;
}

static int has_specials(const char *p, size_t lp) {
  for (size_t i = 0; i < lp; i++) {
    if (memchr(SPECIALS, p[i], sizeof(SPECIALS) - 1) != NULL) { /* a \0 is no special */
      return 1;
    }
  }
  return 0;
}

static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    const char *found = lp == 0 ? s + init : memmem(s + init, ls - init, p, lp);
    size_t scanned = (found == NULL ? ls : (size_t)(found - s)) - init + lp;
    cadence_sandbox_charge(L, 1 + (long long)(scanned / CADENCE_COPY_BYTES));
    if (found == NULL) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (found - s) + 1);
    lua_pushinteger(L, (found - s) + (lua_Integer)lp);
    return 2;
  }
  Matcher m;
  int anchored = lp > 0 && *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  matcher_start(&m, L, s, ls, p, lp);
  const char *start = s + init;
  do {
    matcher_reset(&m);
    const char *end = matcher_match(&m, start, p);
    matcher_check(&m);
    if (end != NULL) {
      matcher_finish(&m);
      if (find) {
        lua_pushinteger(L, (start - s) + 1);
        lua_pushinteger(L, end - s);
        return matcher_push_captures(&m, NULL, NULL) + 2;
      }
      return matcher_push_captures(&m, start, end);
    }
  } while (start++ < m.subject_end && !anchored);
  matcher_finish(&m);
  luaL_pushfail(L);
  return 1;
}

static int sandbox_find(lua_State *L) { return find_or_match(L, 1); }

static int sandbox_match(lua_State *L) { return find_or_match(L, 0); }

/* Upvalues: subject, pattern, next offset, end of the last match (-1 for none). */
static int gmatch_step(lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  lua_Integer offset = lua_tointeger(L, lua_upvalueindex(3));
  lua_Integer last = lua_tointeger(L, lua_upvalueindex(4));
  Matcher m;
  matcher_start(&m, L, s, ls, p, lp);
  for (const char *start = s + offset; start <= m.subject_end; start++) {
    matcher_reset(&m);
    const char *end = matcher_match(&m, start, p);
    matcher_check(&m);
    if (end != NULL && end - s != last) {
      matcher_finish(&m);
      lua_pushinteger(L, end - s);
      lua_replace(L, lua_upvalueindex(3));
      lua_pushinteger(L, end - s);
      lua_replace(L, lua_upvalueindex(4));
      return matcher_push_captures(&m, start, end);
    }
  }
  matcher_finish(&m);
  lua_pushinteger(L, (lua_Integer)ls + 1);
  lua_replace(L, lua_upvalueindex(3));
  return 0;
}

static int sandbox_gmatch(lua_State *L) {
  size_t ls;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  lua_settop(L, 2);
  lua_pushinteger(L, (lua_Integer)(init > ls ? ls + 1 : init));
  lua_pushinteger(L, -1);
  lua_pushcclosure(L, gmatch_step, 4);
  return 1;
}

static void add_template(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int template) {
  size_t length;
  const char *text = lua_tolstring(m->L, template, &length);
  matcher_spend(m, (long long)length);
  matcher_check(m);
  for (size_t i = 0; i < length; i++) {
    if (text[i] != '%') {
      luaL_addchar(b, text[i]);
      continue;
    }
    i++;
    if (i < length && text[i] == '%') {
      luaL_addchar(b, '%');
    } else if (i < length && isdigit(byte_at(text + i))) {
      if (text[i] == '0') {
        luaL_addlstring(b, s, (size_t)(e - s));
      } else {
        matcher_push_capture(m, text[i] - '1', s, e);
        luaL_tolstring(m->L, -1, NULL);
        lua_remove(m->L, -2);
        luaL_addvalue(b);
      }
    } else {
      luaL_error(m->L, "invalid use of '%%' in replacement string");
    }
  }
}

/* Adds what replaces one match; returns 0 when a function or table kept the match as it was. */
static int add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int count = matcher_push_captures(m, s, e);
    lua_call(L, count, 1);
  } else if (kind == LUA_TTABLE) {
    matcher_push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_template(m, b, s, e, 3);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  luaL_addvalue(b);
  return 1;
}

static int sandbox_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int kind = lua_type(L, 3);
  lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                          kind == LUA_TTABLE,
                   3, "string/function/table");
  int anchored = lp > 0 && *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  Matcher m;
  matcher_start(&m, L, s, ls, p, lp);
  const char *src = s, *last = NULL;
  lua_Integer count = 0;
  int changed = 0;
  while (count < limit) {
    matcher_reset(&m);
    const char *end = matcher_match(&m, src, p);
    matcher_check(&m);
    if (end != NULL && end != last) {
      count++;
      changed = add_replacement(&m, &b, src, end, kind) || changed;
      src = last = end;
    } else if (src < m.subject_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchored) {
      break;
    }
  }
  matcher_finish(&m);
  if (changed) {
    luaL_addlstring(&b, src, (size_t)(m.subject_end - src));
    luaL_pushresult(&b);
  } else {
    lua_pushvalue(L, 1); /* nothing was replaced: the subject itself, as in Lua */
  }
  lua_pushinteger(L, count);
  return 2;
}

void cadence_sandbox_install_patterns(lua_State *L) {
  static const luaL_Reg functions[] = {{"find", sandbox_find},
                                       {"match", sandbox_match},
                                       {"gmatch", sandbox_gmatch},
                                       {"gsub", sandbox_gsub},
                                       {NULL, NULL}};
  lua_getglobal(L, "string");
  luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
}
