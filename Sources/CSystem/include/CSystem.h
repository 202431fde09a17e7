#ifndef CADENCE_CSYSTEM_H
#define CADENCE_CSYSTEM_H

/* C library calls that Swift cannot import. */

/* Caps glibc's malloc arenas, so memory does not creep up as worker threads come and go. */
void cadence_limit_malloc_arenas(int arenas);

#endif
