/* Lua's pattern functions, rewritten to obey the sandbox. The standard matcher backtracks
 * inside C, where the count hook never fires, so a pattern such as ("a"):rep(40) matched
 * against ".-.-.-.-.-.-b" could run for hours, and its inner loops (a set of a million
 * characters, %b over a long subject, a greedy item) can each run long on their own. This
 * matcher counts its work against the instruction budget as it goes: each call of `match` is
 * one instruction, each byte a loop looks at an eighth of one; the budget and the clock are
 * consulted every MATCH_CHECK units. Semantics follow the Lua 5.4 manual, section 6.4.1, and
 * Lua's own matcher where the manual is silent. */
#define _GNU_SOURCE
#include "internal.h"

#include <ctype.h>
#include <lauxlib.h>
#include <string.h>

#define MAX_CAPTURES 32
#define MAX_DEPTH 200
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define SPECIALS "^$*+?.([%-"

/* Work units: a byte looked at is one, a call of `match` is MATCH_COST. */
#define MATCH_COST 8
#define MATCH_CHECK (1024 * MATCH_COST)

typedef struct Matcher {
  lua_State *L;
  const char *subject;
  const char *subject_end;
  const char *pattern_end;
  int level;
  int depth;
  int aborted;
  long long work;       /* units of work since the last report to the sandbox */
  struct {
    const char *start;
    ptrdiff_t length;
  } captures[MAX_CAPTURES];
} Matcher;

static unsigned char byte_at(const char *p) { return (unsigned char)*p; }

/* Reports the work done so far to the sandbox, which may stop the matcher. */
static int report_work(Matcher *m) {
  long long instructions = m->work / MATCH_COST;
  m->work -= instructions * MATCH_COST;
  m->aborted = cadence_sandbox_account(cadence_sandbox_of(m->L), instructions);
  return m->aborted;
}

/* Adds `units` of work; returns 1 once the matcher must stop. */
static int spend(Matcher *m, long long units) {
  if (m->aborted) {
    return 1;
  }
  m->work += units;
  return m->work >= MATCH_CHECK ? report_work(m) : 0;
}

static int out_of_budget(Matcher *m) { return spend(m, MATCH_COST); }

static int class_matches(int c, int class) {
  int result;
  switch (tolower(class)) {
  case 'a': result = isalpha(c); break;
  case 'c': result = iscntrl(c); break;
  case 'd': result = isdigit(c); break;
  case 'g': result = isgraph(c); break;
  case 'l': result = islower(c); break;
  case 'p': result = ispunct(c); break;
  case 's': result = isspace(c); break;
  case 'u': result = isupper(c); break;
  case 'w': result = isalnum(c); break;
  case 'x': result = isxdigit(c); break;
  case 'z': result = c == 0; break; /* deprecated in Lua, still accepted */
  default: return class == c;
  }
  result = result != 0;
  return isupper(class) ? !result : result;
}

/* `p` is at '[', `close` at the matching ']'. */
static int set_matches(int c, const char *p, const char *close) {
  int wanted = 1;
  p++;
  if (*p == '^') {
    wanted = 0;
    p++;
  }
  while (p < close) {
    if (*p == '%') {
      /* The byte after names a class; as in Lua, this may be the closing ']' itself when a
       * range took the escape's '%' as its end, as in "[a-%%]". */
      if (class_matches(c, byte_at(p + 1))) {
        return wanted;
      }
      p += 2;
    } else if (p + 2 < close && p[1] == '-') {
      if (byte_at(p) <= c && c <= byte_at(p + 2)) {
        return wanted;
      }
      p += 3;
    } else {
      if (byte_at(p) == c) {
        return wanted;
      }
      p++;
    }
  }
  return !wanted;
}

/* The end of the single-character class that starts at `p`. */
static const char *class_end(Matcher *m, const char *p) {
  switch (*p++) {
  case '%':
    if (p >= m->pattern_end) {
      luaL_error(m->L, "malformed pattern (ends with '%%')");
    }
    return p + 1;
  case '[': {
    const char *start = p;
    if (*p == '^') {
      p++;
    }
    do {
      if (p >= m->pattern_end) {
        luaL_error(m->L, "malformed pattern (missing ']')");
      }
      if (*(p++) == '%' && p < m->pattern_end) {
        p++;
      }
    } while (*p != ']');
    spend(m, p - start);
    return p + 1;
  }
  default:
    return p;
  }
}

static int single_matches(Matcher *m, const char *s, const char *p, const char *ep) {
  if (s >= m->subject_end) {
    return 0;
  }
  int c = byte_at(s);
  switch (*p) {
  case '.': return !spend(m, 1);
  case '%': return !spend(m, 1) && class_matches(c, byte_at(p + 1));
  case '[': return !spend(m, ep - p) && set_matches(c, p, ep - 1);
  default: return !spend(m, 1) && byte_at(p) == c;
  }
}

static const char *match(Matcher *m, const char *s, const char *p);

static const char *match_balance(Matcher *m, const char *s, const char *p) {
  if (p + 1 >= m->pattern_end) {
    luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  }
  if (s >= m->subject_end || *s != *p) {
    return NULL;
  }
  int open = *p, close = p[1], depth = 1;
  while (++s < m->subject_end) {
    if (spend(m, 1)) {
      return NULL;
    }
    if (*s == close) {
      if (--depth == 0) {
        return s + 1;
      }
    } else if (*s == open) {
      depth++;
    }
  }
  return NULL;
}

static const char *expand_greedy(Matcher *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t count = 0;
  while (single_matches(m, s + count, p, ep)) {
    count++;
  }
  for (; count >= 0; count--) {
    const char *result = match(m, s + count, ep + 1);
    if (result != NULL || m->aborted) {
      return result;
    }
  }
  return NULL;
}

static const char *expand_lazy(Matcher *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *result = match(m, s, ep + 1);
    if (result != NULL || m->aborted) {
      return result;
    }
    if (!single_matches(m, s, p, ep)) {
      return NULL;
    }
    s++;
  }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
  if (m->level >= MAX_CAPTURES) {
    luaL_error(m->L, "too many captures");
  }
  m->captures[m->level].start = s;
  m->captures[m->level].length = kind;
  m->level++;
  const char *result = match(m, s, p);
  if (result == NULL) {
    m->level--;
  }
  return result;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
  int open = -1;
  for (int i = m->level - 1; i >= 0; i--) {
    if (m->captures[i].length == CAP_UNFINISHED) {
      open = i;
      break;
    }
  }
  if (open < 0) {
    luaL_error(m->L, "invalid pattern capture");
  }
  m->captures[open].length = s - m->captures[open].start;
  const char *result = match(m, s, p);
  if (result == NULL) {
    m->captures[open].length = CAP_UNFINISHED;
  }
  return result;
}

static const char *match_back_reference(Matcher *m, const char *s, int digit) {
  int index = digit - '1';
  if (index < 0 || index >= m->level || m->captures[index].length == CAP_UNFINISHED) {
    luaL_error(m->L, "invalid capture index %%%d", index + 1);
  }
  size_t length = (size_t)m->captures[index].length;
  if ((size_t)(m->subject_end - s) >= length &&
      memcmp(m->captures[index].start, s, length) == 0) {
    return s + length;
  }
  return NULL;
}

static const char *match(Matcher *m, const char *s, const char *p) {
  if (out_of_budget(m)) {
    return NULL;
  }
  if (m->depth++ >= MAX_DEPTH) {
    luaL_error(m->L, "pattern too complex");
  }
  while (s != NULL && p < m->pattern_end) {
    if (*p == '(') {
      s = p + 1 < m->pattern_end && p[1] == ')' ? open_capture(m, s, p + 2, CAP_POSITION)
                                                 : open_capture(m, s, p + 1, CAP_UNFINISHED);
      break;
    }
    if (*p == ')') {
      s = close_capture(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->pattern_end) {
      s = s == m->subject_end ? s : NULL;
      break;
    }
    if (*p == '%' && p + 1 < m->pattern_end && p[1] == 'b') {
      s = match_balance(m, s, p + 2);
      p += 4;
      continue;
    }
    if (*p == '%' && p + 1 < m->pattern_end && p[1] == 'f') {
      p += 2;
      if (p >= m->pattern_end || *p != '[') {
        luaL_error(m->L, "missing '[' after '%%f' in pattern");
      }
      const char *ep = class_end(m, p);
      spend(m, 2 * (ep - p));
      int previous = s == m->subject ? '\0' : byte_at(s - 1);
      int current = s < m->subject_end ? byte_at(s) : '\0';
      if (!set_matches(previous, p, ep - 1) && set_matches(current, p, ep - 1)) {
        p = ep;
        continue;
      }
      s = NULL;
      break;
    }
    if (*p == '%' && p + 1 < m->pattern_end && isdigit(byte_at(p + 1))) {
      s = match_back_reference(m, s, byte_at(p + 1));
      p += 2;
      continue;
    }
    const char *ep = class_end(m, p);
    char suffix = ep < m->pattern_end ? *ep : '\0';
    if (!single_matches(m, s, p, ep)) {
      if (suffix == '*' || suffix == '?' || suffix == '-') {
        p = ep + 1;
        continue;
      }
      s = NULL;
      break;
    }
    if (suffix == '?') {
      const char *result = match(m, s + 1, ep + 1);
      if (result != NULL || m->aborted) {
        s = result;
        break;
      }
      p = ep + 1;
      continue;
    }
    if (suffix == '+') {
      s = expand_greedy(m, s + 1, p, ep);
      break;
    }
    if (suffix == '*') {
      s = expand_greedy(m, s, p, ep);
      break;
    }
    if (suffix == '-') {
      s = expand_lazy(m, s, p, ep);
      break;
    }
    s++;
    p = ep;
  }
  m->depth--;
  return m->aborted ? NULL : s;
}

static void start_matcher(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p,
                          size_t lp) {
  m->L = L;
  m->subject = s;
  m->subject_end = s + ls;
  m->pattern_end = p + lp;
  m->level = 0;
  m->depth = 0;
  m->aborted = 0;
  m->work = 0;
}

static void reset_matcher(Matcher *m) {
  m->level = 0;
  m->depth = 0;
}

/* Raises the budget error if the matcher stopped for it. */
static void check_aborted(Matcher *m) {
  if (m->aborted) {
    cadence_sandbox_raise_trip(m->L);
  }
}

/* Reports what is left of the work at the end of a call, so that many small calls add up. */
static void finish(Matcher *m) {
  if (m->work >= MATCH_COST) {
    report_work(m);
  }
  check_aborted(m);
}

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
  if (i >= m->level) {
    if (i != 0) {
      luaL_error(m->L, "invalid capture index %%%d", i + 1);
    }
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  ptrdiff_t length = m->captures[i].length;
  if (length == CAP_UNFINISHED) {
    luaL_error(m->L, "unfinished capture");
  }
  if (length == CAP_POSITION) {
    lua_pushinteger(m->L, (m->captures[i].start - m->subject) + 1);
  } else {
    lua_pushlstring(m->L, m->captures[i].start, (size_t)length);
  }
}

static int push_captures(Matcher *m, const char *s, const char *e) {
  int count = (m->level == 0 && s != NULL) ? 1 : m->level;
  luaL_checkstack(m->L, count, "too many captures");
  for (int i = 0; i < count; i++) {
    push_capture(m, i, s, e);
  }
  return count;
}

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
  start_matcher(&m, L, s, ls, p, lp);
  const char *start = s + init;
  do {
    reset_matcher(&m);
    const char *end = match(&m, start, p);
    check_aborted(&m);
    if (end != NULL) {
      finish(&m);
      if (find) {
        lua_pushinteger(L, (start - s) + 1);
        lua_pushinteger(L, end - s);
        return push_captures(&m, NULL, NULL) + 2;
      }
      return push_captures(&m, start, end);
    }
  } while (start++ < m.subject_end && !anchored);
  finish(&m);
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
  start_matcher(&m, L, s, ls, p, lp);
  for (const char *start = s + offset; start <= m.subject_end; start++) {
    reset_matcher(&m);
    const char *end = match(&m, start, p);
    check_aborted(&m);
    if (end != NULL && end - s != last) {
      finish(&m);
      lua_pushinteger(L, end - s);
      lua_replace(L, lua_upvalueindex(3));
      lua_pushinteger(L, end - s);
      lua_replace(L, lua_upvalueindex(4));
      return push_captures(&m, start, end);
    }
  }
  finish(&m);
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
  spend(m, (long long)length);
  check_aborted(m);
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
        push_capture(m, text[i] - '1', s, e);
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
    int count = push_captures(m, s, e);
    lua_call(L, count, 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
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
  start_matcher(&m, L, s, ls, p, lp);
  const char *src = s, *last = NULL;
  lua_Integer count = 0;
  int changed = 0;
  while (count < limit) {
    reset_matcher(&m);
    const char *end = match(&m, src, p);
    check_aborted(&m);
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
  finish(&m);
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
