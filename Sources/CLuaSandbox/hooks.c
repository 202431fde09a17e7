/* Calling a routine's hooks: the context table is built and the result read inside a
 * protected call, so neither an allocation failure nor the script can unwind into Swift. */
#include "internal.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

typedef struct HookCall {
  const char *key;
  const char *hook;
  const cadence_hook_field *fields;
  int count;
  cadence_hook_outcome *outcome;
} HookCall;

/* Hook texts are cut to this many bytes (at the start of a UTF-8 character) as they are copied,
 * so a hook that returns or raises a huge string costs a copy of a few kilobytes, not of it. */
#define HOOK_TEXT_CAPACITY 4096

static char *copy_bounded(const char *text, size_t length, size_t *copied) {
  if (length > HOOK_TEXT_CAPACITY) {
    length = HOOK_TEXT_CAPACITY;
    while (length > 0 && ((unsigned char)text[length] & 0xC0) == 0x80) {
      length--;
    }
  }
  char *copy = malloc(length + 1);
  if (copy != NULL) {
    memcpy(copy, text, length);
    copy[length] = '\0';
  }
  *copied = copy != NULL ? length : 0;
  return copy;
}

static char *copy_string(lua_State *L, int index, size_t *copied) {
  size_t length;
  const char *text = lua_tolstring(L, index, &length);
  char *copy = copy_bounded(text, length, copied);
  if (copy == NULL) {
    luaL_error(L, "not enough memory");
  }
  return copy;
}

static char *copy_text(const char *text, size_t *copied) {
  return copy_bounded(text, strlen(text), copied);
}

static void push_context(lua_State *L, const cadence_hook_field *fields, int count) {
  luaL_checkstack(L, 40, "context too deep");
  lua_newtable(L);
  for (int i = 0; i < count; i++) {
    const cadence_hook_field *field = &fields[i];
    switch (field->type) {
    case CADENCE_FIELD_STRING: lua_pushlstring(L, field->text, field->length); break;
    case CADENCE_FIELD_INTEGER: lua_pushinteger(L, (lua_Integer)field->integer); break;
    case CADENCE_FIELD_NUMBER: lua_pushnumber(L, field->number); break;
    case CADENCE_FIELD_BOOLEAN: lua_pushboolean(L, field->integer != 0); break;
    case CADENCE_FIELD_BEGIN:
      lua_pushstring(L, field->key);
      lua_newtable(L);
      continue;
    case CADENCE_FIELD_END:
      lua_rawset(L, -3);
      continue;
    default: continue;
    }
    lua_setfield(L, -2, field->key);
  }
}

/* Reads one optional string field of a returned table; 0 when it is there but not a string. */
static int read_field(lua_State *L, const char *name, char **target, size_t *length) {
  lua_pushstring(L, name);
  int type = lua_rawget(L, -2);
  int ok = 1;
  if (type == LUA_TSTRING || type == LUA_TNUMBER) {
    *target = copy_string(L, -1, length);
  } else if (type != LUA_TNIL) {
    ok = 0;
  }
  lua_pop(L, 1);
  return ok;
}

static int call_protected(lua_State *L) {
  HookCall *call = (HookCall *)lua_touserdata(L, 1);
  cadence_hook_outcome *outcome = call->outcome;
  if (lua_getfield(L, LUA_REGISTRYINDEX, call->key) != LUA_TTABLE) {
    outcome->status = CADENCE_HOOK_MISSING;
    return 0;
  }
  lua_pushstring(L, call->hook);
  if (lua_rawget(L, -2) != LUA_TFUNCTION) {
    outcome->status = CADENCE_HOOK_MISSING;
    return 0;
  }
  push_context(L, call->fields, call->count);
  lua_call(L, 1, 1);
  switch (lua_type(L, -1)) {
  case LUA_TNIL:
    outcome->status = CADENCE_HOOK_NOTHING;
    break;
  case LUA_TSTRING:
  case LUA_TNUMBER:
    outcome->message = copy_string(L, -1, &outcome->message_length);
    outcome->status = CADENCE_HOOK_MESSAGE;
    break;
  case LUA_TTABLE:
    if (!read_field(L, "message", &outcome->message, &outcome->message_length) ||
        !read_field(L, "title", &outcome->title, &outcome->title_length) ||
        !read_field(L, "sound", &outcome->sound, &outcome->sound_length) ||
        !read_field(L, "urgency", &outcome->urgency, &outcome->urgency_length)) {
      outcome->status = CADENCE_HOOK_GARBAGE;
      outcome->error = copy_text("returned a table whose message, title, sound or urgency is not text",
                                 &outcome->error_length);
    } else if (!cadence_sandbox_read_actions(L, lua_gettop(L), &outcome->actions, &outcome->actions_length)) {
      outcome->status = CADENCE_HOOK_GARBAGE;
      outcome->error = copy_string(L, -1, &outcome->error_length);
    } else {
      outcome->status = outcome->message != NULL || outcome->actions != NULL ? CADENCE_HOOK_MESSAGE
                                                                             : CADENCE_HOOK_NOTHING;
    }
    break;
  default:
    outcome->status = CADENCE_HOOK_GARBAGE;
    lua_pushfstring(L, "returned a %s; return text, or a table such as { message = \"...\" }",
                    luaL_typename(L, -1));
    outcome->error = copy_string(L, -1, &outcome->error_length);
    break;
  }
  return 0;
}

static int hook_message_handler(lua_State *L) {
  if (lua_type(L, 1) == LUA_TSTRING) {
    lua_settop(L, 1);
    cadence_sandbox_cut_message(L);
    return 1;
  }
  if (lua_type(L, 1) == LUA_TNUMBER) {
    lua_pushstring(L, lua_tostring(L, 1));
    return 1;
  }
  lua_pushfstring(L, "raised an error that is a %s value, not a message", luaL_typename(L, 1));
  return 1;
}

void cadence_sandbox_call_hook(lua_State *L, const char *key, const char *hook,
                               const cadence_hook_field *fields, int count,
                               long long instruction_budget, double seconds,
                               cadence_hook_outcome *outcome) {
  memset(outcome, 0, sizeof(*outcome));
  if (!lua_checkstack(L, 8)) {
    outcome->status = CADENCE_HOOK_ERROR;
    outcome->error = copy_text("not enough memory", &outcome->error_length);
    return;
  }
  HookCall call = {key, hook, fields, count, outcome};
  int top = lua_gettop(L);
  cadence_sandbox_arm(L, instruction_budget, seconds);
  lua_pushcfunction(L, hook_message_handler);
  lua_pushcfunction(L, call_protected);
  lua_pushlightuserdata(L, &call);
  int status = lua_pcall(L, 1, 0, top + 1);
  if (status != LUA_OK) {
    // What the hook returned before it failed is dropped: the outcome is the error alone.
    cadence_hook_outcome_free(outcome);
    outcome->status = CADENCE_HOOK_ERROR;
    size_t length = 0;
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &length) : NULL;
    outcome->error = text != NULL ? copy_bounded(text, length, &outcome->error_length)
                                  : copy_text("not enough memory", &outcome->error_length);
  }
  outcome->trip = cadence_sandbox_of(L)->trip;
  cadence_sandbox_disarm(L);
  lua_settop(L, top);
}

void cadence_hook_outcome_free(cadence_hook_outcome *outcome) {
  free(outcome->message);
  free(outcome->title);
  free(outcome->sound);
  free(outcome->urgency);
  free(outcome->error);
  free(outcome->actions);
  memset(outcome, 0, sizeof(*outcome));
}
