#ifndef WAYFINDER_CMALLOCDEFAULTS_H
#define WAYFINDER_CMALLOCDEFAULTS_H

/// The malloc arenas `wayfinder` bounds glibc to at start, unless `MALLOC_ARENA_MAX` (or
/// `GLIBC_TUNABLES` naming `glibc.malloc.arena_max`) says otherwise.
#define WAYFINDER_DEFAULT_MALLOC_ARENAS 2

/// The arena bound set at start: `WAYFINDER_DEFAULT_MALLOC_ARENAS`, or 0 when none was set (not
/// glibc, or the environment chose its own).
int wayfinder_malloc_arena_bound(void);

#endif
