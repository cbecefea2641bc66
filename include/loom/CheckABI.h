/* CheckABI.h - what memcheck/racecheck builds (loomcc -memcheck, -racecheck) call in libloomrt.
 * SPDX-License-Identifier: Apache-2.0
 *
 * compiler/Transforms/InstrumentMemory.cpp inserts these calls into device
 * code; runtime/device/MemCheck.cpp implements them. Every instrumented
 * access names a constant LoomCheckSite (where it is and what it does); the
 * thread and block index come from Loom's markers (UINT32_MAX where the
 * access is in a function that was not inlined into its kernel, so the
 * index is not known). docs/reliability.md describes the reports. */
#ifndef LOOM_CHECKABI_H
#define LOOM_CHECKABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* LoomCheckSite::flags */
#define LOOM_CHECK_OP_MASK 3u          /* bits 0-1: the access */
#define LOOM_CHECK_READ 0u
#define LOOM_CHECK_WRITE 1u
#define LOOM_CHECK_ATOMIC 2u           /* a read-modify-write */
#define LOOM_CHECK_SPACE_MASK (3u << 2) /* bits 2-3: what the compiler knows the address is in */
#define LOOM_CHECK_GENERIC (0u << 2)   /* anything: looked up at run time */
#define LOOM_CHECK_VARIABLE (1u << 2)  /* one __device__/__constant__ variable: [base, base+limit) */
#define LOOM_CHECK_SHARED (2u << 2)    /* one static __shared__ array: [base, base+limit) */
#define LOOM_CHECK_DYNSHARED (3u << 2) /* extern __shared__: [base, base+dynamic bytes) */
#define LOOM_CHECK_MEMORY (1u << 4)    /* memcheck this access */
#define LOOM_CHECK_RACES (1u << 5)     /* racecheck this (shared, non-atomic) access */
#define LOOM_CHECK_VALUE (1u << 6)     /* a racechecked store: \p value holds the stored bytes */
#define LOOM_CHECK_ALIGN_SHIFT 8u      /* bits 8-15: log2 of the alignment the access needs */

typedef struct LoomCheckSite {
  const char *file;     /* source file, or null */
  const char *function; /* the (mangled) function holding the access */
  const char *object;   /* the variable, for VARIABLE/SHARED/DYNSHARED; else null */
  uint32_t line;        /* source line, 0 if unknown */
  uint32_t flags;
} LoomCheckSite;

/* An access of \p size bytes at \p ptr. A bad one is reported on stderr
 * (compute-sanitizer's layout) and abandons the launch with a sticky error.
 * With LOOM_CHECK_VALUE, \p value holds the bytes a store of up to 8 bytes
 * writes (little-endian; else 0): racecheck does not report a write of the
 * value another thread's write already put there. */
void __loom_check_access(const void *ptr, uint64_t size, const LoomCheckSite *site,
                         const void *base, uint64_t limit, uint32_t tx, uint32_t ty,
                         uint32_t tz, uint32_t bx, uint32_t by, uint32_t bz, uint64_t value);
/* Every thread at its kernel's entry; thread (0,0,0) starts a new block
 * (threads of a block run in order on one worker). */
void __loom_check_thread_begin(uint32_t tx, uint32_t ty, uint32_t tz, uint32_t bx,
                               uint32_t by, uint32_t bz);
/* After thread_begin: the block's __shared__ array at \p base has \p size
 * bytes (UINT64_MAX: the dynamic buffer, the launch's size). */
void __loom_check_shared_range(const void *base, uint64_t size);
/* A thread reaches __syncthreads() (\p warp 0) or __syncwarp() (\p warp 1). */
void __loom_check_barrier(uint32_t warp, uint32_t tx, uint32_t ty, uint32_t tz);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_CHECKABI_H */
