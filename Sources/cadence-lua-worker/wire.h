#ifndef CADENCE_WORKER_WIRE_H
#define CADENCE_WORKER_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* The worker's side of the framed messages it exchanges with Cadence over one socket.
 *
 * A frame is a 32-bit little-endian payload length, one byte of kind, then the payload.
 * Strings are a 32-bit length and the bytes; an absent string has the length 0xFFFFFFFF.
 * Integers are little-endian; numbers are IEEE doubles, little-endian. The Swift side
 * (WorkerProtocol.swift) holds the same layout and checks every length as it reads. */

enum {
  WIRE_REQUEST_LOAD = 1,
  WIRE_REQUEST_HOOKS = 2,
  WIRE_REPLY_LOADED = 1,
  WIRE_REPLY_LOAD_FAILED = 2,
  WIRE_REPLY_TOO_COMPLEX = 3,
  WIRE_REPLY_HOOKS = 4
};

/* Value tags of a routine's table, as the tree is written. */
enum {
  WIRE_NIL = 0,
  WIRE_FALSE = 1,
  WIRE_TRUE = 2,
  WIRE_INTEGER = 3,
  WIRE_NUMBER = 4,
  WIRE_STRING = 5,
  WIRE_TABLE = 6,
  WIRE_FUNCTION = 7,
  WIRE_OTHER = 8,
  WIRE_KEY_NAME = 1,
  WIRE_KEY_INDEX = 2,
  WIRE_KEY_OTHER = 3
};

#define WIRE_ABSENT 0xFFFFFFFFu

/* A reply under construction; `overflow` is set, and nothing more written, past `limit`. */
typedef struct wire_out {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
  size_t limit;
  int overflow;
} wire_out;

void wire_begin(wire_out *out, size_t limit, int kind);
void wire_bytes(wire_out *out, const void *bytes, size_t length);
void wire_u8(wire_out *out, unsigned value);
void wire_u32(wire_out *out, uint32_t value);
void wire_i64(wire_out *out, int64_t value);
void wire_f64(wire_out *out, double value);
/* A string cut to at most `cap` bytes, at the start of a UTF-8 character. */
void wire_text(wire_out *out, const char *text, size_t length, size_t cap);
void wire_absent(wire_out *out);
/* Fills in the frame's length and writes it whole; returns 0, or -1 when the peer is gone. */
int wire_send(wire_out *out, int fd);

/* A request being read; every read is checked against the bytes there are. */
typedef struct wire_in {
  const unsigned char *bytes;
  size_t length;
  size_t at;
  int bad;
} wire_in;

unsigned wire_read_u8(wire_in *in);
uint32_t wire_read_u32(wire_in *in);
int64_t wire_read_i64(wire_in *in);
double wire_read_f64(wire_in *in);
/* Points at a string of the request; NULL (and `bad` set) when it does not fit. */
const char *wire_read_text(wire_in *in, size_t *length);

/* Reads exactly `length` bytes, through interruptions; 0 on success, -1 at the end or on error. */
int wire_read_full(int fd, void *bytes, size_t length);

/* The longest a UTF-8 text of `length` bytes may be cut to, at most `cap`. */
size_t wire_utf8_cut(const char *text, size_t length, size_t cap);

#endif
