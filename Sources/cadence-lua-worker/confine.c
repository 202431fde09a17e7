/* The worker's confinement. Order matters: descriptors are closed and limits set while the
 * calls that do it are still allowed, then the seccomp filter closes the door on everything
 * but reading and writing the socket, memory management, the clock and exiting.
 *
 * The filter's default is to fail a call with EPERM rather than to kill the process: nothing
 * outside is reachable either way, and a failing call keeps glibc's and the sanitizers'
 * harmless probes (and a test's forbidden open) from looking like crashes. A call made with
 * another architecture's numbering kills the worker at once. */
#include "confine.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define WORKER_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define WORKER_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the Lua worker's seccomp filter knows x86_64 and aarch64 only"
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WORKER_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define WORKER_UNDER_ASAN 1
#endif

#ifdef WORKER_UNDER_ASAN
/* Under AddressSanitizer a crash in the worker must still end it by its signal, as in a plain
 * build, so that Cadence reports "crashed (signal 11)": the sanitizer's own handler would turn
 * it into exit status 1. Leaks are not checked here either (Lua's state lives to the end). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "handle_segv=0:handle_sigbus=0:detect_leaks=0"; }
#endif

/* Room for the program, glibc and the stack above what Lua may allocate. */
#define WORKER_ADDRESS_HEADROOM ((size_t)128 << 20)
/* A backstop for a worker nobody is watching any more: Cadence itself stops a request long
 * before this. */
#define WORKER_CPU_SECONDS 300

static int set_limit(int resource, rlim_t value) {
  struct rlimit limit = {value, value};
  return setrlimit(resource, &limit);
}

static void close_others(void) {
  for (int fd = 0; fd < WORKER_FD; fd++) {
    close(fd);
  }
#ifdef SYS_close_range
  if (syscall(SYS_close_range, WORKER_FD + 1, ~0U, 0) == 0) {
    return;
  }
#endif
  long highest = sysconf(_SC_OPEN_MAX);
  for (long fd = WORKER_FD + 1; fd < (highest > 0 ? highest : 1024); fd++) {
    close((int)fd);
  }
}

#define LOAD_NR BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define LOAD_ARG_LOW(n) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[n]))
#define LOAD_ARG_HIGH(n)                                                                       \
  BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[n]) + 4)
#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define DENY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
/* Jumps to the allow at the program's end when the number is `nr`. */
#define ALLOW_NR(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), ALLOW

int worker_install_filter(void) {
  struct sock_filter program[] = {
      /* Another architecture's numbering: kill. */
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, WORKER_AUDIT_ARCH, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
      LOAD_NR,
#if defined(__x86_64__)
      /* The x32 numbering on x86_64 sets bit 30: kill. */
      BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
      /* read and write: the socket only. */
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_read, 1, 0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_write, 0, 6),
      LOAD_ARG_HIGH(0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2),
      LOAD_ARG_LOW(0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, WORKER_FD, 1, 0),
      DENY,
      ALLOW,
      /* mprotect and mmap: never executable memory. */
      LOAD_NR,
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_mprotect, 1, 0),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_mmap, 0, 4),
      LOAD_ARG_LOW(2),
      BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),
      DENY,
      ALLOW,
      LOAD_NR,
      ALLOW_NR(SYS_munmap),
      ALLOW_NR(SYS_mremap),
      ALLOW_NR(SYS_brk),
      ALLOW_NR(SYS_madvise),
      ALLOW_NR(SYS_clock_gettime),
      ALLOW_NR(SYS_gettimeofday),
#ifdef SYS_time
      ALLOW_NR(SYS_time),
#endif
      ALLOW_NR(SYS_futex),
      ALLOW_NR(SYS_rt_sigreturn),
      ALLOW_NR(SYS_exit),
      ALLOW_NR(SYS_exit_group),
      DENY,
  };
  struct sock_fprog filter = {(unsigned short)(sizeof program / sizeof program[0]), program};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    return -1;
  }
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0);
}

int worker_confine(size_t memory, const char **step) {
  close_others();
  *step = "resource limits";
#ifndef WORKER_UNDER_ASAN
  /* AddressSanitizer reserves terabytes of shadow memory, so it builds a worker without the
   * address-space limit; Lua's own allocator cap still holds. */
  if (set_limit(RLIMIT_AS, (rlim_t)(memory + WORKER_ADDRESS_HEADROOM)) != 0) {
    return -1;
  }
#else
  (void)memory;
#endif
  struct rlimit cpu = {WORKER_CPU_SECONDS, WORKER_CPU_SECONDS + 1};
  if (setrlimit(RLIMIT_CPU, &cpu) != 0 || set_limit(RLIMIT_FSIZE, 0) != 0 ||
      set_limit(RLIMIT_NOFILE, WORKER_FD + 1) != 0 || set_limit(RLIMIT_NPROC, 0) != 0 ||
      set_limit(RLIMIT_CORE, 0) != 0) {
    return -1;
  }
  *step = "the seccomp filter";
  return worker_install_filter();
}
