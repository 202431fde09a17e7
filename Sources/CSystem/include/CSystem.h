#ifndef CADENCE_CSYSTEM_H
#define CADENCE_CSYSTEM_H

#include <sys/types.h>

/* C library calls that Swift cannot import, or not conveniently. */

/* Caps glibc's malloc arenas, so memory does not creep up as worker threads come and go. */
void cadence_limit_malloc_arenas(int arenas);

/* Starts `path` with `argv` and `envp` in a session of its own (setsid), with standard input
   `input` (when >= 0, else /dev/null), standard output on /dev/null, standard error appended
   to `log` (or /dev/null when NULL), and `ready` (when >= 0) as its descriptor 3, and no other
   descriptor. Returns 0 and sets *pid, or an errno value. */
int cadence_spawn_detached(const char *path, char *const argv[], char *const envp[], int ready,
                           const char *log, int input, pid_t *pid);

/* Starts `path` with `argv` and `envp` as the leader of a session, and so of a process group,
   of its own (so the whole group can be killed, and it has no controlling terminal), with `input` (or /dev/null when < 0) as its standard input,
   `output` as its standard output and error, no other descriptor, default signal dispositions
   and an empty signal mask. Returns 0 and sets *pid, or an errno value. */
int cadence_spawn_group(const char *path, char *const argv[], char *const envp[], int input,
                        int output, pid_t *pid);

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
