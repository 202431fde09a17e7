/* The pattern matcher behind string.find, match, gmatch and gsub, written to obey the sandbox.
 * Lua's own matcher backtracks inside C, where the count hook never fires, so a pattern such
 * as ("a"):rep(40) matched against ".-.-.-.-.-.-b" could run for hours, and its inner loops
 * (a set of a million characters, %b over a long subject, a greedy item) can each run long
 * on their own. This one counts its work against the instruction budget as it goes: each
 * call of `match` is one instruction, each byte a loop looks at an eighth of one; the budget
 * and the clock are consulted every MATCH_CHECK units. Semantics follow the Lua 5.4 manual,
 * section 6.4.1, and Lua's own matcher where the manual is silent. */
#include "matcher.h"

#include <ctype.h>
#include <lauxlib.h>
#include <string.h>

static unsigned char byte_at(const char *p) { return (unsigned char)*p; }

/* Reports the work done so far to the sandbox, which may stop the matcher. */
static int report_work(Matcher *m) {
  long long instructions = m->work / MATCH_COST;
  m->work -= instructions * MATCH_COST;
  m->aborted = cadence_sandbox_account(cadence_sandbox_of(m->L), instructions);
  return m->aborted;
}

/* Adds `units` of work; returns 1 once the matcher must stop. */
int matcher_spend(Matcher *m, long long units) {
  if (m->aborted) {
    return 1;
  }
  m->work += units;
  return m->work >= MATCH_CHECK ? report_work(m) : 0;
}

static int out_of_budget(Matcher *m) { return matcher_spend(m, MATCH_COST); }

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
    matcher_spend(m, p - start);
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
  case '.': return !matcher_spend(m, 1);
  case '%': return !matcher_spend(m, 1) && class_matches(c, byte_at(p + 1));
  case '[': return !matcher_spend(m, ep - p) && set_matches(c, p, ep - 1);
  default: return !matcher_spend(m, 1) && byte_at(p) == c;
  }
}

static const char *match_balance(Matcher *m, const char *s, const char *p) {
  if (p + 1 >= m->pattern_end) {
    luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  }
  if (s >= m->subject_end || *s != *p) {
    return NULL;
  }
  int open = *p, close = p[1], depth = 1;
  while (++s < m->subject_end) {
    if (matcher_spend(m, 1)) {
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
    const char *result = matcher_match(m, s + count, ep + 1);
    if (result != NULL || m->aborted) {
      return result;
    }
  }
  return NULL;
}

static const char *expand_lazy(Matcher *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *result = matcher_match(m, s, ep + 1);
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
  const char *result = matcher_match(m, s, p);
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
  const char *result = matcher_match(m, s, p);
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

const char *matcher_match(Matcher *m, const char *s, const char *p) {
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
      matcher_spend(m, 2 * (ep - p));
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
      const char *result = matcher_match(m, s + 1, ep + 1);
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

void matcher_start(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p,
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

void matcher_reset(Matcher *m) {
  m->level = 0;
  m->depth = 0;
}

/* Raises the budget error if the matcher stopped for it. */
void matcher_check(Matcher *m) {
  if (m->aborted) {
    cadence_sandbox_raise_trip(m->L);
  }
}

/* Reports what is left of the work at the end of a call, so that many small calls add up. */
void matcher_finish(Matcher *m) {
  if (m->work >= MATCH_COST) {
    report_work(m);
  }
  matcher_check(m);
}

void matcher_push_capture(Matcher *m, int i, const char *s, const char *e) {
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

int matcher_push_captures(Matcher *m, const char *s, const char *e) {
  int count = (m->level == 0 && s != NULL) ? 1 : m->level;
  luaL_checkstack(m->L, count, "too many captures");
  for (int i = 0; i < count; i++) {
    matcher_push_capture(m, i, s, e);
  }
  return count;
}
