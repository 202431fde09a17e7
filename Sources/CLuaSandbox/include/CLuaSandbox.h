#ifndef CADENCE_LUA_SANDBOX_H
#define CADENCE_LUA_SANDBOX_H

#include <stddef.h>

/* The C half of Cadence's Lua sandbox. Everything that Lua calls back into (the allocator,
 * the count hook, the message handler and the replacement library functions) lives here, so
 * that a Lua error, which unwinds with longjmp, never crosses a Swift frame. */

typedef struct lua_State lua_State;

/* Why the sandbox stopped a script; sticky until the next arm. */
enum cadence_trip {
  CADENCE_TRIP_NONE = 0,
  CADENCE_TRIP_INSTRUCTIONS = 1,
  CADENCE_TRIP_DEADLINE = 2,
  CADENCE_TRIP_MEMORY = 3
};

#define CADENCE_OUTPUT_CAPACITY 16384

/* The limits and counters of one sandboxed state. It must outlive the state. */
typedef struct cadence_sandbox {
  size_t memory_used;
  size_t memory_limit;
  long long instructions;
  long long instruction_budget;
  double deadline; /* CLOCK_MONOTONIC seconds; 0 means none */
  double allowance; /* seconds the current budget allows */
  int trip;        /* enum cadence_trip */
  int enforcing;   /* limits apply only while armed */
  int load_status; /* what compiling the last chunk gave: LUA_OK or LUA_ERRSYNTAX, say */
  long long pattern_steps;
  long long unclocked; /* instructions charged by C functions since the clock was last read */
  size_t output_length;
  int output_truncated;
  char output[CADENCE_OUTPUT_CAPACITY];
} cadence_sandbox;

/* Creates a state whose globals are the sandbox's allow-list. Returns NULL when even the empty
 * state cannot be made. */
lua_State *cadence_sandbox_open(cadence_sandbox *sandbox);

/* Starts a new budget: instructions, a wall-clock allowance in seconds, limits enforced. */
void cadence_sandbox_arm(lua_State *L, long long instruction_budget, double seconds);

/* Stops enforcing the instruction budget and deadline (the memory cap stays). */
void cadence_sandbox_disarm(lua_State *L);

/* Loads a text chunk and runs it under the armed budget, leaving one result (or the error
 * message, always a string) on the stack. Returns a Lua status code. The clock of the time
 * allowance restarts once the text is compiled, so a large file's parsing does not eat it. */
int cadence_sandbox_run_chunk(lua_State *L, const char *text, size_t length, const char *name);

/* Stores the value on top of the stack in the registry under `key`, protected. Pops it. */
int cadence_sandbox_keep(lua_State *L, const char *key);

/* The text the script printed so far (output_length bytes). */
const char *cadence_sandbox_output(const cadence_sandbox *sandbox);

/* One entry of a hook's context table, in a flat list: BEGIN and END bracket a nested table. */
enum cadence_field_type {
  CADENCE_FIELD_STRING = 1,
  CADENCE_FIELD_INTEGER = 2,
  CADENCE_FIELD_NUMBER = 3,
  CADENCE_FIELD_BOOLEAN = 4,
  CADENCE_FIELD_BEGIN = 5,
  CADENCE_FIELD_END = 6
};

typedef struct cadence_hook_field {
  const char *key; /* NULL inside END */
  int type;        /* enum cadence_field_type */
  const char *text;
  size_t length;
  long long integer;
  double number;
} cadence_hook_field;

/* What a hook call gave. */
enum cadence_hook_status {
  CADENCE_HOOK_MESSAGE = 0, /* message (and maybe title, sound, urgency) are set */
  CADENCE_HOOK_NOTHING = 1, /* the hook returned nil */
  CADENCE_HOOK_ERROR = 2,   /* error is set */
  CADENCE_HOOK_GARBAGE = 3, /* error says what came back instead */
  CADENCE_HOOK_MISSING = 4  /* the routine has no such function */
};

typedef struct cadence_hook_outcome {
  int status;
  int trip; /* enum cadence_trip, when the hook was stopped */
  char *message;
  char *title;
  char *sound;
  char *urgency;
  char *error;
  /* The commands the hook asked to run (its `actions`), encoded in `actions_length` bytes;
   * NULL when it asked for none. For each action: a byte of timeout kind (0 none, 1 text,
   * 2 a number of seconds), a byte of timeout length and its text, a byte of argument count
   * (1 to CADENCE_ACTION_ARGUMENTS), then each argument as a 16-bit little-endian length and
   * its bytes (never a NUL). At most CADENCE_ACTIONS_CAPACITY bytes in all. */
  char *actions;
  size_t actions_length;
  /* The length in bytes of each text above (0 when it is NULL): a text may hold a NUL, which
   * Cadence flattens as it does any control character, so it is never read up to one. */
  size_t message_length;
  size_t title_length;
  size_t sound_length;
  size_t urgency_length;
  size_t error_length;
} cadence_hook_outcome;

/* A hook may ask for at most this many actions, each of at most this many arguments, all of
 * them encoded in at most this many bytes. */
#define CADENCE_ACTIONS_LIMIT 8
#define CADENCE_ACTION_ARGUMENTS 64
#define CADENCE_ACTIONS_CAPACITY 4096

/* Calls `hook` of the table kept under `key` with a context built from `fields`, under a
 * fresh budget. Strings in `outcome` are allocated with malloc; free them with
 * cadence_hook_outcome_free. */
void cadence_sandbox_call_hook(lua_State *L, const char *key, const char *hook,
                               const cadence_hook_field *fields, int count,
                               long long instruction_budget, double seconds,
                               cadence_hook_outcome *outcome);

void cadence_hook_outcome_free(cadence_hook_outcome *outcome);

/* The monotonic clock in seconds, as the sandbox reads it. */
double cadence_monotonic_seconds(void);

#endif
