/* cadence-lua-worker: the process in which Cadence runs a routine's Lua.
 *
 * Cadence starts it with one socket on descriptor 3 and the Lua memory cap as its argument.
 * It shuts itself in (confine.c) before reading a byte, opens the sandboxed state, then
 * answers requests until the socket closes: load a routine (the returned table comes back as
 * a tree), and call hooks (one or a batch). Cadence holds the deadline of every request and
 * kills the worker past it; the worker's own budgets only make the common mistakes precise. */
#include "CLuaSandbox.h"
#include "confine.h"
#include "tree.h"
#include "wire.h"

#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Where the routine's table is kept in the registry, for its hooks. */
#define ROUTINE_KEY "cadence.routine"
/* The largest request: a routine file of 64 MB and what comes with it. */
#define REQUEST_LIMIT (((size_t)64 << 20) + 65536)
/* The most a routine's table may take written out. Cadence checks the same as it reads. */
#define TREE_LIMIT ((size_t)8 << 20)
#define ERROR_CAP 2048
#define MESSAGE_CAP 4096
#define SHORT_CAP 256
#define HOOK_CALLS_LIMIT 256
#define FIELDS_LIMIT 4096
#define FAILED_HOOKS 32

/* Exit statuses Cadence reads when the worker could not start. */
enum { EXIT_CONFINE = 71, EXIT_NO_STATE = 72, EXIT_BAD_REQUEST = 73 };

/* Ends the worker with a raw exit_group, not marked as never returning: AddressSanitizer would
 * check the stack before such a call (and before _exit) with calls the filter refuses, and
 * report that as a failure. */
static void worker_exit(int status) {
  syscall(SYS_exit_group, status);
  for (;;) {
  }
}

typedef struct Worker {
  lua_State *L;
  cadence_sandbox *sandbox;
  wire_out out;
  cadence_hook_field *fields;
  size_t field_capacity;
  char failed[FAILED_HOOKS][32];
  int failed_count;
} Worker;

static void load(Worker *worker, wire_in *in) {
  lua_State *L = worker->L;
  int64_t instructions = wire_read_i64(in);
  double seconds = wire_read_f64(in);
  size_t name_length;
  const char *name = wire_read_text(in, &name_length);
  if (in->bad || name_length > 200) {
    worker_exit(EXIT_BAD_REQUEST);
  }
  char chunk[256];
  memcpy(chunk, name, name_length);
  chunk[name_length] = '\0';
  const char *source = (const char *)in->bytes + in->at;
  size_t source_length = in->length - in->at;

  lua_settop(L, 0);
  cadence_sandbox_arm(L, instructions, seconds);
  int status = cadence_sandbox_run_chunk(L, source, source_length, chunk);
  int trip = worker->sandbox->trip;
  cadence_sandbox_disarm(L);
  wire_out *out = &worker->out;
  if (status != LUA_OK) {
    size_t length;
    const char *message = lua_tolstring(L, -1, &length);
    wire_begin(out, ERROR_CAP + 64, WIRE_REPLY_LOAD_FAILED);
    wire_u32(out, (uint32_t)status);
    wire_u8(out, (unsigned)trip);
    wire_u8(out, worker->sandbox->load_status == LUA_ERRSYNTAX);
    wire_text(out, message != NULL ? message : "", message != NULL ? length : 0, ERROR_CAP);
    lua_settop(L, 0);
    return;
  }
  lua_pushvalue(L, -1);
  cadence_sandbox_keep(L, ROUTINE_KEY);
  wire_begin(out, TREE_LIMIT + CADENCE_OUTPUT_CAPACITY + 64, WIRE_REPLY_LOADED);
  wire_u8(out, worker->sandbox->output_truncated != 0);
  wire_text(out, cadence_sandbox_output(worker->sandbox), worker->sandbox->output_length,
            CADENCE_OUTPUT_CAPACITY);
  int why = tree_write(L, out);
  if (why != TREE_OK) {
    wire_begin(out, 64, WIRE_REPLY_TOO_COMPLEX);
    wire_u8(out, (unsigned)why);
  }
  worker->sandbox->output_length = 0;
  worker->sandbox->output_truncated = 0;
  lua_settop(L, 0);
}

static int has_failed(Worker *worker, const char *hook) {
  for (int i = 0; i < worker->failed_count; i++) {
    if (strcmp(worker->failed[i], hook) == 0) {
      return 1;
    }
  }
  return 0;
}

static void mark_failed(Worker *worker, const char *hook) {
  if (worker->failed_count < FAILED_HOOKS && strlen(hook) < sizeof worker->failed[0]) {
    strcpy(worker->failed[worker->failed_count++], hook);
  }
}

/* A key or hook name: NUL-terminated inside the request. */
static const char *read_name(wire_in *in) {
  size_t length;
  const char *name = wire_read_text(in, &length);
  if (name == NULL || length == 0 || name[length - 1] != '\0' || memchr(name, 0, length) != name + length - 1) {
    in->bad = 1;
    return NULL;
  }
  return name;
}

/* Reads one call's fields into worker->fields; returns how many, or -1 when malformed. */
static int read_fields(Worker *worker, wire_in *in) {
  uint32_t count = wire_read_u32(in);
  if (in->bad || count > FIELDS_LIMIT) {
    return -1;
  }
  if (count > worker->field_capacity) {
    cadence_hook_field *grown = realloc(worker->fields, count * sizeof *grown);
    if (grown == NULL) {
      return -1;
    }
    worker->fields = grown;
    worker->field_capacity = count;
  }
  int depth = 0;
  for (uint32_t i = 0; i < count; i++) {
    cadence_hook_field *field = &worker->fields[i];
    memset(field, 0, sizeof *field);
    field->type = (int)wire_read_u8(in);
    if (field->type == CADENCE_FIELD_END) {
      if (--depth < 0) {
        return -1;
      }
      continue;
    }
    field->key = read_name(in);
    switch (field->type) {
    case CADENCE_FIELD_STRING: field->text = wire_read_text(in, &field->length); break;
    case CADENCE_FIELD_INTEGER: field->integer = wire_read_i64(in); break;
    case CADENCE_FIELD_NUMBER: field->number = wire_read_f64(in); break;
    case CADENCE_FIELD_BOOLEAN: field->integer = wire_read_u8(in); break;
    case CADENCE_FIELD_BEGIN:
      if (++depth > 8) {
        return -1;
      }
      break;
    default: return -1;
    }
    if (in->bad) {
      return -1;
    }
  }
  return depth == 0 && !in->bad ? (int)count : -1;
}

/* A text the sandbox gave with its length: a NUL inside it is sent, not taken for its end. */
static void write_optional(wire_out *out, const char *text, size_t length, size_t cap) {
  if (text == NULL) {
    wire_absent(out);
  } else {
    wire_text(out, text, length, cap);
  }
}

static void call_hooks(Worker *worker, wire_in *in) {
  uint32_t count = wire_read_u32(in);
  if (in->bad || count > HOOK_CALLS_LIMIT) {
    worker_exit(EXIT_BAD_REQUEST);
  }
  wire_out *out = &worker->out;
  wire_begin(out,
             (size_t)count * (2 * MESSAGE_CAP + CADENCE_ACTIONS_CAPACITY + 2 * SHORT_CAP + ERROR_CAP +
                           CADENCE_OUTPUT_CAPACITY + 44) +
                 16,
             WIRE_REPLY_HOOKS);
  wire_u32(out, count);
  for (uint32_t i = 0; i < count; i++) {
    int64_t instructions = wire_read_i64(in);
    double seconds = wire_read_f64(in);
    const char *hook = read_name(in);
    int fields = read_fields(worker, in);
    if (hook == NULL || fields < 0) {
      worker_exit(EXIT_BAD_REQUEST);
    }
    cadence_hook_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    worker->sandbox->output_length = 0;
    worker->sandbox->output_truncated = 0;
    if (has_failed(worker, hook)) {
      outcome.status = CADENCE_HOOK_MISSING;
    } else {
      cadence_sandbox_call_hook(worker->L, ROUTINE_KEY, hook, worker->fields, fields,
                                (long long)instructions, seconds, &outcome);
      if (outcome.status == CADENCE_HOOK_ERROR || outcome.status == CADENCE_HOOK_GARBAGE) {
        mark_failed(worker, hook);
      }
    }
    wire_u8(out, (unsigned)outcome.status);
    wire_u8(out, (unsigned)outcome.trip);
    write_optional(out, outcome.message, outcome.message_length, MESSAGE_CAP);
    write_optional(out, outcome.title, outcome.title_length, MESSAGE_CAP);
    write_optional(out, outcome.sound, outcome.sound_length, SHORT_CAP);
    write_optional(out, outcome.urgency, outcome.urgency_length, SHORT_CAP);
    write_optional(out, outcome.error, outcome.error_length, ERROR_CAP);
    /* The commands it asked for, as the sandbox encoded them (at most 4 KB): Cadence runs them,
     * never the worker. */
    if (outcome.actions == NULL) {
      wire_absent(out);
    } else {
      wire_text(out, outcome.actions, outcome.actions_length, CADENCE_ACTIONS_CAPACITY);
    }
    /* What this call printed, for Cadence to show after the event's line. */
    wire_u8(out, worker->sandbox->output_truncated != 0);
    wire_text(out, cadence_sandbox_output(worker->sandbox), worker->sandbox->output_length,
              CADENCE_OUTPUT_CAPACITY);
    cadence_hook_outcome_free(&outcome);
  }
}

#ifdef CADENCE_WORKER_TEST_KNOBS
/* Test-only functions, compiled into debug builds and offered only when the environment asks
 * for them: a C loop no budget can see, a crash, and a forbidden call. */
static int knob_stall(lua_State *L) {
  (void)L;
  volatile unsigned long spins = 0;
  for (;;) {
    spins++;
  }
  return 0;
}

static int knob_crash(lua_State *L) {
  (void)L;
  *(volatile int *)(uintptr_t)8 = 1;
  return 0;
}

static int knob_open(lua_State *L) {
  int fd = open(luaL_checkstring(L, 1), O_RDONLY);
  if (fd >= 0) {
    close(fd);
    lua_pushliteral(L, "opened");
  } else {
    lua_pushstring(L, errno == EPERM ? "EPERM" : "failed otherwise");
  }
  return 1;
}

static void offer_knobs(lua_State *L, int wanted) {
  if (!wanted) {
    return;
  }
  static const luaL_Reg knobs[] = {
      {"stall", knob_stall}, {"crash", knob_crash}, {"open", knob_open}, {NULL, NULL}};
  luaL_newlib(L, knobs);
  lua_setglobal(L, "cadence_test");
}
#endif

/* The zone file tzset would open: $TZ's (after a ':'), absolute or in $TZDIR, else
 * /etc/localtime. One that is not a regular file (a FIFO would hold tzset's open forever, a
 * device would be read without end) is replaced by UTC, as Cadence's own zone reading does. */
static void guard_zone_file(void) {
  const char *zone = getenv("TZ");
  char path[4096];
  const char *file = "/etc/localtime";
  if (zone != NULL) {
    if (*zone == ':') {
      zone++;
    }
    if (*zone == '\0') {
      return;
    }
    file = zone;
    if (*zone != '/') {
      const char *folder = getenv("TZDIR");
      if (folder == NULL || *folder == '\0') {
        folder = "/usr/share/zoneinfo";
      }
      int length = snprintf(path, sizeof path, "%s/%s", folder, zone);
      if (length < 0 || (size_t)length >= sizeof path) {
        return;
      }
      file = path;
    }
  }
  struct stat status;
  if (stat(file, &status) == 0 && !S_ISREG(status.st_mode)) {
    setenv("TZ", "UTC0", 1);
  }
}

int main(int argc, char **argv) {
  size_t memory = (size_t)256 << 20;
  if (argc > 1) {
    memory = (size_t)strtoull(argv[1], NULL, 10);
  }
#ifdef CADENCE_WORKER_TEST_KNOBS
  const char *knobs = getenv("CADENCE_WORKER_TEST");
  int wanted = knobs != NULL && strcmp(knobs, "1") == 0;
#endif
  /* The time zone is read now, while files can still be opened, for os.date. */
  guard_zone_file();
  tzset();
  const char *step = "";
  if (worker_confine(memory, &step) != 0) {
    worker_exit(EXIT_CONFINE);
  }
  Worker worker;
  memset(&worker, 0, sizeof worker);
  worker.sandbox = calloc(1, sizeof *worker.sandbox);
  if (worker.sandbox == NULL) {
    worker_exit(EXIT_NO_STATE);
  }
  worker.sandbox->memory_limit = memory;
  worker.L = cadence_sandbox_open(worker.sandbox);
  if (worker.L == NULL) {
    worker_exit(EXIT_NO_STATE);
  }
#ifdef CADENCE_WORKER_TEST_KNOBS
  offer_knobs(worker.L, wanted);
#endif
  for (;;) {
    unsigned char header[5];
    if (wire_read_full(WORKER_FD, header, sizeof header) != 0) {
      worker_exit(0);
    }
    wire_in frame = {header, sizeof header, 0, 0};
    uint32_t length = wire_read_u32(&frame);
    if (length > REQUEST_LIMIT) {
      worker_exit(EXIT_BAD_REQUEST);
    }
    unsigned char *payload = malloc(length > 0 ? length : 1);
    if (payload == NULL || wire_read_full(WORKER_FD, payload, length) != 0) {
      worker_exit(payload == NULL ? EXIT_NO_STATE : 0);
    }
    wire_in in = {payload, length, 0, 0};
    switch (header[4]) {
    case WIRE_REQUEST_LOAD: load(&worker, &in); break;
    case WIRE_REQUEST_HOOKS: call_hooks(&worker, &in); break;
    default: worker_exit(EXIT_BAD_REQUEST);
    }
    free(payload);
    if (worker.out.overflow) {
      /* Only a batch can outgrow its reply; its caps make that impossible, but never send half. */
      worker_exit(EXIT_BAD_REQUEST);
    }
    if (wire_send(&worker.out, WORKER_FD) != 0) {
      worker_exit(0);
    }
  }
}
