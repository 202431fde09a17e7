#ifndef CADENCE_CSYSTEM_H
#define CADENCE_CSYSTEM_H

#include <spawn.h>
#include <sys/types.h>

/* C library calls that Swift cannot import, or not conveniently. */

/* Caps glibc's malloc arenas, so memory does not creep up as worker threads come and go. */
void cadence_limit_malloc_arenas(int arenas);

/* The environment's entries ("NAME=value", ending with NULL), or NULL when there are none
   (after clearenv): Swift imports `environ` as never NULL. */
char *const *cadence_environment(void);

/* POSIX_SPAWN_SETSID, which Swift's Glibc module does not declare. */
int cadence_spawn_setsid_flag(void);

/* posix_spawn_file_actions_addclosefrom_np: every descriptor from `from` up closed in the
   child. Returns 0 or an errno value. */
int cadence_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

/* The user id of the process at the other end of a connected Unix socket: 0 on success and
   *uid set, or -1 with errno set. */
int cadence_peer_uid(int descriptor, uid_t *uid);

/* Binds and listens on a Unix stream socket at `path`, with mode 0600. Returns the descriptor, or -1 with errno set. */
int cadence_listen_unix(const char *path, int backlog);

/* Connects to the Unix stream socket at `path`. Returns the descriptor or -1 with errno. */
int cadence_connect_unix(const char *path);

/* A pipe whose ends close on exec: 0, or -1 with errno set. */
int cadence_pipe_cloexec(int ends[2]);

/* Accepts a connection whose descriptor closes on exec: the descriptor, or -1 with errno. */
int cadence_accept_cloexec(int listener);

/* The same, non-blocking, for a poll loop: the descriptor, or -1 with errno (EAGAIN when no
   connection is waiting on a non-blocking listener). */
int cadence_accept_nonblocking(int listener);

/* An event counter (eventfd), non-blocking and closed on exec: the descriptor, or -1. */
int cadence_bell_open(void);

/* A timer on CLOCK_BOOTTIME and an event counter (eventfd), both non-blocking and closed on
   exec: 0 with *timer and *bell set, or -1 with errno set (nothing is left open). */
int cadence_alarm_open(int *timer, int *bell);

/* Arms `timer` to expire once at the absolute instant `nanoseconds` of CLOCK_BOOTTIME (at once
   when that has passed), or disarms it when `nanoseconds` is negative: 0, or -1 with errno. */
int cadence_alarm_set(int timer, long long nanoseconds);

#endif
