/* The table library's functions that loop in C, written again so that they charge their work
 * to the instruction budget as they do it: Lua's own versions of insert, remove, move,
 * concat, unpack and sort run their loops where the count hook never fires, so that
 * `table.move({}, 1, 1e12, 1)` would run for hours. Each follows the steps of Lua 5.4's own
 * (ltablib.c), in the same order, so that results, errors, the state a table is left in after
 * an error and the order of metamethod and comparator calls are Lua's; each element is charged
 * as it is reached, so an error that Lua would raise at the first element is raised, not a
 * limit. sort is Lua's quicksort (median of three, the pivot chosen at random only for a
 * badly unbalanced range of more than 100 elements). */
#include "internal.h"

#include <lauxlib.h>
#include <limits.h>
#include <time.h>

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

/* Charges one element read and written, raising the trip when a limit is reached. */
static void charge_element(lua_State *L) { cadence_sandbox_charge(L, CADENCE_ELEMENT_COST); }

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
    for (lua_Integer i = end; i > position; i--) {
      charge_element(L);
      lua_geti(L, 1, i - 1);
      lua_seti(L, 1, i);
    }
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
  lua_geti(L, 1, position);
  for (; position < size; position++) {
    charge_element(L);
    lua_geti(L, 1, position + 1);
    lua_seti(L, 1, position);
  }
  lua_pushnil(L);
  lua_seti(L, 1, position);
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
    if (to > last || to <= first || (target != 1 && !lua_compare(L, 1, target, LUA_OPEQ))) {
      for (lua_Integer i = 0; i <= span; i++) {
        charge_element(L);
        lua_geti(L, 1, first + i);
        lua_seti(L, target, to + i);
      }
    } else {
      for (lua_Integer i = span; i >= 0; i--) {
        charge_element(L);
        lua_geti(L, 1, first + i);
        lua_seti(L, target, to + i);
      }
    }
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
  lua_Unsigned count = (lua_Unsigned)last - (lua_Unsigned)i; /* less one */
  if (count >= (lua_Unsigned)INT_MAX || !lua_checkstack(L, (int)(count + 1u))) {
    return luaL_error(L, "too many results to unpack");
  }
  for (; i < last; i++) {
    charge_element(L);
    lua_geti(L, 1, i);
  }
  charge_element(L);
  lua_geti(L, 1, last);
  return (int)(count + 1u);
}

/* What one step of a sort costs: a comparison, and the reads and writes around it. */
#define SORT_STEP CADENCE_ELEMENT_COST

/* Ranges of more than this many elements may take a pivot at random (Lua's RANLIMIT). */
#define RANDOM_PIVOT_LIMIT 100u

/* Sorts count fewer than INT_MAX elements, so indices fit an unsigned int, as in Lua. */
typedef unsigned int SortIndex;

/* Whether the value at stack index `a` sorts before the one at `b` (both negative): by the
 * script's function at index 2, or by `<`. */
static int sorts_before(lua_State *L, int a, int b) {
  cadence_sandbox_charge(L, SORT_STEP);
  if (lua_isnil(L, 2)) {
    return lua_compare(L, a, b, LUA_OPLT);
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a - 1); /* one further down: the function is above it */
  lua_pushvalue(L, b - 2); /* two further down: the function and `a` are above it */
  lua_call(L, 2, 1);
  int result = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return result;
}

/* Pops the top two values into list[i] (the top one) and list[j]. */
static void store_two(lua_State *L, SortIndex i, SortIndex j) {
  lua_seti(L, 1, i);
  lua_seti(L, 1, j);
}

/* A number from the clock, to pick pivots that a crafted input cannot predict (Lua uses the
 * clock and the time of day alike). */
static unsigned int random_pivot_seed(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (unsigned int)now.tv_nsec + (unsigned int)now.tv_sec;
}

/* A pivot in the middle half of [low, high], chosen by `seed`. */
static SortIndex pick_pivot(SortIndex low, SortIndex high, unsigned int seed) {
  SortIndex quarter = (high - low) / 4;
  return seed % (quarter * 2) + (low + quarter);
}

/* With the pivot P on the stack (and at list[high - 1]), moves the elements of
 * [low + 1, high - 2] that sort before P below those that sort after it, puts P between
 * them, pops it and returns its index. A comparison that contradicts itself (an order that is
 * not strict) would run past the range: it is reported instead. */
static SortIndex partition(lua_State *L, SortIndex low, SortIndex high) {
  SortIndex up = low;       /* advances before each read */
  SortIndex down = high - 1; /* goes back before each read */
  for (;;) {
    for (;;) { /* up to the first element that does not sort before P */
      lua_geti(L, 1, ++up);
      if (!sorts_before(L, -1, -2)) {
        break;
      }
      if (up == high - 1) {
        luaL_error(L, "invalid order function for sorting");
      }
      lua_pop(L, 1);
    }
    for (;;) { /* down to the first element that P does not sort before */
      lua_geti(L, 1, --down);
      if (!sorts_before(L, -3, -1)) {
        break;
      }
      if (down < up) {
        luaL_error(L, "invalid order function for sorting");
      }
      lua_pop(L, 1);
    }
    if (down < up) { /* everything is on its side: P goes to `up` */
      lua_pop(L, 1);
      store_two(L, high - 1, up);
      return up;
    }
    store_two(L, up, down); /* swaps the two that are out of place */
  }
}

/* Sorts list[low..high]: orders the first, middle and last elements, takes the middle one as
 * the pivot, partitions, then sorts the smaller side by recursion and the larger in this
 * loop, so the recursion is at most log2(count) deep. */
static void quicksort(lua_State *L, SortIndex low, SortIndex high, unsigned int seed) {
  while (low < high) {
    lua_geti(L, 1, low);
    lua_geti(L, 1, high);
    if (sorts_before(L, -1, -2)) {
      store_two(L, low, high);
    } else {
      lua_pop(L, 2);
    }
    if (high - low == 1) {
      return;
    }
    SortIndex pivot = (high - low < RANDOM_PIVOT_LIMIT || seed == 0) ? (low + high) / 2
                                                                      : pick_pivot(low, high, seed);
    lua_geti(L, 1, pivot);
    lua_geti(L, 1, low);
    if (sorts_before(L, -2, -1)) {
      store_two(L, pivot, low);
    } else {
      lua_pop(L, 1);
      lua_geti(L, 1, high);
      if (sorts_before(L, -1, -2)) {
        store_two(L, pivot, high);
      } else {
        lua_pop(L, 2);
      }
    }
    if (high - low == 2) {
      return;
    }
    lua_geti(L, 1, pivot); /* P, kept on the stack through the partition */
    lua_pushvalue(L, -1);
    lua_geti(L, 1, high - 1);
    store_two(L, pivot, high - 1); /* P moves next to the end */
    pivot = partition(L, low, high);
    SortIndex smaller;
    if (pivot - low < high - pivot) {
      quicksort(L, low, pivot - 1, seed);
      smaller = pivot - low;
      low = pivot + 1;
    } else {
      quicksort(L, pivot + 1, high, seed);
      smaller = high - pivot;
      high = pivot - 1;
    }
    if ((high - low) / 128 > smaller) { /* badly unbalanced: pivots at random from now */
      seed = random_pivot_seed();
    }
  }
}

static int table_sort(lua_State *L) {
  check_list(L, 1, NEEDS_ALL);
  lua_Integer count = luaL_len(L, 1);
  if (count > 1) {
    luaL_argcheck(L, count < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2)) {
      luaL_checktype(L, 2, LUA_TFUNCTION);
    }
    lua_settop(L, 2);
    quicksort(L, 1, (SortIndex)count, 0);
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
