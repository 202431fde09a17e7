#include "wire.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Writes the `count` low bytes of `value`, least significant first. */
static void put_le(unsigned char *bytes, uint64_t value, int count) {
  for (int i = 0; i < count; i++) {
    bytes[i] = (unsigned char)(value >> (8 * i));
  }
}

/* Reads `count` bytes, least significant first. */
static uint64_t get_le(const unsigned char *bytes, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; i++) {
    value |= (uint64_t)bytes[i] << (8 * i);
  }
  return value;
}

void wire_begin(wire_out *out, size_t limit, int kind) {
  out->length = 0;
  out->limit = limit;
  out->overflow = 0;
  wire_u32(out, 0);
  wire_u8(out, (unsigned)kind);
}

void wire_bytes(wire_out *out, const void *bytes, size_t length) {
  if (out->overflow) {
    return;
  }
  if (length > out->limit || out->length > out->limit - length) {
    out->overflow = 1;
    return;
  }
  if (out->length + length > out->capacity) {
    size_t capacity = out->capacity < 256 ? 256 : out->capacity;
    while (capacity < out->length + length) {
      capacity *= 2;
    }
    unsigned char *grown = realloc(out->bytes, capacity);
    if (grown == NULL) {
      out->overflow = 1;
      return;
    }
    out->bytes = grown;
    out->capacity = capacity;
  }
  memcpy(out->bytes + out->length, bytes, length);
  out->length += length;
}

void wire_u8(wire_out *out, unsigned value) {
  unsigned char byte = (unsigned char)value;
  wire_bytes(out, &byte, 1);
}

void wire_u32(wire_out *out, uint32_t value) {
  unsigned char bytes[4];
  put_le(bytes, value, 4);
  wire_bytes(out, bytes, 4);
}

void wire_i64(wire_out *out, int64_t value) {
  unsigned char bytes[8];
  put_le(bytes, (uint64_t)value, 8);
  wire_bytes(out, bytes, 8);
}

void wire_f64(wire_out *out, double value) {
  int64_t bits;
  memcpy(&bits, &value, sizeof bits);
  wire_i64(out, bits);
}

size_t wire_utf8_cut(const char *text, size_t length, size_t cap) {
  if (length <= cap) {
    return length;
  }
  size_t cut = cap;
  /* Back up over continuation bytes (10xxxxxx) to the start of a character. */
  while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80) {
    cut--;
  }
  return cut;
}

void wire_text(wire_out *out, const char *text, size_t length, size_t cap) {
  size_t cut = wire_utf8_cut(text, length, cap);
  wire_u32(out, (uint32_t)cut);
  wire_bytes(out, text, cut);
}

void wire_absent(wire_out *out) { wire_u32(out, WIRE_ABSENT); }

int wire_send(wire_out *out, int fd) {
  put_le(out->bytes, (uint32_t)(out->length - 5), 4);
  size_t sent = 0;
  while (sent < out->length) {
    ssize_t wrote = write(fd, out->bytes + sent, out->length - sent);
    if (wrote < 0 && errno == EINTR) {
      continue;
    }
    if (wrote <= 0) {
      return -1;
    }
    sent += (size_t)wrote;
  }
  return 0;
}

static const unsigned char *take(wire_in *in, size_t count) {
  if (in->bad || count > in->length - in->at) {
    in->bad = 1;
    return NULL;
  }
  const unsigned char *start = in->bytes + in->at;
  in->at += count;
  return start;
}

unsigned wire_read_u8(wire_in *in) {
  const unsigned char *byte = take(in, 1);
  return byte == NULL ? 0 : *byte;
}

uint32_t wire_read_u32(wire_in *in) {
  const unsigned char *bytes = take(in, 4);
  return bytes == NULL ? 0 : (uint32_t)get_le(bytes, 4);
}

int64_t wire_read_i64(wire_in *in) {
  const unsigned char *bytes = take(in, 8);
  return bytes == NULL ? 0 : (int64_t)get_le(bytes, 8);
}

double wire_read_f64(wire_in *in) {
  int64_t bits = wire_read_i64(in);
  double value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

const char *wire_read_text(wire_in *in, size_t *length) {
  uint32_t count = wire_read_u32(in);
  const unsigned char *bytes = take(in, count);
  *length = bytes == NULL ? 0 : count;
  return (const char *)bytes;
}

int wire_read_full(int fd, void *bytes, size_t length) {
  size_t got = 0;
  while (got < length) {
    ssize_t count = read(fd, (unsigned char *)bytes + got, length - got);
    if (count < 0 && errno == EINTR) {
      continue;
    }
    if (count <= 0) {
      return -1;
    }
    got += (size_t)count;
  }
  return 0;
}
