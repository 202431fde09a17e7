#include "internal.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double cadence_monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

cadence_sandbox *cadence_sandbox_of(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (cadence_sandbox *)ud;
}

/* Growth by this much at once is real work (a long string built by `..`, say), so the
 * allocator looks at the clock before allowing it. */
#define BIG_ALLOCATION ((size_t)1 << 20)

/* The allocator refuses any growth past the cap; Lua then collects and, failing that, raises
 * a memory error. A large growth past the deadline trips it, to be raised at the next check,
 * and any large growth after a trip is refused, so that a loop of a few costly instructions
 * (`s = s .. s`) cannot outrun the clock for long. */
static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  cadence_sandbox *sandbox = (cadence_sandbox *)ud;
  size_t old = ptr == NULL ? 0 : osize;
  if (nsize == 0) {
    free(ptr);
    sandbox->memory_used -= old;
    return NULL;
  }
  if (nsize > old && nsize - old >= BIG_ALLOCATION && sandbox->enforcing) {
    if (sandbox->trip != CADENCE_TRIP_NONE) {
      return NULL;
    }
    if (sandbox->deadline > 0 && cadence_monotonic_seconds() > sandbox->deadline) {
      sandbox->trip = CADENCE_TRIP_DEADLINE; /* raised at the next check, which names a line */
    }
  }
  if (nsize > old && sandbox->memory_used + (nsize - old) > sandbox->memory_limit) {
    if (sandbox->enforcing && sandbox->trip == CADENCE_TRIP_NONE) {
      sandbox->trip = CADENCE_TRIP_MEMORY;
    }
    return NULL;
  }
  void *block = realloc(ptr, nsize);
  if (block != NULL) {
    sandbox->memory_used = sandbox->memory_used - old + nsize;
  }
  return block;
}

static const char *trip_message(int trip) {
  switch (trip) {
  case CADENCE_TRIP_INSTRUCTIONS:
    return "ran past its instruction budget (is there an endless loop?)";
  case CADENCE_TRIP_DEADLINE:
    return "ran past its time allowance";
  default:
    return "ran out of its memory allowance";
  }
}

static void count_hook(lua_State *L, lua_Debug *ar);
static int open_protected(lua_State *L);

/* What the sandbox keeps in each thread's extra space (see lua_getextraspace): the main
 * thread's stays zero, and every new thread starts with a copy of it. */
typedef struct ThreadMark {
  unsigned short depth;
  unsigned char tripped;
} ThreadMark;

_Static_assert(sizeof(ThreadMark) <= LUA_EXTRASPACE, "the thread mark must fit Lua's extra space");

static ThreadMark read_mark(lua_State *co) {
  ThreadMark mark;
  memcpy(&mark, lua_getextraspace(co), sizeof(mark));
  return mark;
}

static void write_mark(lua_State *co, ThreadMark mark) {
  memcpy(lua_getextraspace(co), &mark, sizeof(mark));
}

int cadence_thread_tripped(lua_State *co) { return read_mark(co).tripped; }

void cadence_thread_mark_tripped(lua_State *co) {
  ThreadMark mark = read_mark(co);
  mark.tripped = 1;
  write_mark(co, mark);
}

int cadence_thread_depth(lua_State *co) { return read_mark(co).depth; }

void cadence_thread_set_depth(lua_State *co, int depth) {
  ThreadMark mark = read_mark(co);
  mark.depth = (unsigned short)depth;
  write_mark(co, mark);
}

void cadence_sandbox_hook_thread(lua_State *co) {
  lua_sethook(co, count_hook, LUA_MASKCOUNT, CADENCE_HOOK_STEP);
}

int cadence_sandbox_raise_trip_at(lua_State *L, int level) {
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  if (!lua_pushthread(L)) {
    cadence_thread_mark_tripped(L); /* the main thread runs again at the next arm */
  }
  lua_pop(L, 1);
  if (sandbox->trip == CADENCE_TRIP_MEMORY) {
    lua_pushliteral(L, "not enough memory");
    return lua_error(L);
  }
  luaL_where(L, level);
  lua_pushstring(L, trip_message(sandbox->trip));
  lua_concat(L, 2);
  return lua_error(L);
}

int cadence_sandbox_raise_trip(lua_State *L) { return cadence_sandbox_raise_trip_at(L, 1); }

static int over_budget(cadence_sandbox *sandbox) {
  if (sandbox->trip == CADENCE_TRIP_NONE && sandbox->instructions > sandbox->instruction_budget) {
    sandbox->trip = CADENCE_TRIP_INSTRUCTIONS;
  }
  return sandbox->trip != CADENCE_TRIP_NONE;
}

static int past_deadline(cadence_sandbox *sandbox) {
  sandbox->unclocked = 0;
  if (sandbox->trip == CADENCE_TRIP_NONE && sandbox->deadline > 0 &&
      cadence_monotonic_seconds() > sandbox->deadline) {
    sandbox->trip = CADENCE_TRIP_DEADLINE;
  }
  return sandbox->trip != CADENCE_TRIP_NONE;
}

int cadence_sandbox_account(cadence_sandbox *sandbox, long long instructions) {
  if (!sandbox->enforcing) {
    return 0;
  }
  if (instructions < 0 || instructions > sandbox->instruction_budget) {
    instructions = sandbox->instruction_budget + 1; /* saturates: the sum cannot overflow */
  }
  sandbox->instructions += instructions;
  sandbox->unclocked += instructions;
  if (over_budget(sandbox)) {
    return 1;
  }
  return sandbox->unclocked >= CADENCE_CLOCK_STEP && past_deadline(sandbox);
}

void cadence_sandbox_charge(lua_State *L, long long instructions) {
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  if (cadence_sandbox_account(sandbox, instructions) || sandbox->trip != CADENCE_TRIP_NONE) {
    cadence_sandbox_raise_trip(L);
  }
}

void cadence_sandbox_check_clock(lua_State *L) {
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  if (sandbox->enforcing && past_deadline(sandbox)) {
    cadence_sandbox_raise_trip(L);
  }
}

void cadence_sandbox_after_work(lua_State *L, long long instructions) {
  if (instructions >= CADENCE_CLOCK_STEP || cadence_sandbox_of(L)->trip != CADENCE_TRIP_NONE) {
    cadence_sandbox_check_clock(L);
  }
}

/* Inside the count hook the interrupted Lua function is level 0. */
static void check_time_in_hook(lua_State *L) {
  if (past_deadline(cadence_sandbox_of(L))) {
    cadence_sandbox_raise_trip_at(L, 0);
  }
}

static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  if (!sandbox->enforcing) {
    return;
  }
  sandbox->instructions += CADENCE_HOOK_STEP;
  over_budget(sandbox);
  check_time_in_hook(L);
}

lua_State *cadence_sandbox_open(cadence_sandbox *sandbox) {
  sandbox->memory_used = 0;
  sandbox->trip = CADENCE_TRIP_NONE;
  sandbox->enforcing = 0;
  sandbox->output_length = 0;
  sandbox->output_truncated = 0;
  lua_State *L = lua_newstate(sandbox_alloc, sandbox);
  if (L == NULL) {
    return NULL;
  }
  memset(lua_getextraspace(L), 0, LUA_EXTRASPACE);
  lua_pushcfunction(L, open_protected);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    lua_close(L);
    return NULL;
  }
  lua_sethook(L, count_hook, LUA_MASKCOUNT, CADENCE_HOOK_STEP);
  return L;
}

static int open_protected(lua_State *L) {
  static const luaL_Reg allowed[] = {
      {LUA_GNAME, luaopen_base},         {LUA_TABLIBNAME, luaopen_table},
      {LUA_STRLIBNAME, luaopen_string},  {LUA_MATHLIBNAME, luaopen_math},
      {LUA_UTF8LIBNAME, luaopen_utf8},   {LUA_COLIBNAME, luaopen_coroutine},
      {LUA_OSLIBNAME, luaopen_os},       {NULL, NULL}};
  for (const luaL_Reg *lib = allowed; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  cadence_sandbox_install_library(L);
  cadence_sandbox_install_coroutines(L);
  cadence_sandbox_install_tables(L);
  cadence_sandbox_install_charges(L);
  cadence_sandbox_install_patterns(L);
  return 0;
}

void cadence_sandbox_arm(lua_State *L, long long instruction_budget, double seconds) {
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  sandbox->instructions = 0;
  sandbox->pattern_steps = 0;
  sandbox->unclocked = 0;
  sandbox->instruction_budget = instruction_budget;
  sandbox->allowance = seconds;
  sandbox->deadline = seconds > 0 ? cadence_monotonic_seconds() + seconds : 0;
  sandbox->trip = CADENCE_TRIP_NONE;
  sandbox->enforcing = 1;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, CADENCE_HOOK_STEP);
}

void cadence_sandbox_disarm(lua_State *L) {
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  sandbox->enforcing = 0;
}

/* The length of the `chunk:line: ` that starts `text`, or 0. */
static size_t location_prefix(const char *text, size_t length) {
  const char *colon = memchr(text, ':', length);
  if (colon == NULL || colon == text) {
    return 0;
  }
  size_t at = (size_t)(colon - text) + 1;
  size_t digits = at;
  while (at < length && text[at] >= '0' && text[at] <= '9') {
    at++;
  }
  if (at == digits || at + 1 >= length || text[at] != ':' || text[at + 1] != ' ') {
    return 0;
  }
  return at + 2;
}

/* Lua's coroutine.wrap names the caller's place in front of an error at every level, so an
 * error passed up through wrap functions called from one line starts with that place again
 * and again: the message the host shows keeps it once. */
static void collapse_repeated_place(lua_State *L) {
  size_t length;
  const char *text = lua_tolstring(L, -1, &length);
  size_t prefix = location_prefix(text, length);
  if (prefix == 0) {
    return;
  }
  size_t at = prefix;
  while (length - at >= prefix && memcmp(text + at, text, prefix) == 0) {
    at += prefix;
  }
  if (at > prefix) {
    lua_pushlstring(L, text, prefix);
    lua_pushlstring(L, text + at, length - at);
    lua_concat(L, 2);
    lua_replace(L, -2);
  }
}

void cadence_sandbox_cut_message(lua_State *L) {
  collapse_repeated_place(L);
  size_t length;
  const char *text = lua_tolstring(L, -1, &length);
  if (length <= CADENCE_MESSAGE_LIMIT) {
    return;
  }
  size_t cut = CADENCE_MESSAGE_LIMIT;
  while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80) {
    cut--; /* not inside a UTF-8 sequence */
  }
  lua_pushlstring(L, text, cut);
  lua_pushfstring(L, "… (%d more bytes cut)", (int)(length - cut > 2147483647 ? 2147483647 : length - cut));
  lua_concat(L, 2);
  lua_replace(L, -2);
}

/* The message handler: keeps string messages (cut to CADENCE_MESSAGE_LIMIT), names other error objects without calling any
 * of their metamethods (a __tostring that errors or loops must not get a second chance). */
static int message_handler(lua_State *L) {
  int type = lua_type(L, 1);
  if (type == LUA_TSTRING) {
    lua_settop(L, 1);
    cadence_sandbox_cut_message(L);
    return 1;
  }
  if (type == LUA_TNUMBER) {
    lua_pushstring(L, lua_tostring(L, 1));
    return 1;
  }
  lua_pushfstring(L, "the script raised an error that is a %s value, not a message",
                  luaL_typename(L, 1));
  return 1;
}

static int run_chunk_protected(lua_State *L) {
  const char *text = (const char *)lua_touserdata(L, 1);
  size_t length = (size_t)lua_tointeger(L, 2);
  const char *name = (const char *)lua_touserdata(L, 3);
  int status = luaL_loadbufferx(L, text, length, name, "t");
  cadence_sandbox_of(L)->load_status = status;
  if (status != LUA_OK) {
    return lua_error(L);
  }
  cadence_sandbox *sandbox = cadence_sandbox_of(L);
  if (sandbox->allowance > 0) {
    sandbox->deadline = cadence_monotonic_seconds() + sandbox->allowance;
  }
  lua_call(L, 0, 1);
  return 1;
}

int cadence_sandbox_run_chunk(lua_State *L, const char *text, size_t length, const char *name) {
  if (!lua_checkstack(L, 8)) {
    return LUA_ERRMEM;
  }
  cadence_sandbox_of(L)->load_status = LUA_OK;
  lua_pushcfunction(L, message_handler);
  int handler = lua_gettop(L);
  lua_pushcfunction(L, run_chunk_protected);
  lua_pushlightuserdata(L, (void *)text);
  lua_pushinteger(L, (lua_Integer)length);
  lua_pushlightuserdata(L, (void *)name);
  int status = lua_pcall(L, 3, 1, handler);
  lua_remove(L, handler);
  if (status != LUA_OK && lua_type(L, -1) != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_pushliteral(L, "not enough memory");
  }
  return status;
}

static int keep_protected(lua_State *L) {
  lua_settop(L, 2);
  lua_setfield(L, LUA_REGISTRYINDEX, (const char *)lua_touserdata(L, 1));
  return 0;
}

int cadence_sandbox_keep(lua_State *L, const char *key) {
  if (!lua_checkstack(L, 4)) {
    return LUA_ERRMEM;
  }
  lua_pushcfunction(L, keep_protected);
  lua_insert(L, -2);
  lua_pushlightuserdata(L, (void *)key);
  lua_insert(L, -2);
  int status = lua_pcall(L, 2, 0, 0);
  if (status != LUA_OK) {
    lua_pop(L, 1);
  }
  return status;
}

const char *cadence_sandbox_output(const cadence_sandbox *sandbox) { return sandbox->output; }
