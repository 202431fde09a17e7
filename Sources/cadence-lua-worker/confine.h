#ifndef CADENCE_WORKER_CONFINE_H
#define CADENCE_WORKER_CONFINE_H

#include <stddef.h>

/* The descriptor of the worker's socket to Cadence: the only one it keeps. */
#define WORKER_FD 3

/* Shuts the worker in before it reads anything: every other descriptor closed, resource
 * limits (address space from `memory`, CPU time, no files, no processes, no core), no new
 * privileges, and the seccomp filter. Returns 0, or -1 with `*step` naming what failed. */
int worker_confine(size_t memory, const char **step);

/* Installs only the seccomp filter (with no-new-privileges), for the test-only mode that
 * shows a forbidden call failing. */
int worker_install_filter(void);

#endif
