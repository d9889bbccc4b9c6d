// The compiler's prefetch hint, which Swift does not name: a pass that
// knows the next rows' places ahead of reading them asks for their bytes.
#ifndef ROWBOAT_PREFETCH_H
#define ROWBOAT_PREFETCH_H

/// Asks for the cache line holding `at` to be read (no fault, no wait).
static inline void rb_prefetch(const void *at) { __builtin_prefetch(at, 0, 3); }

/// Asks for the cache line holding `at` to be made ready for a write.
static inline void rb_prefetch_write(void *at) { __builtin_prefetch(at, 1, 3); }

#endif
