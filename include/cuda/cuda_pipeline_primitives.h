/* cuda_pipeline_primitives.h - __pipeline_memcpy_async, __pipeline_commit
 * and __pipeline_wait_prior for Loom kernels (see cuda_pipeline.h: the
 * copies are synchronous on the CPU). __pipeline_arrive_on (mbarrier
 * objects) is not provided.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_PIPELINE_PRIMITIVES_H
#define LOOM_CUDA_PIPELINE_PRIMITIVES_H

#include "cuda_runtime.h"

#if defined(__CUDA__)

/* size_and_align: 4, 8 or 16 bytes in CUDA; any size works here. */
static __device__ __forceinline__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                               const void *__restrict__ src_global,
                                                               size_t size_and_align,
                                                               size_t zfill = 0) {
  size_t copied = size_and_align - zfill;
  __builtin_memcpy(dst_shared, src_global, copied);
  if (zfill)
    __builtin_memset(static_cast<char *>(dst_shared) + copied, 0, zfill);
}

static __device__ __forceinline__ void __pipeline_commit() {}

static __device__ __forceinline__ void __pipeline_wait_prior(size_t prior) { (void)prior; }

#endif /* __CUDA__ */
#endif /* LOOM_CUDA_PIPELINE_PRIMITIVES_H */
