/* Cadence's pattern matcher, shared by the pattern functions (patterns.c). */
#ifndef CADENCE_LUA_SANDBOX_MATCHER_H
#define CADENCE_LUA_SANDBOX_MATCHER_H

#include "internal.h"

#include <stddef.h>

#define MAX_CAPTURES 32
#define MAX_DEPTH 200
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)

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
  long long work; /* units of work since the last report to the sandbox */
  struct {
    const char *start;
    ptrdiff_t length;
  } captures[MAX_CAPTURES];
} Matcher;

/* Starts matching `s` (ls bytes) against `p` (lp bytes, without a leading '^'). */
void matcher_start(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);

/* Forgets the captures of the last attempt, before the next. */
void matcher_reset(Matcher *m);

/* Where a match of the pattern `p` starting at `s` ends, or NULL; NULL too once the budget
 * stopped the matcher (see matcher_check). Raises Lua errors for malformed patterns. */
const char *matcher_match(Matcher *m, const char *s, const char *p);

/* Adds `units` of work; returns 1 once the matcher must stop. */
int matcher_spend(Matcher *m, long long units);

/* Raises the budget error if the matcher stopped for it. */
void matcher_check(Matcher *m);

/* Reports what is left of the work at the end of a call, so that many small calls add up,
 * then does as matcher_check. */
void matcher_finish(Matcher *m);

/* Pushes capture `i` (the whole match s..e when the pattern has none). */
void matcher_push_capture(Matcher *m, int i, const char *s, const char *e);

/* Pushes every capture (or the whole match s..e when there are none); returns how many. */
int matcher_push_captures(Matcher *m, const char *s, const char *e);

#endif
