#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <time.h>
#include <sys/un.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

char *const *cadence_environment(void) { return environ; }

void cadence_limit_malloc_arenas(int arenas) {
#if defined(__GLIBC__)
  mallopt(M_ARENA_MAX, arenas);
#else
  (void)arenas;
#endif
}

int cadence_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int cadence_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
  return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int cadence_peer_uid(int descriptor, uid_t *uid) {
  struct ucred credentials;
  socklen_t length = sizeof(credentials);
  if (getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  *uid = credentials.uid;
  return 0;
}

static int fill_address(const char *path, struct sockaddr_un *address) {
  memset(address, 0, sizeof(*address));
  address->sun_family = AF_UNIX;
  if (strlen(path) >= sizeof(address->sun_path)) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address->sun_path, path);
  return 0;
}

int cadence_listen_unix(const char *path, int backlog) {
  /* The socket is bound, made 0600 and listening under a name of its own, then renamed onto
     `path` in one step: a client never finds `path` bound but not yet listening, which it
     would take for a dead run's socket and remove. The folder is private (0700), so the
     moment before chmod exposes nothing; umask is not touched because other threads may be
     creating files. */
  char staging[sizeof(((struct sockaddr_un *)0)->sun_path)];
  if (snprintf(staging, sizeof(staging), "%s.new", path) >= (int)sizeof(staging)) {
    errno = ENAMETOOLONG;
    return -1;
  }
  struct sockaddr_un address;
  if (fill_address(staging, &address) != 0) return -1;
  int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  unlink(staging);
  int bound = bind(descriptor, (struct sockaddr *)&address, sizeof(address));
  if (bound != 0 || chmod(staging, 0600) != 0 || listen(descriptor, backlog) != 0 ||
      rename(staging, path) != 0) {
    int saved = errno;
    if (bound == 0) unlink(staging);
    close(descriptor);
    errno = saved;
    return -1;
  }
  return descriptor;
}

int cadence_connect_unix(const char *path) {
  struct sockaddr_un address;
  if (fill_address(path, &address) != 0) return -1;
  int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (descriptor < 0) return -1;
  int status;
  do {
    status = connect(descriptor, (struct sockaddr *)&address, sizeof(address));
  } while (status != 0 && errno == EINTR);
  if (status != 0) {
    int saved = errno;
    close(descriptor);
    errno = saved;
    return -1;
  }
  return descriptor;
}

int cadence_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int cadence_accept_cloexec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC); }

int cadence_accept_nonblocking(int listener) {
  return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int cadence_bell_open(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int cadence_alarm_open(int *timer, int *bell) {
  int made = timerfd_create(CLOCK_BOOTTIME, TFD_NONBLOCK | TFD_CLOEXEC);
  if (made < 0) return -1;
  int counter = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (counter < 0) {
    int saved = errno;
    close(made);
    errno = saved;
    return -1;
  }
  *timer = made;
  *bell = counter;
  return 0;
}

int cadence_alarm_set(int timer, long long nanoseconds) {
  struct itimerspec when;
  memset(&when, 0, sizeof when);
  if (nanoseconds >= 0) {
    when.it_value.tv_sec = (time_t)(nanoseconds / 1000000000LL);
    when.it_value.tv_nsec = (long)(nanoseconds % 1000000000LL);
    /* An all-zero value would disarm the timer: the instant 0 has passed, so expire at once. */
    if (when.it_value.tv_sec == 0 && when.it_value.tv_nsec == 0) when.it_value.tv_nsec = 1;
  }
  return timerfd_settime(timer, nanoseconds >= 0 ? TFD_TIMER_ABSTIME : 0, &when, NULL);
}
